import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';
import { clampRange, type RangePrecision } from '@/lib/range-number';

export interface RangeNumberInputProps extends Omit<
  NumberInputProps,
  'value' | 'onChange' | 'min' | 'max' | 'decimalScale'
> {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  precision?: RangePrecision;
}

/** A number input clamped to [min, max] (0-100 by default) on blur; a non-number becomes min. */
export function RangeNumberInput({
  value,
  onChange,
  min = 0,
  max = 100,
  precision = 0,
  onBlur,
  ...rest
}: RangeNumberInputProps) {
  const [draft, setDraft] = useState<string | number>(value);
  // A new value from the parent replaces the draft (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  return (
    <NumberInput
      {...rest}
      value={draft}
      decimalScale={precision}
      fixedDecimalScale
      onChange={setDraft}
      onBlur={(e) => {
        const next = clampRange(draft, { min, max, precision });
        setDraft(next);
        if (next !== value) onChange(next);
        onBlur?.(e);
      }}
    />
  );
}
