// Where the textbook pages are (config/paths.ts, section EasyDevelop): the library and a
// textbook's chapters (教材目录, /easyDevelop/textbookLibrary/syllabus/{id}?title={name}).

import { paths, routesByName } from '@/config/paths';

export const TEXTBOOK_ROUTES = {
  library: 'TextbookLibrary',
  syllabus: 'TextbookSyllabus',
} as const;

const pathOf = (name: string) => routesByName.get(name)?.path ?? paths.home.path;

export const textbookLibraryPath = () => pathOf(TEXTBOOK_ROUTES.library);

/** The chapters of a textbook, titled by its name. */
export const textbookSyllabusPath = (textbookId: number, name: string) =>
  `${pathOf(TEXTBOOK_ROUTES.syllabus).replace(':sign', String(textbookId))}?title=${encodeURIComponent(name)}`;
