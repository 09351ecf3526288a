import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routesByName } from '@/config/paths';
import { mockFetch, render, screen } from '@/testing/test-utils';
import { builtPages } from '../router';
import { AssembleLectureRoute, ImportFileRoute } from './content-libraries';

afterEach(() => vi.unstubAllGlobals());

const ISSUE_21 = [
  'TextBookChapters',
  'PaperLibrary',
  'ExaminationAnalysisList',
  'AssembleLecture',
  'PaperCollectionStatistics',
  'Flashcards',
  'FlashcardLibrary',
  'FlashCardStatistics',
  'ImportFile',
  'InsightLearningSituation',
];

describe('teaching-content library routes', () => {
  it('are built', () => {
    for (const name of ISSUE_21) expect(builtPages[name], name).toBeDefined();
  });

  it('title a page as the route table names it', () => {
    mockFetch([]);
    const router = createMemoryRouter([{ path: '/batchImport/importFile', element: <ImportFileRoute /> }], {
      initialEntries: ['/batchImport/importFile'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: '导入文件' })).toBeInTheDocument();
  });

  it('read 组讲义’s parameters from its path', async () => {
    mockFetch([]);
    const pattern = routesByName.get('AssembleLecture')?.path ?? '';
    const router = createMemoryRouter([{ path: pattern, element: <AssembleLectureRoute /> }], {
      initialEntries: ['/easyLessonPreparation/lectureLibrary/assembleLecture/0/54/x/1/1/0'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: '组讲义' })).toBeInTheDocument();
    expect(await screen.findByText('链接中的学科或学段无效。')).toBeInTheDocument();
  });
});
