import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, jsonBody, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import {
  ADD,
  analysisServer,
  PAPER,
  paperAnalysis,
  paperQuestion,
  renderPage,
  REPORT_ID,
  stageReport,
  studentAnalysis,
  STUDENT_ID,
  whereNow,
} from '../test-helpers';
import { FullPageSelectQuestion } from './full-page-select-question';

afterEach(() => vi.unstubAllGlobals());

const ROUTE = `/easyServer/fullPageSelectQuestion?reportId=${REPORT_ID}`;

/** Task 3: questions 901–904 (901 in the report); task 8: 911–912. */
function papers() {
  return analysisServer(
    [
      [
        'POST',
        PAPER,
        (_url, init) => {
          const { taskId } = jsonBody(init) as { taskId: number };
          return envelope(
            taskId === 3
              ? paperAnalysis()
              : paperAnalysis({
                  taskId: 8,
                  name: '导数练习8',
                  questions: [paperQuestion(1, { questionId: 911 }), paperQuestion(2, { questionId: 912 })],
                }),
          );
        },
      ],
    ],
    () =>
      stageReport({
        questions: [stageReport().questions[0]!, { ...stageReport().questions[0]!, questionId: 901 }],
        analysis: studentAnalysis(),
      }),
  );
}

describe('整页选题', () => {
  it('shows each task of the period as a page; 整页选择 picks a page, single questions are picked too', async () => {
    const fetch = papers();
    renderPage(<FullPageSelectQuestion reportId={REPORT_ID} />, ROUTE);
    const page = await screen.findByRole('region', { name: '导数练习3' });
    await within(page).findByRole('article', { name: '第1题' });
    expect(bodiesOf(fetch, PAPER)).toEqual([{ taskId: 3, studentId: STUDENT_ID }]);
    const q1 = within(page).getByRole('article', { name: '第1题' });
    expect(within(q1).getByText('已在报告中')).toBeInTheDocument();
    expect(within(q1).getByRole('checkbox', { name: '选择第1题' })).toBeDisabled();

    const whole = within(page).getByRole('checkbox', { name: '整页选择 导数练习3' });
    expect(whole).not.toBeChecked();
    await userEvent.click(whole);
    expect(whole).toBeChecked();
    for (const n of [2, 3, 4]) expect(within(page).getByRole('checkbox', { name: `选择第${n}题` })).toBeChecked();
    expect(screen.getByLabelText('已选题目')).toHaveTextContent('已选 3 道');
    await userEvent.click(within(page).getByRole('checkbox', { name: '选择第3题' }));
    expect(whole).not.toBeChecked();
    expect(whole).toHaveAttribute('data-indeterminate', 'true');

    // The next page: task 8; the picks stay.
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    const next = await screen.findByRole('region', { name: '导数练习8' });
    await userEvent.click(await within(next).findByRole('checkbox', { name: '选择第2题' }));
    expect(screen.getByLabelText('已选题目')).toHaveTextContent('已选 3 道');
    await userEvent.click(screen.getByRole('button', { name: '加入报告' }));
    await waitFor(() => expect(whereNow()).toBe(`/easyServer/reportingEdit?reportId=${REPORT_ID}`));
    expect(bodiesOf(fetch, ADD)).toEqual([{ id: REPORT_ID, questionIds: [902, 904, 912] }]);
  });

  it('says so when the period has no task', async () => {
    analysisServer([], () => stageReport({ analysis: studentAnalysis({ tasks: [] }) }));
    renderPage(<FullPageSelectQuestion reportId={REPORT_ID} />, ROUTE);
    expect(await screen.findByText('报告时段内没有作业')).toBeInTheDocument();
  });
});
