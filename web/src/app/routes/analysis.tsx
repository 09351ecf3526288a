// 学情分析 and stage reports (易服务, /easyServer): a student's analysis (`?studentId=`, with the
// subject and days searched in the address; without a student, the choice of one), a task as a
// whole paper (`?taskId=&studentId=`), the report templates (`?studentId=`, `taskId` for the
// single-paper one), and a report's editor, pickers and previews (`?reportId=`). The student's
// page (学生详情) links here.

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AnalysisModule, AnalysisStudentPicker } from '@/features/analysis/components/analysis-module';
import { FullPageSelectQuestion } from '@/features/analysis/components/full-page-select-question';
import { FullVolumeAnalysis } from '@/features/analysis/components/full-volume-analysis';
import { ReportingPreview, StageReportPreview } from '@/features/analysis/components/report-view';
import { ReportingEdit } from '@/features/analysis/components/reporting-edit';
import { SelectErrorQuestion } from '@/features/analysis/components/select-error-question';
import { TemplateAnalysis } from '@/features/analysis/components/template-analysis';
import { type AnalysisSearch, idParam, searchOf } from '@/features/analysis/analysis-paths';
import { NotLoaded } from '@/features/teaching/components/loading';

const NO_STUDENT = '链接中缺少有效的学生编号（studentId）。';
const NO_REPORT = '链接中缺少有效的报告编号（reportId）。';

/** The address's search, and a setter writing a new one into the address (replacing it). */
function useAnalysisSearch(): [AnalysisSearch, (search: AnalysisSearch) => void] {
  const [params, setParams] = useSearchParams();
  // The default days end today as the page opened.
  const [now] = useState(() => Date.now());
  const search = searchOf(params, now);
  const setSearch = (next: AnalysisSearch) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next.subject) out.set('subject', String(next.subject));
        else out.delete('subject');
        out.set('from', next.range[0]);
        out.set('to', next.range[1]);
        return out;
      },
      { replace: true },
    );
  return [search, setSearch];
}

/** /easyServer/analysisModule[?studentId=&subject=&from=&to=] */
export function AnalysisModuleRoute() {
  const [params] = useSearchParams();
  const [search, setSearch] = useAnalysisSearch();
  const studentId = idParam(params, 'studentId');
  return studentId ? (
    <AnalysisModule key={studentId} studentId={studentId} search={search} onSearch={setSearch} />
  ) : (
    <AnalysisStudentPicker />
  );
}

/** /easyServer/fullVolumeAnalysis?taskId=&studentId= */
export function FullVolumeAnalysisRoute() {
  const [params] = useSearchParams();
  const taskId = idParam(params, 'taskId');
  const studentId = idParam(params, 'studentId');
  return taskId && studentId ? (
    <FullVolumeAnalysis key={`${taskId}:${studentId}`} taskId={taskId} studentId={studentId} />
  ) : (
    <NotLoaded text="链接中缺少有效的作业或学生编号（taskId、studentId）。" />
  );
}

/** /easyServer/templateAnalysis?studentId=[&taskId=&subject=&from=&to=] */
export function TemplateAnalysisRoute() {
  const [params] = useSearchParams();
  const [search, setSearch] = useAnalysisSearch();
  const studentId = idParam(params, 'studentId');
  return studentId ? (
    <TemplateAnalysis
      key={studentId}
      studentId={studentId}
      search={search}
      onSearch={setSearch}
      taskId={idParam(params, 'taskId')}
    />
  ) : (
    <NotLoaded text={NO_STUDENT} />
  );
}

/** The report of the address (`reportId`). */
function useReportId(): number | null {
  const [params] = useSearchParams();
  return idParam(params, 'reportId');
}

/** /easyServer/selectErrorQuestion?reportId= */
export function SelectErrorQuestionRoute() {
  const id = useReportId();
  return id ? <SelectErrorQuestion key={id} reportId={id} /> : <NotLoaded text={NO_REPORT} />;
}

/** /easyServer/fullPageSelectQuestion?reportId= */
export function FullPageSelectQuestionRoute() {
  const id = useReportId();
  return id ? <FullPageSelectQuestion key={id} reportId={id} /> : <NotLoaded text={NO_REPORT} />;
}

/** /easyServer/reportingEdit?reportId= */
export function ReportingEditRoute() {
  const id = useReportId();
  return id ? <ReportingEdit key={id} reportId={id} /> : <NotLoaded text={NO_REPORT} />;
}

/** /easyServer/reportingPreview?reportId= */
export function ReportingPreviewRoute() {
  const id = useReportId();
  return id ? <ReportingPreview key={id} reportId={id} /> : <NotLoaded text={NO_REPORT} />;
}

/** /easyServer/stageReportPreview?reportId= */
export function StageReportPreviewRoute() {
  const id = useReportId();
  return id ? <StageReportPreview key={id} reportId={id} /> : <NotLoaded text={NO_REPORT} />;
}
