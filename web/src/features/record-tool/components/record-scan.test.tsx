import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation, useSearchParams } from 'react-router';
import { bodiesOf, envelope, render, screen, userEvent, within } from '@/testing/test-utils';
import { recordToolServer, SCAN, START, visitable } from '../test-helpers';
import { RecordScan } from './record-scan';

afterEach(() => vi.unstubAllGlobals());

/** The page as the app mounts it: a code entered goes into the address. */
function ScanPage() {
  const [params, setParams] = useSearchParams();
  return <RecordScan code={params.get('code')} onCode={(code) => setParams({ code })} />;
}

function Opened() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function renderPage(entry = '/recordTool/recordScan') {
  const router = createMemoryRouter(
    [
      { path: '/recordTool/recordScan', element: <ScanPage /> },
      { path: '*', element: <Opened /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const LESSON = '09:00–11:00 高一数学精品班 第14讲';

describe('扫码听课', () => {
  it('takes the code out of a pasted link, shows its lesson and starts the visit', async () => {
    const fetch = recordToolServer([['POST', SCAN, () => envelope(visitable(14, { visitCount: 1 }))]]);
    const router = renderPage();
    const field = screen.getByRole('textbox', { name: '二维码链接或听课码' });
    // No camera button where the browser cannot read QR codes itself.
    expect(screen.queryByRole('button', { name: '摄像头扫码' })).not.toBeInTheDocument();

    await userEvent.type(field, 'https://hub.example.cn/recordTool/recordScan');
    await userEvent.click(screen.getByRole('button', { name: '识别' }));
    expect(await screen.findByText('未识别到听课码，请粘贴完整的二维码链接或听课码')).toBeInTheDocument();
    expect(bodiesOf(fetch, SCAN)).toEqual([]);

    await userEvent.type(field, '?code=Ab3_x9{Enter}');
    const card = await screen.findByRole('article', { name: LESSON });
    expect(router.state.location.search).toBe('?code=Ab3_x9');
    expect(bodiesOf(fetch, SCAN)).toEqual([{ code: 'Ab3_x9' }]);
    expect(within(card).getByText('已有 1 条听课')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: '开始听课' }));
    expect(await screen.findByText('opened /recordTool/proceedRecord?id=9')).toBeInTheDocument();
    expect(bodiesOf(fetch, START)).toEqual([{ lessonId: 14 }]);
  });

  it("offers to continue the caller's visit of the scanned lesson", async () => {
    recordToolServer([['POST', SCAN, () => envelope(visitable(14, { myVisitId: 9, visitCount: 1 }))]]);
    renderPage('/recordTool/recordScan?code=Ab3_x9');
    const card = await screen.findByRole('article', { name: LESSON });
    expect(within(card).getByRole('button', { name: '继续听课' })).toBeInTheDocument();
  });

  it('says so when the code is invalid or expired', async () => {
    const fetch = recordToolServer([['POST', SCAN, () => envelope(null, 'A0400', '二维码无效或已过期', 400)]]);
    renderPage('/recordTool/recordScan?code=stale');
    expect(await screen.findByText('二维码无效或已过期')).toBeInTheDocument();
    expect(bodiesOf(fetch, SCAN)).toEqual([{ code: 'stale' }]);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    // Another code may be entered.
    expect(screen.getByRole('textbox', { name: '二维码链接或听课码' })).toBeInTheDocument();
  });
});
