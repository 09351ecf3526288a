import { describe, expect, it } from 'vitest';
import { userInfo } from '@/testing/fixtures';
import { decide, NO_AUTH_TARGET, roleNeedFor, stripSource } from './source-guard';

const roles = (codes: string[], current: string) =>
  userInfo({ roleList: codes.map((code) => ({ code, name: code, current: code === current, icon: '' })) });

describe('source guard', () => {
  it('knows what gaoduan pages need', () => {
    expect(roleNeedFor('gaoduan', 'FirstClassTaskScan')).toEqual({ role: '1v1_xg', required: true });
    expect(roleNeedFor('gaoduan', 'BatchSubmit')).toEqual({ role: '1v1_xg', required: true });
    expect(roleNeedFor('gaoduan', 'FirstTaskDetail')).toEqual({ role: 'admin', required: true });
    expect(roleNeedFor('gaoduan', 'LearnManageFirstStatistics')).toEqual({ role: 'admin', required: true });
    expect(roleNeedFor('gaoduan', 'Home')).toBeNull();
  });

  it('knows what scrm pages need', () => {
    expect(roleNeedFor('scrm', 'TaskManage')).toEqual({ role: 'admin', required: true });
    expect(roleNeedFor('scrm', 'Home')).toEqual({ role: 'consultant', required: false });
    expect(roleNeedFor(null, 'TaskManage')).toBeNull();
  });

  it('switches when the role is held, refuses when required and missing', () => {
    const need = { role: 'admin', required: true };
    expect(decide(need, roles(['teacher', 'admin'], 'teacher'))).toEqual({ kind: 'switch', role: 'admin' });
    expect(decide(need, roles(['teacher', 'admin'], 'admin'))).toEqual({ kind: 'none' });
    expect(decide(need, roles(['teacher'], 'teacher'))).toEqual({ kind: 'refuse', to: NO_AUTH_TARGET });
    expect(NO_AUTH_TARGET).toBe('/noAuth?errorcode=A0300');
    expect(decide({ role: 'consultant', required: false }, roles(['teacher'], 'teacher'))).toEqual({ kind: 'none' });
  });

  it('strips the source query', () => {
    expect(stripSource(new URL('http://x/main/home?source=scrm&a=1#h'))).toBe('/main/home?a=1#h');
    expect(stripSource(new URL('http://x/main/home?source=scrm'))).toBe('/main/home');
  });
});
