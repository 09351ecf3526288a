// A banner's schedule in the form: the value of a datetime-local input (local time, minutes) for
// a time in ms, and back.

const pad2 = (v: number) => String(v).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` in local time; '' for none. */
export function toLocalInput(ms: number | undefined): string {
  if (ms === undefined) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}T${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** The time of a datetime-local value (local time); undefined when empty or malformed. */
export function fromLocalInput(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}
