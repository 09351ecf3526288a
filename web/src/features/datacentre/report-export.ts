// A report's export as the data centre asks for it. The download feature submits it (its
// submitExcelTask flow: 已加入到下载队列, the queue count, the download popover) and refuses it
// above the row limit; the app wires the two together (features do not import each other).

import type { ReportRequest } from './api/report-page';

export interface ReportExport {
  excelType: string;
  /** The file's name. */
  businessName: string;
  /** The search shown (in the shape the report's call takes), with the shown columns in order and the sort. */
  reqParams: ReportRequest;
  /** The rows the table holds (the limit is checked against it). */
  total: number;
}

export type ExportReport = (request: ReportExport) => void;
