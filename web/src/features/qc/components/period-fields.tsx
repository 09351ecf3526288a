import { Select } from '@mantine/core';
import { DateRangeField } from '@/components/ui/date-range-field';
import { fiscalYearOf } from '@/lib/fiscal-year';
import { useSession } from '@/lib/session';
import { useMonthWeeks, useQuarterMonths } from '../api/periods';
import {
  fiscalYearChoices,
  periodItemChoices,
  type PeriodState,
  quarterChoices,
  withDates,
  withFiscalYear,
  withMonth,
  withQuarter,
  withWeek,
} from '../period';

export interface PeriodFieldsProps {
  value: PeriodState;
  /** Why the period cannot be searched (shown on the dates, or on the year without them). */
  error: string | null;
  onChange: (value: PeriodState) => void;
}

const toNumber = (value: string | null) => (value === null ? null : Number(value));
const toValue = (value: number | null) => (value === null ? null : String(value));

/**
 * The days searched, or a fiscal year (the server's current one, the next and the last) narrowed
 * to a quarter, a month of it and a fiscal week of that month.
 */
export function PeriodFields({ value, error, onChange }: PeriodFieldsProps) {
  const time = useSession((s) => s.time);
  const now = new Date();
  const current = time?.currentFiscalYear ?? fiscalYearOf(now.getFullYear(), now.getMonth() + 1);
  const months = useQuarterMonths(value.fiscalYear, value.quarterCode).data ?? [];
  const weeks = useMonthWeeks(value.fiscalYear, value.month).data ?? [];
  const select = { size: 'xs', clearable: true, comboboxProps: { withinPortal: true } } as const;
  return (
    <>
      <DateRangeField
        value={value.dateVal}
        error={value.dateVal ? error : null}
        onChange={(dateVal) => onChange(withDates(value, dateVal))}
      />
      <Select
        {...select}
        w={110}
        label="财年"
        placeholder="按日期"
        data={fiscalYearChoices(current)}
        value={toValue(value.fiscalYear)}
        error={value.dateVal ? null : error}
        onChange={(v) => onChange(withFiscalYear(value, toNumber(v)))}
      />
      <Select
        {...select}
        w={130}
        label="季度"
        placeholder="全年"
        disabled={value.fiscalYear === null}
        data={quarterChoices()}
        value={toValue(value.quarterCode)}
        onChange={(v) => onChange(withQuarter(value, toNumber(v)))}
      />
      <Select
        {...select}
        w={170}
        label="月份"
        placeholder="整季"
        disabled={value.quarterCode === null}
        data={periodItemChoices(months)}
        value={toValue(value.month)}
        onChange={(v) => onChange(withMonth(value, toNumber(v)))}
      />
      <Select
        {...select}
        w={190}
        label="周"
        placeholder="整月"
        disabled={value.month === null}
        data={periodItemChoices(weeks)}
        value={toValue(value.fweekId)}
        onChange={(v) => onChange(withWeek(value, toNumber(v)))}
      />
    </>
  );
}
