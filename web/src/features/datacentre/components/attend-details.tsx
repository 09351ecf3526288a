import type { ExportReport } from '../report-export';
import { ATTENDANCE_CLASS, ATTENDANCE_VIP } from '../reports';
import { DetailScreen } from './detail-screen';

/** /dataCenter/attendDetails: class and one-on-one attendance (02 §2, §3.2, §7.3). */
export function AttendDetails({ exportReport }: { exportReport: ExportReport }) {
  return (
    <DetailScreen
      title="出勤明细"
      classReport={ATTENDANCE_CLASS}
      vipReport={ATTENDANCE_VIP}
      exportReport={exportReport}
    />
  );
}
