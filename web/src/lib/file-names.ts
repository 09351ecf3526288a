// File-name rules (spec 01 §5).

import { Limits } from '@/generated/codes';

/** A name's stem and extension: what follows the last dot, when it is ASCII letters and digits. */
function splitName(name: string): { stem: string; suffix: string } {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1) : '';
  return /^[A-Za-z0-9]+$/.test(ext) ? { stem: name.slice(0, dot), suffix: `.${ext}` } : { stem: name, suffix: '' };
}

/** The stem's characters (by code point, as the server counts them) cut so that stem + suffix fit `limit`. */
function joinTruncated(stem: string[], suffix: string, limit: number): string {
  const keep = Math.max(1, limit - Array.from(suffix).length);
  return stem.slice(0, keep).join('') + suffix;
}

/**
 * Upload names (the server's `upload_file_name`): characters other than letters, digits and `_`
 * become underscores (Chinese characters are letters), and the name is cut to 95 characters
 * including the extension.
 */
export function uploadFileName(name: string): string {
  const { stem, suffix } = splitName(name.trim());
  const cleaned = Array.from(stem, (c) => (/^[\p{Alphabetic}\p{N}_]$/u.test(c) ? c : '_'));
  return joinTruncated(cleaned, suffix, Limits.UPLOAD_FILE_NAME_LIMIT);
}

/**
 * Download names (the server's `download_file_name`): inner spaces removed, punctuation (anything
 * but letters, digits, `_` and `-`) replaced by underscores, cut to 100 characters including the
 * extension, which is kept.
 */
export function downloadFileName(name: string): string {
  const { stem, suffix } = splitName(name.trim());
  const cleaned = Array.from(stem)
    .filter((c) => !/\s/u.test(c))
    .map((c) => (/^[\p{Alphabetic}\p{N}_-]$/u.test(c) ? c : '_'));
  return joinTruncated(cleaned, suffix, Limits.DOWNLOAD_FILE_NAME_LIMIT);
}
