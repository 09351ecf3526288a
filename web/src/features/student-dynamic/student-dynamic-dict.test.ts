// The hand-copied tables against the protocol crate's source, so that neither side drifts alone.

import { describe, expect, it } from 'vitest';
import { FOLLOW_METHODS, KINDS, NOTE_MAX_CHARS } from './student-dynamic-dict';

const sources = import.meta.glob<string>(
  ['../../../../protocol/src/dictionary.rs', '../../../../protocol/src/dto/student_dynamic.rs'],
  { query: '?raw', import: 'default', eager: true },
);

function source(name: string): string {
  const text = Object.entries(sources).find(([path]) => path.endsWith(`/${name}`))?.[1];
  if (text === undefined) throw new Error(`protocol/src/${name} not found`);
  return text;
}

/** The `(code, "name")` pairs of the Rust table `name`. */
function rustTable(name: string): string {
  return new RegExp(`pub const ${name}: [^=]+= \\[([^\\]]*)\\]`).exec(source('dictionary.rs'))?.[1] ?? '';
}

const asRust = (choices: readonly { value: string; label: string }[]) =>
  choices.map((c) => `(${c.value}, "${c.label}")`).join(', ');

describe('the student dynamics’ tables', () => {
  it('match protocol::dictionary and dto::student_dynamic', () => {
    expect(asRust(KINDS)).toBe(rustTable('STUDENT_DYNAMIC_KINDS'));
    expect(asRust(FOLLOW_METHODS)).toBe(rustTable('FOLLOW_METHODS'));
    const limit = /pub const MAX_FOLLOW_NOTE_CHARS: usize = (\d+);/.exec(source('student_dynamic.rs'))?.[1];
    expect(NOTE_MAX_CHARS).toBe(Number(limit));
  });
});
