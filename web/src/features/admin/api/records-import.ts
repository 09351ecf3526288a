// Importing the data centre's source records (docs/import.md): POST
// /api/admin/records/import/{kind} with a CSV file as the body (text/csv, administrators only).
// The good rows are stored together and the bad ones listed with their line and reason; a file
// that cannot be read at all is refused whole. Open reports read again on the push the server
// sends once rows are stored, so nothing is invalidated here.

import { useMutation } from '@tanstack/react-query';
import type { ImportResult } from '@/generated/ImportResult';
import { ApiError, showError } from '@/lib/api-client';
import { beginLoading } from '@/lib/loading';

export interface RecordsImport {
  kind: string;
  file: File;
}

/** The envelope of an answer, or null when the body is not one. */
function envelopeOf(text: string): { code: unknown; msg?: unknown; data?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 'code' in value ? value : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/admin/records/import/{kind}. The API client sends JSON only, so the file goes by
 * fetch with the session cookie; a refusal is shown as a toast and rejects with an ApiError.
 */
export async function importRecords({ kind, file }: RecordsImport): Promise<ImportResult> {
  const endLoading = beginLoading('正在导入');
  try {
    let response: Response;
    try {
      response = await fetch(`/api/admin/records/import/${encodeURIComponent(kind)}`, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'text/csv' },
        body: file,
      });
    } catch (e) {
      throw new ApiError('NETWORK', e instanceof Error && e.message ? e.message : '网络错误', 0);
    }
    const envelope = envelopeOf(await response.text());
    if (!envelope) throw new ApiError(`HTTP_${response.status}`, `导入失败（${response.status}）`, response.status);
    if (String(envelope.code) === '1') return envelope.data as ImportResult;
    const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : `导入失败（${response.status}）`;
    throw new ApiError(String(envelope.code), msg, response.status);
  } catch (e) {
    if (e instanceof ApiError) showError(e.message);
    throw e;
  } finally {
    endLoading();
  }
}

export function useImportRecords() {
  return useMutation({ mutationFn: importRecords });
}
