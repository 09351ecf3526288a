import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAPTERS, textbook } from '@/features/teaching-material/test-helpers';
import { teachingAid } from '@/features/teaching-aid/test-helpers';
import { bodiesOf, envelope, mockFetch, render, screen } from '@/testing/test-utils';
import { TeachingAidSyllabusRoute, TextbookSyllabusRoute } from './easy-develop';

afterEach(() => vi.unstubAllGlobals());

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/easyDevelop/textbookLibrary/syllabus/:sign', element: <TextbookSyllabusRoute /> },
      { path: '/easyDevelop/teachingAidlibrary/syllabus/:sign', element: <TeachingAidSyllabusRoute /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
}

describe('易研发 syllabus routes', () => {
  it('open a textbook by the id in the path, titled by the title query', async () => {
    const fetch = mockFetch([
      [
        'POST',
        '/api/teachingMaterial/queryChapter',
        () => envelope({ textbook: textbook(3, { name: '人教版高中数学必修一' }), chapters: CHAPTERS }),
      ],
    ]);
    renderAt(`/easyDevelop/textbookLibrary/syllabus/3?title=${encodeURIComponent('必修一')}`);
    expect(await screen.findByRole('tree', { name: '章节' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '必修一' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teachingMaterial/queryChapter')).toEqual([{ textbookId: 3 }]);
  });

  it('title a page by its record without a title query', async () => {
    mockFetch([['GET', '/api/teachingAuxiliary/queryInfoById', () => envelope(teachingAid(5, { title: '一轮复习' }))]]);
    renderAt('/easyDevelop/teachingAidlibrary/syllabus/5');
    // The page's title, then the aid's card.
    expect(await screen.findAllByRole('heading', { name: '一轮复习' })).toHaveLength(2);
    expect(screen.getAllByRole('heading')[0]).toHaveTextContent('一轮复习');
  });

  it('say so when the id is not one', async () => {
    const fetch = mockFetch([]);
    renderAt('/easyDevelop/textbookLibrary/syllabus/abc?title=x');
    expect(await screen.findByText('链接中缺少有效的教材编号。')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
