import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { userInfo } from '@/testing/fixtures';
import { SchoolSelector } from './school-selector';
import { SubjectStageSelector } from './subject-stage-selector';

afterEach(() => vi.unstubAllGlobals());

describe('SubjectStageSelector', () => {
  it('opens on hover, highlights the current subject and reports a choice', async () => {
    const fetch = mockFetch([['POST', '/api/pub/user/select', () => envelope(null)]]);
    render(<SubjectStageSelector user={userInfo()} selection={{ stage: 4, subject: 54 }} />);
    const trigger = screen.getByRole('button', { name: '学段学科：高中数学' });
    await userEvent.hover(trigger);
    const senior = await screen.findByRole('group', { name: '高中' });
    expect(within(senior).getByRole('menuitem', { name: '数学' })).toHaveAttribute('aria-current', 'true');
    expect(
      within(screen.getByRole('group', { name: '初中' })).getByRole('menuitem', { name: '数学' }),
    ).not.toHaveAttribute('aria-current');
    await userEvent.click(within(senior).getByRole('menuitem', { name: '物理' }));
    await waitFor(() => expect(sessionStore.get().selection).toEqual({ stage: 4, subject: 56 }));
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ stage: 4, subject: 56 });
  });

  it('closes on Escape', async () => {
    render(<SubjectStageSelector user={userInfo()} selection={{ stage: 4, subject: 54 }} />);
    await userEvent.hover(screen.getByRole('button', { name: /学段学科/ }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('is disabled with one subject', () => {
    const single = userInfo({
      stageList: [{ code: 4, name: '高中', sort: 1, subjects: [{ code: 54, name: '数学' }] }],
    });
    render(<SubjectStageSelector user={single} selection={{ stage: 4, subject: 54 }} />);
    expect(screen.getByRole('button', { name: /学段学科/ })).toBeDisabled();
  });
});

describe('SchoolSelector', () => {
  it('is disabled with one school', () => {
    render(<SchoolSelector user={userInfo()} />);
    expect(screen.getByRole('button', { name: /校区/ })).toBeDisabled();
  });

  it('reports the chosen school', async () => {
    const fetch = mockFetch([['POST', '/api/pub/user/select', () => envelope(null)]]);
    const user = userInfo({
      schoolList: [
        { id: -1, name: '总部', localEdition: false },
        { id: 2, name: '朝阳校区', localEdition: false },
      ],
      selectedSchool: { id: -1, name: '总部', localEdition: false },
    });
    const onChanged = vi.fn();
    render(<SchoolSelector user={user} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: '校区：通用版' }));
    await userEvent.click(await screen.findByRole('option', { name: '朝阳校区' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith({ id: 2, name: '朝阳校区', localEdition: false }));
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ schoolId: 2 });
  });

  it('shows a local edition as 本地版- in the header button and the list', async () => {
    const local = { id: 7, name: '苏州校区', localEdition: true };
    const user = userInfo({
      schoolList: [{ id: 1, name: '海淀校区', localEdition: false }, local],
      selectedSchool: local,
    });
    render(<SchoolSelector user={user} />);
    await userEvent.click(screen.getByRole('button', { name: '校区：本地版-苏州校区' }));
    expect(await screen.findByRole('option', { name: '本地版-苏州校区' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: '海淀校区' })).toHaveAttribute('aria-selected', 'false');
  });
});
