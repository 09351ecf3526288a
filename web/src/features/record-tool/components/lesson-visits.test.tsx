import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { LESSON_CODE, LESSON_ID, pageOf, recordToolServer, VISITS, visitLesson, visitRow } from '../test-helpers';
import { chinaDay } from '../visit-rules';
import { LessonVisits } from './lesson-visits';

afterEach(() => vi.unstubAllGlobals());

const CODE_PATH = '/recordTool/recordScan?code=Zq81Lm';

const renderCard = () => render(<LessonVisits lesson={visitLesson()} />, { route: '/easyServer/scheduleDetail/14' });

describe("an offline lesson's visits", () => {
  it('lists the visits of the lesson, each opening its record sheet', async () => {
    const fetch = recordToolServer([
      [
        'POST',
        VISITS,
        pageOf([visitRow(1), visitRow(2, { visitorName: '王质检', status: 0, statusName: '记录中', finishedAt: 0 })]),
      ],
    ]);
    renderCard();
    const card = await screen.findByRole('region', { name: '听课记录' });
    const day = chinaDay(visitLesson().startTime);
    expect(bodiesOf(fetch, VISITS)).toEqual([{ from: day, to: day, lessonId: LESSON_ID }]);
    const first = within(card).getByRole('row', { name: '李主管' });
    expect(first).toHaveTextContent('已完成80/1002026-11-24 11:05');
    expect(within(first).getByRole('link', { name: '查看' })).toHaveAttribute('href', '/recordTool/proceedRecord?id=1');
    expect(within(card).getByRole('row', { name: '王质检' })).toHaveTextContent('记录中');
  });

  it('shows no card when there is no visit to read, and no error either', async () => {
    const fetch = recordToolServer([['POST', VISITS, () => envelope(null, 'A0300', '无权限', 403)]]);
    renderCard();
    await waitFor(() => expect(bodiesOf(fetch, VISITS)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: '听课二维码' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '听课记录' })).not.toBeInTheDocument();
    expect(screen.queryByText('无权限')).not.toBeInTheDocument();
  });

  it("shows the lesson's scan code as a QR code of its page's whole address", async () => {
    const fetch = recordToolServer([
      ['POST', VISITS, pageOf([])],
      [
        'POST',
        LESSON_CODE,
        () => envelope({ code: 'Zq81Lm', path: CODE_PATH, expireTime: new Date(2026, 10, 25, 21).getTime() }),
      ],
    ]);
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: '听课二维码' }));
    const dialog = await screen.findByRole('dialog', { name: '听课二维码' });
    expect(await within(dialog).findByRole('img', { name: '听课二维码' })).toBeInTheDocument();
    expect(bodiesOf(fetch, LESSON_CODE)).toEqual([{ lessonId: LESSON_ID }]);
    expect(within(dialog).getByRole('textbox', { name: '听课链接' })).toHaveValue(window.location.origin + CODE_PATH);
    expect(dialog).toHaveTextContent('有效期至 2026-11-25 21:00');
  });

  it('says why the scan code cannot be had', async () => {
    recordToolServer([
      ['POST', VISITS, pageOf([])],
      ['POST', LESSON_CODE, () => envelope(null, 'A0404', '课次不存在或不在您的校区', 404)],
    ]);
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: '听课二维码' }));
    const dialog = await screen.findByRole('dialog', { name: '听课二维码' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('课次不存在或不在您的校区');
  });
});
