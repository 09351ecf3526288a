import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@/testing/test-utils';
import { GuardedButton } from './guarded-button';
import { RangeNumberInput } from './range-number-input';

afterEach(() => vi.useRealTimers());

describe('GuardedButton', () => {
  it('ignores clicks for 2000 ms after each click', () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(<GuardedButton onClick={onClick}>导出</GuardedButton>);
    const button = screen.getByRole('button', { name: '导出' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(button).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});

function Range({ precision = 0 as 0 | 1 | 2, onChange = vi.fn() }) {
  const [value, setValue] = useState(50);
  return (
    <RangeNumberInput
      label="及格线"
      value={value}
      precision={precision}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('RangeNumberInput', () => {
  it('clamps to 0-100 on blur', () => {
    const onChange = vi.fn();
    render(<Range onChange={onChange} />);
    const input = screen.getByLabelText('及格线');
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(100);
    expect(input).toHaveValue('100');
  });

  it('turns an empty value into the minimum and keeps the precision', () => {
    const onChange = vi.fn();
    render(<Range precision={1} onChange={onChange} />);
    const input = screen.getByLabelText('及格线');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(input).toHaveValue('0.0');
  });
});
