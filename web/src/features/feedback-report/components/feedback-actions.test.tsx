import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import type { FeedbackDetail } from '@/generated/FeedbackDetail';
import type { FeedbackReportSummary } from '@/generated/FeedbackReportSummary';
import { formatDateTime } from '@/lib/format';
import {
  bodiesOf,
  createTestQueryClient,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { feedbackKeys } from '../api/feedback-report';
import { FeedbackActions, PreviewLinkButton, SubmitReportButton } from './feedback-actions';

beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

const EXPIRES = Date.UTC(2099, 11, 20, 2);

const summary = (status: number): FeedbackReportSummary => ({
  reportId: 3,
  lessonId: 1,
  lessonTitle: '二次函数复习',
  lessonStartTime: Date.UTC(2026, 10, 20, 6),
  className: '高一数学一对一',
  studentId: 11,
  studentName: '小明',
  studentCode: 'S0011',
  status,
  expireTime: EXPIRES,
  syncCount: 0,
  updateTime: Date.UTC(2026, 10, 20, 8),
});

const detail = (status: number): FeedbackDetail => ({
  report: summary(status),
  sections: {},
  formulas: [],
  pictures: [],
  resources: [],
  canEdit: status !== 2,
});

/** The server's confirm: one step of draft → confirmed → submitted per call. */
function lifecycle(start: number, failAt: number | null = null) {
  let status = start;
  return mockFetch([
    [
      'POST',
      '/api/report/feedback/confirm',
      (_u, init) => {
        const full = jsonBody(init).fullSubmit === true;
        const to = full ? 2 : 1;
        if (to === failAt) return envelope(null, 'A0409', '请先确认报告', 409);
        if ((full && status !== 1) || (!full && status !== 0)) return envelope(null, 'A0409', '报告已确认', 409);
        status = to;
        return envelope(status);
      },
    ],
    ['POST', '/api/report/feedback/v2/detail', () => envelope(detail(status))],
  ]);
}

describe('SubmitReportButton', () => {
  it('confirms a draft and then submits it, after the full-submit confirm', async () => {
    const fetch = lifecycle(0);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(feedbackKeys.detail(3, false), detail(0));
    const view = render(<SubmitReportButton report={summary(0)} fromWorkChat={false} />, { queryClient });
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    const dialog = await screen.findByRole('dialog', { name: '全部提交' });
    expect(within(dialog).getByText(/提交后报告不能再修改/)).toBeInTheDocument();
    expect(within(dialog).getByText('报告将先确认，再提交。')).toBeInTheDocument();
    // Nothing is sent before the confirm.
    expect(bodiesOf(fetch, '/api/report/feedback/confirm')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '确认提交' }));
    expect(await screen.findByText('报告已提交')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/report/feedback/confirm')).toEqual([
      { reportId: 3 },
      { reportId: 3, fullSubmit: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The cached report is submitted, and no longer editable.
    await waitFor(() => {
      const cached = queryClient.getQueryData<FeedbackDetail>(feedbackKeys.detail(3, false));
      expect(cached?.report.status).toBe(2);
      expect(cached?.canEdit).toBe(false);
    });

    view.rerender(<SubmitReportButton report={summary(2)} fromWorkChat={false} />);
    expect(screen.getByRole('button', { name: '提交' })).toBeDisabled();
  });

  it('submits a confirmed report in one step, with the work-chat source', async () => {
    const fetch = lifecycle(1);
    render(<SubmitReportButton report={summary(1)} fromWorkChat />);
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    const dialog = await screen.findByRole('dialog', { name: '全部提交' });
    expect(within(dialog).queryByText('报告将先确认，再提交。')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认提交' }));
    expect(await screen.findByText('报告已提交')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/report/feedback/confirm')).toEqual([{ reportId: 3, fullSubmit: true }]);
    const call = fetch.mock.calls.find(([u]) => u === '/api/report/feedback/confirm')!;
    expect((call[1]?.headers as Record<string, string>).source).toBe('TEACHER_APP_WECOM');
  });

  it('sends nothing when the confirm is cancelled', async () => {
    const fetch = lifecycle(0);
    render(<SubmitReportButton report={summary(0)} fromWorkChat={false} />);
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    const dialog = await screen.findByRole('dialog', { name: '全部提交' });
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's error in the dialog when a step fails", async () => {
    const fetch = lifecycle(0, 2);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(feedbackKeys.detail(3, false), detail(0));
    render(<SubmitReportButton report={summary(0)} fromWorkChat={false} />, { queryClient });
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    const dialog = await screen.findByRole('dialog', { name: '全部提交' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确认提交' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('请先确认报告');
    expect(screen.queryByText('报告已提交')).not.toBeInTheDocument();
    // The draft did get confirmed: the report is to be read again.
    expect(bodiesOf(fetch, '/api/report/feedback/confirm')).toEqual([
      { reportId: 3 },
      { reportId: 3, fullSubmit: true },
    ]);
    await waitFor(() => expect(queryClient.getQueryState(feedbackKeys.detail(3, false))?.isInvalidated).toBe(true));
    expect(within(dialog).getByRole('button', { name: '确认提交' })).toBeEnabled();
  });

  it('is disabled for a submitted report', () => {
    mockFetch([]);
    render(<SubmitReportButton report={summary(2)} fromWorkChat={false} />);
    expect(screen.getByRole('button', { name: '提交' })).toBeDisabled();
  });
});

describe('PreviewLinkButton', () => {
  const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
  const URL_ = 'http://127.0.0.1:8080/feedbackPreviewPc?token=3.4070000000000.sig';

  it('shows the signed link, its QR code and when it expires', async () => {
    const fetch = mockFetch([
      [
        'POST',
        '/api/report/feedback/qrcode/generate',
        () => envelope({ url: URL_, token: '3.4070000000000.sig', qrcode: QR, expireTime: EXPIRES }),
      ],
    ]);
    render(<PreviewLinkButton reportId={3} fromWorkChat={false} />);
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '预览链接' }));
    const dialog = await screen.findByRole('dialog', { name: '预览链接' });
    expect(await within(dialog).findByRole('img', { name: '预览二维码' })).toHaveAttribute('src', QR);
    expect(within(dialog).getByRole('textbox', { name: '链接' })).toHaveValue(URL_);
    expect(within(dialog).getByRole('button', { name: '复制链接' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '打开预览' })).toHaveAttribute('href', URL_);
    expect(within(dialog).getByText(`有效期至 ${formatDateTime(new Date(EXPIRES))}`)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/report/feedback/qrcode/generate')).toEqual([{ reportId: 3 }]);
  });

  it('says when the link has expired', async () => {
    const expired = Date.UTC(2020, 0, 1);
    mockFetch([
      [
        'POST',
        '/api/report/feedback/qrcode/generate',
        () => envelope({ url: URL_, token: 't', qrcode: QR, expireTime: expired }),
      ],
    ]);
    render(<PreviewLinkButton reportId={3} fromWorkChat={false} />);
    await userEvent.click(screen.getByRole('button', { name: '预览链接' }));
    expect(await screen.findByText(`链接已于 ${formatDateTime(new Date(expired))} 过期`)).toBeInTheDocument();
  });

  it("shows the server's error and tries again", async () => {
    let calls = 0;
    mockFetch([
      [
        'POST',
        '/api/report/feedback/qrcode/generate',
        () => {
          calls += 1;
          return calls === 1
            ? envelope(null, 'B0001', '系统繁忙', 500)
            : envelope({ url: URL_, token: 't', qrcode: QR, expireTime: EXPIRES });
        },
      ],
    ]);
    render(<PreviewLinkButton reportId={3} fromWorkChat={false} />);
    await userEvent.click(screen.getByRole('button', { name: '预览链接' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('系统繁忙');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('img', { name: '预览二维码' })).toBeInTheDocument();
  });
});

describe('FeedbackActions', () => {
  it('offers submit to the owner only; the preview link to every reader', () => {
    mockFetch([]);
    const view = render(<FeedbackActions report={summary(0)} isOwner fromWorkChat={false} />);
    expect(screen.getByRole('button', { name: '提交' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '预览链接' })).toBeInTheDocument();
    view.rerender(<FeedbackActions report={summary(0)} isOwner={false} fromWorkChat={false} />);
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '预览链接' })).toBeInTheDocument();
  });
});
