import { describe, expect, it } from 'vitest';
import { forgetMemberToken, storedMemberToken, storeMemberToken } from './member-tokens';

describe('member tokens', () => {
  it('keeps one token per camp until forgotten', () => {
    storeMemberToken(5, 'tok-5');
    storeMemberToken(6, 'tok-6');
    expect(storedMemberToken(5)).toBe('tok-5');
    expect(storedMemberToken(6)).toBe('tok-6');
    forgetMemberToken(5);
    expect(storedMemberToken(5)).toBeNull();
    expect(storedMemberToken(6)).toBe('tok-6');
  });

  it('does without storage', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => storeMemberToken(1, 't', broken)).not.toThrow();
    expect(storedMemberToken(1, broken)).toBeNull();
    expect(storedMemberToken(1, null)).toBeNull();
  });
});
