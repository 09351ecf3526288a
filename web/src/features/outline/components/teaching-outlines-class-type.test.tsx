import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf } from '@/features/question/test-helpers';
import { CLASS_TYPES } from '@/features/teaching-material/test-helpers';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { teachingOutline } from '../test-helpers';
import { TeachingOutlines } from './teaching-outlines';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

/** 易研发's 一对一课程: the outlines of the one-on-one class type (1). */
describe('教学大纲 of one class type', () => {
  it('lists only that class type, without the class-type filter, and a new outline starts with it', async () => {
    const fetch = mockFetch([
      ['GET', '/api/teachingMaterial/queryConfigClassTypeList', () => envelope(CLASS_TYPES)],
      [
        'POST',
        '/api/teaching/outline/list',
        () => envelope(pageOf([teachingOutline(5, { name: '高一数学一对一同步', classType: 1 })], 1, 1, 20)),
      ],
    ]);
    sessionStore.set((s) => ({
      ...s,
      user: userInfo({ roleList: [{ code: 'operator', name: 'operator', current: true, icon: '' }] }),
      selection: { stage: 4, subject: 54 },
    }));
    render(<TeachingOutlines title="一对一课程" classType={1} />, { route: '/easyDevelop/OneOnOneClassList' });
    const row = await screen.findByRole('row', { name: '高一数学一对一同步' });
    expect(within(row).getByText('一对一')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teaching/outline/list')).toEqual([
      { subject: 54, stage: 4, classType: 1, pageNo: 1, pageSize: 20 },
    ]);
    expect(screen.queryByRole('textbox', { name: '班型' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '新建大纲' }));
    const dialog = await screen.findByRole('dialog', { name: '新建大纲' });
    expect(within(dialog).getByRole('textbox', { name: '班型' })).toHaveValue('一对一');
  });
});
