// 听课记录 (/recordTool): lesson visits — 开始听课 (the lessons of a day to visit, or `?lessonId=`
// to start one), 听课记录表 and 听课学生 of a visit (`?id=`), 扫码听课 (a lesson's scan code,
// `?code=`), 记录表版式 (the record sheet, edited by administrators) and 听课管理 (the visits of a
// period). An offline lesson's page (易服务's 课表详情) shows its visits and scan code, composed in
// ./easy-server.tsx.

import { useSearchParams } from 'react-router';
import { NotLoaded } from '@/features/teaching/components/loading';
import { ProceedRecord } from '@/features/record-tool/components/proceed-record';
import { RecordScan } from '@/features/record-tool/components/record-scan';
import { RecordStudentList } from '@/features/record-tool/components/record-student-list';
import { RecordVisitManage } from '@/features/record-tool/components/record-visit-manage';
import { StartRecord } from '@/features/record-tool/components/start-record';
import { TestLayout } from '@/features/record-tool/components/test-layout';
import { idParam } from '@/features/record-tool/record-tool-paths';

const BAD_LINK = '链接中缺少有效的听课记录编号（id）。';

/** /recordTool/startRecord[?lessonId=] */
export function StartRecordRoute() {
  const [params] = useSearchParams();
  return <StartRecord lessonId={idParam(params, 'lessonId')} />;
}

/** /recordTool/proceedRecord?id= */
export function ProceedRecordRoute() {
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  return id ? <ProceedRecord key={id} id={id} /> : <NotLoaded text={BAD_LINK} />;
}

/** /recordTool/recordStudentList?id= */
export function RecordStudentListRoute() {
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  return id ? <RecordStudentList key={id} id={id} /> : <NotLoaded text={BAD_LINK} />;
}

/** /recordTool/recordScan[?code=]: a code entered on the page goes into the address. */
export function RecordScanRoute() {
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() || null;
  return <RecordScan code={code} onCode={(next) => setParams({ code: next })} />;
}

/** /recordTool/testLayout */
export function TestLayoutRoute() {
  return <TestLayout />;
}

/** /recordTool/recordVisitManage */
export function RecordVisitManageRoute() {
  return <RecordVisitManage />;
}
