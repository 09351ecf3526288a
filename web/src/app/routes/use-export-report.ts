// The data centre's report exports (its screens and the QC exam grades) go through the download
// feature's Excel export: the queue, the popover, the row limit checked before anything is
// submitted. The app wires the two features together (features do not import each other).

import type { ExportReport } from '@/features/datacentre/report-export';
import { useSubmitListExport } from '@/features/download/api/submit-excel-task';

export function useExportReport(): ExportReport {
  const submit = useSubmitListExport();
  return ({ total, ...task }) => submit(task, total);
}
