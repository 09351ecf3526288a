import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, mockFetch, render, screen, within } from '@/testing/test-utils';
import { wrongStudent } from '../test-helpers';
import { ClassWrongQuestions } from './class-wrong-questions';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/wrongQuestion/task/studentSummaryInfo';

describe('ClassWrongQuestions', () => {
  it('counts the class’s wrong questions over its students and links each to their notebook', async () => {
    const fetch = mockFetch([
      [
        'POST',
        PATH,
        () =>
          envelope([
            wrongStudent(1),
            wrongStudent(2, { total: 4, open: 0, sent: 0, mastered: 4 }),
            wrongStudent(3, { total: 0, open: 0, sent: 0, mastered: 0, lastWrongTime: 0 }),
          ]),
      ],
    ]);
    render(<ClassWrongQuestions classId={57} />, { route: '/easyServer/classStudySituationReport?classId=57' });
    const table = await screen.findByRole('table', { name: '学生错题' });
    const first = await within(table).findByRole('row', { name: '学员1' });
    expect(bodiesOf(fetch, PATH)).toEqual([{ classId: 57 }]);
    expect(screen.getByRole('group', { name: '有待巩固错题的学生' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: '待巩固' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: '已推送相似题' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: '已掌握' })).toHaveTextContent('4');
    expect(within(first).getByRole('link', { name: '学员1' })).toHaveAttribute(
      'href',
      '/correctionNotebook?classId=57&studentId=1',
    );
    expect(within(table).getByRole('row', { name: '学员3' })).toHaveTextContent('-');
  });
});
