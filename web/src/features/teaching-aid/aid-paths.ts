// Where the teaching-aid pages are (config/paths.ts, section EasyDevelop): the library and an
// aid's page (教辅目录, /easyDevelop/teachingAidlibrary/syllabus/{id}?title={title}).

import { paths, routesByName } from '@/config/paths';

export const AID_ROUTES = {
  library: 'TeachingAidlibrary',
  syllabus: 'TeachingAidSyllabus',
} as const;

const pathOf = (name: string) => routesByName.get(name)?.path ?? paths.home.path;

export const teachingAidLibraryPath = () => pathOf(AID_ROUTES.library);

/** An aid's page, titled by its title. */
export const teachingAidSyllabusPath = (aidId: number, title: string) =>
  `${pathOf(AID_ROUTES.syllabus).replace(':sign', String(aidId))}?title=${encodeURIComponent(title)}`;
