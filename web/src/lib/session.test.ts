import { describe, expect, it } from 'vitest';
import { userInfo } from '@/testing/fixtures';
import { isLibraryEditor } from './session';

const withRoles = (...codes: string[]) =>
  userInfo({ roleList: codes.map((code, i) => ({ code, name: code, current: i === 0, icon: '' })) });

describe('isLibraryEditor', () => {
  it('holds for the admin and operator roles, current or not, and for super users', () => {
    expect(isLibraryEditor(withRoles('admin'))).toBe(true);
    expect(isLibraryEditor(withRoles('teacher', 'operator'))).toBe(true);
    expect(isLibraryEditor(userInfo({ superuser: true }))).toBe(true);
    expect(isLibraryEditor(userInfo({ superUserEmail: 'root@demo.eduhub' }))).toBe(true);
  });

  it('does not hold for the other roles or without a user', () => {
    expect(isLibraryEditor(withRoles('teacher', 'learning_manager'))).toBe(false);
    expect(isLibraryEditor(null)).toBe(false);
  });
});
