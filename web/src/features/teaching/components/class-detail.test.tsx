import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, render, screen, within } from '@/testing/test-utils';
import { classDetail } from '../test-helpers';
import { ClassDetail } from './class-detail';

afterEach(() => vi.unstubAllGlobals());

describe('班级详情', () => {
  it('shows the class with its students and links to its two reports', async () => {
    mockFetch([['POST', '/api/teaching/class/detail', () => envelope(classDetail())]]);
    render(<ClassDetail id={57} />, { route: '/easyServer/myClasses/myClassesDetail/57' });
    expect(await screen.findByRole('heading', { name: '高一数学精品班' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '班级学情报告' })).toHaveAttribute(
      'href',
      '/easyServer/classStudySituationReport?classId=57',
    );
    expect(screen.getByRole('link', { name: '班级总结报告' })).toHaveAttribute(
      'href',
      '/easyServer/classSummaryReport?classId=57',
    );
    const students = screen.getByRole('table', { name: '班级学生' });
    expect(within(students).getByRole('row', { name: '学员2' })).toHaveTextContent('75%');
  });
});
