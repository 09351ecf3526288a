// How the teaching service's figures read: scores and ranks (-1 not given), an attendance rate.

import { formatUsageRate } from '@/lib/report-format';

/** A score or rank; -1 (not given) '-'. */
export const scoreText = (n: number) => (n < 0 ? '-' : String(n));

/** An exam's score over its full marks (138/150); not given '-'. */
export const examScoreText = ({ score, fullMarks }: { score: number; fullMarks: number }) =>
  score < 0 ? '-' : `${score}/${fullMarks}`;

/** Lessons attended (present or late) of the held lessons recorded, as a rate; none recorded '/'. */
export function attendanceRate({ present, late, dueLessons }: { present: number; late: number; dueLessons: number }) {
  return formatUsageRate(dueLessons > 0 ? (present + late) / dueLessons : -1);
}
