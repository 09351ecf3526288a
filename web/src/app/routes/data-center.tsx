// The data-centre screens (/dataCenter, 02 §2). Their exports go through the download feature's
// Excel export (queue, popover, the row limit checked before anything is submitted).

import { AttendDetails } from '@/features/datacentre/components/attend-details';
import { DataBoard } from '@/features/datacentre/components/data-board';
import { RefundDetails } from '@/features/datacentre/components/refund-details';
import { ServeDetails } from '@/features/datacentre/components/serve-details';
import type { ExportReport } from '@/features/datacentre/report-export';
import { useSubmitListExport } from '@/features/download/api/submit-excel-task';

function useExportReport(): ExportReport {
  const submit = useSubmitListExport();
  return ({ total, ...task }) => submit(task, total);
}

/** /dataCenter/dataBoard */
export function DataBoardRoute() {
  return <DataBoard exportReport={useExportReport()} />;
}

/** /dataCenter/attendDetails */
export function AttendDetailsRoute() {
  return <AttendDetails exportReport={useExportReport()} />;
}

/** /dataCenter/refundDetails */
export function RefundDetailsRoute() {
  return <RefundDetails exportReport={useExportReport()} />;
}

/** /dataCenter/serveDetails */
export function ServeDetailsRoute() {
  return <ServeDetails exportReport={useExportReport()} />;
}
