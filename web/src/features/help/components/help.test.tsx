import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellConfig } from '@/generated/ShellConfig';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { RELEASES } from '../update-log';
import { DemoVideoPage } from './demo-video-page';
import { FeatureIntroPage } from './feature-intro-page';
import { FeedbackPopover } from './feedback-popover';
import { HelpMenu } from './help-menu';
import { UpdateLogPage } from './update-log-page';

const QR = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

function shellConfig(patch: Partial<ShellConfig> = {}): ShellConfig {
  return {
    feedbackHeading: '高中体验官群',
    feedbackGroups: [
      { label: '企业微信', joinUrl: 'https://work.example.com/join/1', qrCode: QR },
      { label: '钉钉', joinUrl: 'https://ding.example.com/join/2', qrCode: QR },
    ],
    helpLinks: { demoVideo: '', featureIntro: '', updateLog: '' },
    ...patch,
  };
}

function serve(config: ShellConfig) {
  return mockFetch([['GET', '/api/pub/config/shell', () => envelope(config)]]);
}

beforeEach(() => {
  sessionStore.set((s) => ({ ...s, user: userInfo() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('FeedbackPopover', () => {
  it('shows the server heading and one QR code per group', async () => {
    serve(shellConfig());
    render(<FeedbackPopover />);
    await userEvent.click(screen.getByRole('button', { name: '反馈' }));
    expect(await screen.findByText('高中体验官群')).toBeInTheDocument();
    const wecom = screen.getByRole('img', { name: '企业微信二维码' });
    expect(wecom).toHaveAttribute('src', QR);
    expect(screen.getByRole('img', { name: '钉钉二维码' })).toBeInTheDocument();
    expect(screen.getByText('企业微信')).toBeInTheDocument();
    expect(screen.queryByText('二维码暂未配置')).not.toBeInTheDocument();
  });

  it('keeps the placeholder for a group without a join link', async () => {
    serve(
      shellConfig({
        feedbackGroups: [
          { label: '企业微信', joinUrl: 'https://work.example.com/join/1', qrCode: QR },
          { label: '钉钉', joinUrl: '' },
        ],
      }),
    );
    render(<FeedbackPopover />);
    await userEvent.click(screen.getByRole('button', { name: '反馈' }));
    expect(await screen.findByRole('img', { name: '企业微信二维码' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '钉钉二维码' })).not.toBeInTheDocument();
    expect(screen.getByText('二维码暂未配置')).toBeInTheDocument();
    expect(screen.getByText('钉钉')).toBeInTheDocument();
  });

  it('loads the configuration once for the popover and the help menu', async () => {
    const fetch = serve(shellConfig());
    render(
      <>
        <HelpMenu />
        <FeedbackPopover />
      </>,
      { route: '/main/home' },
    );
    await userEvent.click(screen.getByRole('button', { name: '反馈' }));
    await screen.findByRole('img', { name: '钉钉二维码' });
    await userEvent.click(screen.getByRole('button', { name: '反馈' }));
    await userEvent.click(screen.getByRole('button', { name: '反馈' }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('HelpMenu', () => {
  it('opens a configured link in a new tab and leads elsewhere to the app pages', async () => {
    serve(
      shellConfig({
        helpLinks: { demoVideo: 'https://video.example.com/demo', featureIntro: '', updateLog: '' },
      }),
    );
    render(<HelpMenu />, { route: '/main/home' });
    await userEvent.click(screen.getByRole('button', { name: '帮助' }));
    const menu = await screen.findByRole('menu');
    const video = await within(menu).findByRole('menuitem', { name: '演示视频' });
    await vi.waitFor(() => expect(video).toHaveAttribute('href', 'https://video.example.com/demo'));
    expect(video).toHaveAttribute('target', '_blank');
    expect(video).toHaveAttribute('rel', 'noopener noreferrer');
    const intro = within(menu).getByRole('menuitem', { name: '功能介绍' });
    expect(intro).toHaveAttribute('href', '/help/featureIntro');
    expect(intro).not.toHaveAttribute('target');
    expect(within(menu).getByRole('menuitem', { name: '更新日志' })).toHaveAttribute('href', '/help/updateLog');
  });
});

describe('help pages', () => {
  it('says the demo video is not configured when there is no link', async () => {
    serve(shellConfig());
    render(<DemoVideoPage />);
    expect(await screen.findByText('演示视频暂未配置，请联系管理员')).toBeInTheDocument();
  });

  it('offers the configured demo video in a new tab', async () => {
    serve(shellConfig({ helpLinks: { demoVideo: 'https://video.example.com/demo', featureIntro: '', updateLog: '' } }));
    render(<DemoVideoPage />);
    const link = await screen.findByRole('link', { name: '观看演示视频' });
    expect(link).toHaveAttribute('href', 'https://video.example.com/demo');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('describes the product areas with links to their routes', () => {
    render(<FeatureIntroPage />, { route: '/help/featureIntro' });
    expect(screen.getByRole('region', { name: '下载中心' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往下载中心' })).toHaveAttribute('href', '/downloadCenter');
    expect(screen.getByRole('link', { name: '前往数据中心' })).toHaveAttribute('href', '/dataCenter');
    expect(within(screen.getByRole('region', { name: '课堂反馈报告' })).queryByRole('link')).not.toBeInTheDocument();
  });

  it('lists the bundled releases newest first', () => {
    const dates = RELEASES.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    render(<UpdateLogPage />);
    expect(screen.getByRole('heading', { name: '更新日志' })).toBeInTheDocument();
    for (const release of RELEASES) expect(screen.getByText(release.title)).toBeInTheDocument();
    expect(screen.getByText(/图形验证码/)).toBeInTheDocument();
  });
});
