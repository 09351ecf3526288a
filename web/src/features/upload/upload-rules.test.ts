import { describe, expect, it } from 'vitest';
import {
  acceptOf,
  campContextFromQuery,
  checkUpload,
  DEFAULT_CAMP_TASK_TYPE,
  extensionOf,
  extensionsOf,
  TOO_LARGE_TEXT,
  unsupportedTypeText,
  UPLOAD_KIND_CLASSES,
  uploadClassOf,
  uploadRouteOf,
} from './upload-rules';

const FILES = UPLOAD_KIND_CLASSES.files;
const MEDIA = UPLOAD_KIND_CLASSES.media;

describe('accepted types (01 §5)', () => {
  it('classes every accepted extension, case-insensitively', () => {
    for (const ext of ['jpg', 'png', 'jpeg', 'bmp']) expect(uploadClassOf(`a.${ext}`)).toBe('image');
    for (const ext of ['ppt', 'pptx', 'pdf', 'xls', 'xlsx', 'doc', 'docx'])
      expect(uploadClassOf(`a.${ext}`)).toBe('document');
    for (const ext of ['mp4', 'flv', 'avi', 'mov']) expect(uploadClassOf(`a.${ext}`)).toBe('video');
    for (const ext of ['mp3', 'aac']) expect(uploadClassOf(`a.${ext}`)).toBe('audio');
    expect(uploadClassOf('讲义.PDF')).toBe('document');
    expect(uploadClassOf('Photo.JpEg')).toBe('image');
  });

  it('refuses other types and names without an extension', () => {
    expect(uploadClassOf('setup.exe')).toBeNull();
    expect(uploadClassOf('pdf')).toBeNull();
    expect(uploadClassOf('.pdf')).toBeNull();
    expect(uploadClassOf('a.')).toBeNull();
    expect(uploadClassOf('archive.pdf.zip')).toBeNull();
    expect(extensionOf(' a.Docx ')).toBe('docx');
  });

  it('lists seventeen extensions, files and media pages apart', () => {
    expect([...extensionsOf(FILES), ...extensionsOf(MEDIA)].sort()).toEqual(
      [
        'mp4',
        'flv',
        'avi',
        'mov',
        'mp3',
        'aac',
        'jpg',
        'png',
        'jpeg',
        'bmp',
        'ppt',
        'pptx',
        'pdf',
        'xls',
        'xlsx',
        'doc',
        'docx',
      ].sort(),
    );
    expect(unsupportedTypeText(MEDIA)).toBe('不支持的文件类型，仅支持 mp4、flv、avi、mov、mp3、aac');
  });

  it('sends documents in slices and the rest by one signed PUT', () => {
    expect(uploadRouteOf('document')).toBe('sliced');
    expect(uploadRouteOf('image')).toBe('signed-put');
    expect(uploadRouteOf('video')).toBe('signed-put');
    expect(uploadRouteOf('audio')).toBe('signed-put');
  });

  it('gives the picker a filter by MIME type and extension', () => {
    const accept = acceptOf(FILES);
    expect(accept['application/pdf']).toEqual(['.pdf']);
    expect(accept['image/jpeg']).toEqual(['.jpg', '.jpeg']);
    expect(Object.values(accept).flat()).toHaveLength(11);
  });
});

describe('checkUpload', () => {
  it('accepts a page’s classes and names the file as the server will', () => {
    expect(checkUpload({ name: '第一讲 函数（上）.pptx', size: 10 }, FILES)).toEqual({
      ok: true,
      cls: 'document',
      fileName: '第一讲_函数_上_.pptx',
    });
    const long = checkUpload({ name: `${'a'.repeat(120)}.png`, size: 1 }, FILES);
    expect(long.ok && long.fileName.length).toBe(95);
    expect(long.ok && long.fileName.endsWith('.png')).toBe(true);
  });

  it('refuses a type outside the page with a clear message', () => {
    expect(checkUpload({ name: 'setup.exe', size: 10 }, FILES)).toEqual({
      ok: false,
      message: 'setup.exe：不支持的文件类型，仅支持 ppt、pptx、pdf、xls、xlsx、doc、docx、jpg、png、jpeg、bmp',
    });
    const video = checkUpload({ name: 'lesson.mp4', size: 10 }, FILES);
    expect(video.ok).toBe(false);
    expect(checkUpload({ name: 'lesson.mp4', size: 10 }, MEDIA).ok).toBe(true);
    expect(checkUpload({ name: 'slides.pdf', size: 10 }, MEDIA).ok).toBe(false);
  });

  it('refuses an empty name and a file over 4 GB', () => {
    expect(checkUpload({ name: '  ', size: 1 }, FILES)).toEqual({ ok: false, message: '文件名不能为空' });
    expect(checkUpload({ name: 'big.mp4', size: 4 * 1024 ** 3 + 1 }, MEDIA)).toEqual({
      ok: false,
      message: `big.mp4：${TOO_LARGE_TEXT}`,
    });
    expect(TOO_LARGE_TEXT).toBe('文件不能超过 4G');
  });
});

describe('camp context (01 §4, §5)', () => {
  const parse = (query: string) => campContextFromQuery(new URLSearchParams(query));

  it('reads the camp and phase a camp page opened the upload page for', () => {
    expect(parse('campId=5&phaseId=9')).toEqual({ campId: 5, phaseId: 9, taskType: DEFAULT_CAMP_TASK_TYPE });
    expect(parse('campId=5&phaseId=9&taskType=3&campCode=%20C2026%20')).toEqual({
      campId: 5,
      phaseId: 9,
      taskType: 3,
      campCode: 'C2026',
    });
    expect(parse('campId=5&phaseId=9&taskType=x')).toMatchObject({ taskType: DEFAULT_CAMP_TASK_TYPE });
  });

  it('is none without both a camp and a phase id: a plain upload', () => {
    for (const query of [
      '',
      'campId=5',
      'phaseId=9',
      'campId=5&phaseId=0',
      'campId=0&phaseId=9',
      'campId=-5&phaseId=9',
      'campId=5.5&phaseId=9',
      'campId=a&phaseId=b',
    ]) {
      expect(parse(query)).toBeNull();
    }
  });
});
