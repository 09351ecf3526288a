import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Banner as BannerItem } from '@/generated/Banner';
import type { BannerInfo } from '@/generated/BannerInfo';
import { render, screen, fireEvent } from '@/testing/test-utils';
import { Banner } from './banner';

const banner = (n: number): BannerItem => ({
  id: n,
  title: `横幅${n}`,
  bannerBackgroundColor: '#eef',
  bannerImgUrl: `/b${n}.png`,
  redirectUrl: `https://example.com/${n}`,
});
const info = (count: number, patch: Partial<BannerInfo> = {}): BannerInfo => ({
  homePageBannerClose: false,
  userCloseBanner: false,
  rotationTime: 0,
  bannerList: Array.from({ length: count }, (_, i) => banner(i)),
  ...patch,
});

afterEach(() => vi.useRealTimers());

describe('Banner', () => {
  it('shows one banner alone, without pagination', () => {
    render(<Banner info={info(1)} onClose={vi.fn()} />);
    expect(screen.getByRole('button', { name: '横幅 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '第 1 张' })).not.toBeInTheDocument();
  });

  it('autoplays and loops two or more every 3000 ms by default', () => {
    vi.useFakeTimers();
    render(<Banner info={info(2)} onClose={vi.fn()} />);
    expect(screen.getByRole('button', { name: '第 1 张' })).toHaveAttribute('aria-current', 'true');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByRole('button', { name: '第 2 张' })).toHaveAttribute('aria-current', 'true');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByRole('button', { name: '第 1 张' })).toHaveAttribute('aria-current', 'true');
  });

  it('uses the server rotation time', () => {
    vi.useFakeTimers();
    render(<Banner info={info(3, { rotationTime: 5000 })} onClose={vi.fn()} />);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByRole('button', { name: '第 1 张' })).toHaveAttribute('aria-current', 'true');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('button', { name: '第 2 张' })).toHaveAttribute('aria-current', 'true');
  });

  it('opens the redirect link in a new tab and can be closed', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onClose = vi.fn();
    render(<Banner info={info(1)} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '横幅 1' }));
    expect(open).toHaveBeenCalledWith('https://example.com/0', '_blank', 'noopener');
    fireEvent.click(screen.getByRole('button', { name: '关闭横幅' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('stays hidden when closed by the user or the server', () => {
    const { rerender } = render(<Banner info={info(2, { userCloseBanner: true })} onClose={vi.fn()} />);
    expect(screen.queryByRole('region', { name: '横幅' })).not.toBeInTheDocument();
    rerender(<Banner info={info(2, { homePageBannerClose: true })} onClose={vi.fn()} />);
    expect(screen.queryByRole('region', { name: '横幅' })).not.toBeInTheDocument();
  });
});
