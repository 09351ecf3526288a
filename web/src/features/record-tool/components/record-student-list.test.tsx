import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, jsonBody, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import type { VisitStudent } from '@/generated/VisitStudent';
import { finishedVisit, recordToolServer, STUDENT_SAVE, STUDENTS, VISIT_ID, visitStudent } from '../test-helpers';
import { RecordStudentList } from './record-student-list';

afterEach(() => vi.unstubAllGlobals());

const STUDENT_ROWS = [
  visitStudent(1),
  visitStudent(2, { attendanceStatus: 2, attendanceName: '迟到', attention: 4, attentionName: '专注', note: '前排' }),
  visitStudent(3, { attendanceStatus: 0, attendanceName: '' }),
];

const renderPage = () =>
  render(<RecordStudentList id={VISIT_ID} />, { route: `/recordTool/recordStudentList?id=${VISIT_ID}` });

describe('听课学生', () => {
  it("rates a student's attention and saves it for that student alone", async () => {
    const fetch = recordToolServer([
      ['POST', STUDENTS, () => envelope(STUDENT_ROWS)],
      [
        'POST',
        STUDENT_SAVE,
        (_url, init) => {
          const body = jsonBody(init) as { studentId: number; attention: number; note: string };
          const saved: VisitStudent = {
            ...visitStudent(body.studentId - 100),
            attention: body.attention,
            attentionName: body.attention === 2 ? '偶尔走神' : '',
            note: body.note,
          };
          return envelope(saved);
        },
      ],
    ]);
    renderPage();
    const first = await screen.findByRole('article', { name: '学员1' });
    expect(bodiesOf(fetch, STUDENTS)).toEqual([{ id: VISIT_ID }]);
    expect(within(first).getByText('出勤')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '学员2' })).getByText('迟到')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '学员3' })).getByText('未考勤')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '学员2' })).getByRole('textbox', { name: '专注度' })).toHaveValue(
      '专注',
    );

    const save = within(first).getByRole('button', { name: '保存' });
    expect(save).toBeDisabled();
    await userEvent.click(within(first).getByRole('textbox', { name: '专注度' }));
    await userEvent.click(await screen.findByRole('option', { name: '偶尔走神' }));
    await userEvent.type(within(first).getByRole('textbox', { name: '备注' }), ' 玩笔 ');
    await userEvent.click(save);
    await waitFor(() =>
      expect(bodiesOf(fetch, STUDENT_SAVE)).toEqual([{ id: VISIT_ID, studentId: 101, attention: 2, note: '玩笔' }]),
    );
    expect(await screen.findByText('已保存学员1的评价')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
    expect(within(first).getByRole('textbox', { name: '备注' })).toHaveValue('玩笔');
  });

  it('clears a rating, and keeps what was typed when the server refuses', async () => {
    const fetch = recordToolServer([
      ['POST', STUDENTS, () => envelope(STUDENT_ROWS)],
      ['POST', STUDENT_SAVE, () => envelope(null, 'A0409', '听课记录已完成，不能再修改', 409)],
    ]);
    renderPage();
    const second = await screen.findByRole('article', { name: '学员2' });
    await userEvent.click(within(second).getByRole('button', { name: '清除学员2的专注度' }));
    await userEvent.click(within(second).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, STUDENT_SAVE)).toEqual([{ id: VISIT_ID, studentId: 102, attention: 0, note: '前排' }]),
    );
    expect(await screen.findByText('听课记录已完成，不能再修改')).toBeInTheDocument();
    expect(within(second).getByRole('textbox', { name: '专注度' })).toHaveValue('');
    expect(within(second).getByRole('button', { name: '保存' })).toBeEnabled();
  });

  it('shows the ratings read-only on a finished visit', async () => {
    recordToolServer([['POST', STUDENTS, () => envelope(STUDENT_ROWS)]], () => finishedVisit());
    renderPage();
    const second = await screen.findByRole('article', { name: '学员2' });
    expect(second).toHaveTextContent('专注度：专注');
    expect(second).toHaveTextContent('备注：前排');
    expect(screen.getByRole('article', { name: '学员1' })).toHaveTextContent('专注度：未评价');
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回听课记录表' })).toHaveAttribute(
      'href',
      `/recordTool/proceedRecord?id=${VISIT_ID}`,
    );
  });
});
