// File-name rules (spec 01 §5).

export const UPLOAD_NAME_LIMIT = 95;
export const DOWNLOAD_NAME_LIMIT = 100;

/** Upload names: non-word characters become underscores, at most 95 characters with the extension. */
export function uploadFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot + 1).replace(/\W/g, '_') : '';
  const suffix = ext ? `.${ext}` : '';
  const cleaned = base.replace(/[^\w\u4e00-\u9fa5]/g, '_');
  return cleaned.slice(0, Math.max(0, UPLOAD_NAME_LIMIT - suffix.length)) + suffix;
}

/** Download names: at most 100 characters, inner spaces removed, punctuation replaced by underscores. */
export function downloadFileName(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, '')
    .replace(/[\\/:*?"<>|,;'!@#$%^&()[\]{}+=~`，；：“”‘’！？（）【】《》、]/g, '_')
    .slice(0, DOWNLOAD_NAME_LIMIT);
}
