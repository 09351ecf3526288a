import type { ExportReport } from '../report-export';
import { REFUND_CLASS, REFUND_VIP } from '../reports';
import { DetailScreen } from './detail-screen';

/** /dataCenter/refundDetails: class and one-on-one refunds (02 §2, §3.2, §7.3). */
export function RefundDetails({ exportReport }: { exportReport: ExportReport }) {
  return (
    <DetailScreen title="退费明细" classReport={REFUND_CLASS} vipReport={REFUND_VIP} exportReport={exportReport} />
  );
}
