import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import {
  analysisServer,
  DELETE,
  DETAIL,
  PUBLISH,
  renderPage,
  REPORT_ID,
  SAVE,
  stageReport,
  whereNow,
} from '../test-helpers';
import { ReportingEdit } from './reporting-edit';

afterEach(() => vi.unstubAllGlobals());

const ROUTE = `/easyServer/reportingEdit?reportId=${REPORT_ID}`;

async function renderEditor() {
  const page = renderPage(<ReportingEdit reportId={REPORT_ID} />, ROUTE);
  await screen.findByRole('textbox', { name: '报告标题' });
  return page;
}

/** Types a text into a field at once (as pasted). */
async function fill(name: string, text: string) {
  await userEvent.click(screen.getByRole('textbox', { name }));
  await userEvent.paste(text);
}

const questionNames = () =>
  within(screen.getByRole('region', { name: '报告题目' }))
    .getAllByRole('article')
    .map((a) => a.dataset.questionId);

describe('报告编辑', () => {
  it('edits the texts and questions and saves them over the version read', async () => {
    const fetch = analysisServer();
    await renderEditor();
    expect(bodiesOf(fetch, DETAIL)).toEqual([{ id: REPORT_ID }]);
    expect(screen.getByRole('textbox', { name: '报告标题' })).toHaveValue(
      '小明 错题复盘报告（2026-03-01 至 2026-03-30）',
    );
    expect(screen.getByLabelText('报告信息')).toHaveTextContent(
      '草稿错题复盘报告学生：小明（ST11）时间范围：2026-03-01 至 2026-03-30',
    );
    expect(screen.getByRole('heading', { name: '报告题目（2/50）' })).toBeInTheDocument();
    expect(questionNames()).toEqual(['501', '502']);
    expect(screen.getByRole('textbox', { name: '第2题点评' })).toHaveValue('注意审题');
    expect(screen.getByRole('link', { name: '选择错题' })).toHaveAttribute(
      'href',
      '/easyServer/selectErrorQuestion?reportId=5',
    );
    expect(screen.getByRole('link', { name: '整页选题' })).toHaveAttribute(
      'href',
      '/easyServer/fullPageSelectQuestion?reportId=5',
    );
    // The analysis is the server's, read-only.
    const data = screen.getByRole('region', { name: '学情数据' });
    expect(within(data).getByRole('group', { name: '正确率' })).toHaveTextContent('66.7%');
    expect(within(data).getByRole('table', { name: '知识点掌握' })).toBeInTheDocument();
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();

    const title = screen.getByRole('textbox', { name: '报告标题' });
    await userEvent.clear(title);
    await fill('报告标题', '三月错题复盘');
    await fill('阶段总结', '计算准确率明显提高。');
    await fill('老师评语', '继续保持！');
    await fill('后续计划', '复习导数应用。');
    await userEvent.click(screen.getByRole('button', { name: '下移第1题' }));
    expect(questionNames()).toEqual(['502', '501']);
    await fill('第2题点评', '符号错误');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodiesOf(fetch, SAVE)).toHaveLength(1));
    expect(bodiesOf(fetch, SAVE)[0]).toEqual({
      id: REPORT_ID,
      title: '三月错题复盘',
      summary: '计算准确率明显提高。',
      comment: '继续保持！',
      nextPlan: '复习导数应用。',
      questions: [
        { questionId: 502, note: '注意审题' },
        { questionId: 501, note: '符号错误' },
      ],
      updatedAt: stageReport().updatedAt,
    });
    expect(await screen.findByText('报告已保存')).toBeInTheDocument();
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();

    // The next save is over the version saved.
    await userEvent.click(screen.getByRole('button', { name: '移除第1题' }));
    expect(questionNames()).toEqual(['501']);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodiesOf(fetch, SAVE)).toHaveLength(2));
    expect(bodiesOf(fetch, SAVE)[1]).toMatchObject({
      questions: [{ questionId: 501, note: '符号错误' }],
      updatedAt: stageReport().updatedAt + 1,
    });
  });

  it('says to refresh when the report changed elsewhere, and refreshes', async () => {
    let version = stageReport();
    const fetch = analysisServer(
      [
        ['POST', SAVE, () => envelope(null, 'A0409', '报告已发布，或刚被另一处修改，请刷新后再保存', 409)],
        ['POST', DETAIL, () => envelope(version)],
      ],
      () => version,
    );
    await renderEditor();
    await fill('阶段总结', '我的总结');
    version = stageReport({ summary: '另一处写的总结', updatedAt: version.updatedAt + 5 });
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('报告已发布，或刚被另一处修改，请刷新后再保存');
    // The form keeps what was typed until the refresh.
    expect(screen.getByRole('textbox', { name: '阶段总结' })).toHaveValue('我的总结');
    await userEvent.click(within(alert).getByRole('button', { name: /刷新/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '阶段总结' })).toHaveValue('另一处写的总结'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bodiesOf(fetch, DETAIL)).toHaveLength(2);
  });

  it('publishes only with a summary or a comment, after a confirmation, saving first', async () => {
    const fetch = analysisServer();
    await renderEditor();
    await userEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('请先填写阶段总结或老师评语再发布')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await fill('老师评语', '继续保持！');
    await userEvent.click(screen.getByRole('button', { name: '发布' }));
    const dialog = await screen.findByRole('dialog', { name: '发布报告' });
    expect(dialog).toHaveTextContent('发布后报告不能再修改');
    await userEvent.click(within(dialog).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(whereNow()).toBe('/easyServer/stageReportPreview?reportId=5'));
    expect(bodiesOf(fetch, SAVE)).toHaveLength(1);
    expect(bodiesOf(fetch, SAVE)[0]).toMatchObject({ comment: '继续保持！' });
    expect(bodiesOf(fetch, PUBLISH)).toEqual([{ id: REPORT_ID }]);
    expect(
      await screen.findByText('报告已发布', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
  });

  it('leaves at once when nothing is changed', async () => {
    analysisServer();
    await renderEditor();
    await userEvent.click(screen.getByRole('link', { name: '预览' }));
    // Nothing changed: it leaves at once.
    await waitFor(() => expect(whereNow()).toBe('/easyServer/reportingPreview?reportId=5'));
  });

  it('keeps unsaved changes unless the teacher chooses to leave', async () => {
    analysisServer();
    await renderEditor();
    await fill('阶段总结', '未保存');
    await userEvent.click(screen.getByRole('link', { name: '选择错题' }));
    let dialog = await screen.findByRole('dialog', { name: '离开此页面？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '留在此页' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(whereNow()).toBe(ROUTE);
    expect(screen.getByRole('textbox', { name: '阶段总结' })).toHaveValue('未保存');

    await userEvent.click(screen.getByRole('link', { name: '选择错题' }));
    dialog = await screen.findByRole('dialog', { name: '离开此页面？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '离开' }));
    await waitFor(() => expect(whereNow()).toBe('/easyServer/selectErrorQuestion?reportId=5'));
  });

  it('deletes the draft after a confirmation and returns to the analysis', async () => {
    const fetch = analysisServer();
    await renderEditor();
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除报告' });
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(whereNow()).toBe('/easyServer/analysisModule?studentId=11'));
    expect(bodiesOf(fetch, DELETE)).toEqual([{ id: REPORT_ID }]);
  });

  it('opens a published report read-only with the way to its page', async () => {
    analysisServer([], () =>
      stageReport({
        status: 2,
        statusName: '已发布',
        canEdit: false,
        summary: '进步明显',
        publishedAt: Date.UTC(2026, 2, 31, 2),
      }),
    );
    renderPage(<ReportingEdit reportId={REPORT_ID} />, ROUTE);
    expect(await screen.findByText('已发布的报告不能再修改。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看阶段报告' })).toHaveAttribute(
      'href',
      '/easyServer/stageReportPreview?reportId=5',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: '阶段总结' })).toHaveTextContent('进步明显');
  });
});
