import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import {
  ADD,
  analysisServer,
  PERIOD,
  renderPage,
  REPORT_ID,
  stageReport,
  STUDENT_ID,
  whereNow,
  WRONG,
} from '../test-helpers';
import { SelectErrorQuestion } from './select-error-question';

afterEach(() => vi.unstubAllGlobals());

const ROUTE = `/easyServer/selectErrorQuestion?reportId=${REPORT_ID}`;

describe('选择错题', () => {
  it('lists the student’s wrong questions of the period, marks those in the report and adds those picked', async () => {
    const fetch = analysisServer();
    renderPage(<SelectErrorQuestion reportId={REPORT_ID} />, ROUTE);
    const list = await screen.findByRole('list', { name: '错题' });
    expect(bodiesOf(fetch, WRONG)).toEqual([{ studentId: STUDENT_ID, status: 0, nodeId: 0, ...PERIOD }]);
    expect(screen.getByLabelText('报告')).toHaveTextContent(
      '小明 错题复盘报告（2026-03-01 至 2026-03-30） · 小明 · 2026-03-01 至 2026-03-30',
    );
    const items = within(list).getAllByRole('article');
    expect(items.map((a) => a.dataset.questionId)).toEqual(['501', '601', '602']);
    // 501 is in the report already.
    const first = within(list).getByRole('article', { name: '第1题' });
    expect(within(first).getByText('已在报告中')).toBeInTheDocument();
    expect(within(first).getByRole('checkbox', { name: '选择第1题' })).toBeChecked();
    expect(within(first).getByRole('checkbox', { name: '选择第1题' })).toBeDisabled();
    expect(within(first).getByLabelText('最近错答')).toHaveTextContent('最近错答：B');
    expect(within(first).getByText('待巩固')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '加入报告' })).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: '选择第3题' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '选择第2题' }));
    expect(screen.getByLabelText('已选题目')).toHaveTextContent('已选 2 道 · 报告已有 2 道，还可加入 48 道');
    await userEvent.click(screen.getByRole('button', { name: '加入报告' }));
    await waitFor(() => expect(whereNow()).toBe(`/easyServer/reportingEdit?reportId=${REPORT_ID}`));
    expect(bodiesOf(fetch, ADD)).toEqual([{ id: REPORT_ID, questionIds: [602, 601] }]);
    expect(await screen.findByText('已加入 2 道题')).toBeInTheDocument();
  });

  it('filters by state, knowledge point and period', async () => {
    const fetch = analysisServer();
    renderPage(<SelectErrorQuestion reportId={REPORT_ID} />, ROUTE);
    await screen.findByRole('list', { name: '错题' });
    const bar = screen.getByRole('search', { name: '筛选条件' });
    await userEvent.click(within(bar).getByRole('textbox', { name: '错题状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '已掌握' }));
    await waitFor(() => expect(bodiesOf(fetch, WRONG).at(-1)).toMatchObject({ status: 3, nodeId: 0 }));
    await userEvent.click(within(bar).getByRole('textbox', { name: '知识点' }));
    await userEvent.click(await screen.findByRole('option', { name: '函数的单调性' }));
    await waitFor(() => expect(bodiesOf(fetch, WRONG).at(-1)).toMatchObject({ status: 3, nodeId: 72 }));
    await userEvent.click(within(bar).getByRole('checkbox', { name: '只看报告时段内的错题' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, WRONG).at(-1)).toEqual({
        studentId: STUDENT_ID,
        status: 3,
        nodeId: 72,
        from: null,
        to: null,
      }),
    );
  });

  it('adds nothing to a report that is published', async () => {
    analysisServer([], () => stageReport({ status: 2, canEdit: false }));
    renderPage(<SelectErrorQuestion reportId={REPORT_ID} />, ROUTE);
    expect(await screen.findByText('报告已发布，或不是你撰写的报告。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '加入报告' })).not.toBeInTheDocument();
  });
});
