// The upload and resource calls (spec 01 §7 "Uploads").
//
// JSON calls go through the one API client, quietly: the upload list shows what went wrong. The
// bytes go by PUT through XMLHttpRequest, the only browser API with upload progress events; its
// answer is the same envelope, read into the client's ApiError.

import type { AddPhaseTaskRequest } from '@/generated/AddPhaseTaskRequest';
import { Timing } from '@/generated/codes';
import type { DownloadUrl } from '@/generated/DownloadUrl';
import type { MediaUploadUrlRequest } from '@/generated/MediaUploadUrlRequest';
import type { PhaseTask } from '@/generated/PhaseTask';
import type { ResourceItem } from '@/generated/ResourceItem';
import type { SliceCompleteRequest } from '@/generated/SliceCompleteRequest';
import type { StorageCertificate } from '@/generated/StorageCertificate';
import type { UpdateTaskBizIdRequest } from '@/generated/UpdateTaskBizIdRequest';
import type { UploadedFile } from '@/generated/UploadedFile';
import type { UploadUrl } from '@/generated/UploadUrl';
import { api, ApiError } from '@/lib/api-client';
import type { MediaUploadClass } from '../upload-rules';

const QUIET = { quiet: true, noLoading: true } as const;

/**
 * POST /api/resource/getMediaUploadUrl (the spec's getMediaUploadUrl): a signed, expiring URL to
 * PUT one video, audio or image; the server checks the name against `fileType`.
 */
export function getMediaUploadUrl(fileName: string, fileType: MediaUploadClass): Promise<UploadUrl> {
  const body: MediaUploadUrlRequest = { fileName, fileType };
  return api.post<UploadUrl>('/api/resource/getMediaUploadUrl', body, QUIET);
}

/** GET /api/resource/getStorageCertificate: the credential of one sliced upload (documents). */
export function getStorageCertificate(fileName: string): Promise<StorageCertificate> {
  return api.get<StorageCertificate>('/api/resource/getStorageCertificate', { ...QUIET, params: { fileName } });
}

/** POST {sliceUrl}/complete: assembles the slices; the server checks the whole file's SHA-256. */
export function completeSlices(certificate: StorageCertificate, body: SliceCompleteRequest): Promise<UploadedFile> {
  return api.post<UploadedFile>(`${certificate.sliceUrl}/complete`, body, {
    ...QUIET,
    headers: { 'x-upload-token': certificate.sessionToken },
  });
}

/** POST /api/resource/save: a finished upload becomes a resource of the drive. */
export function saveResource(fileId: string, name?: string): Promise<ResourceItem> {
  return api.post<ResourceItem>('/api/resource/save', name ? { fileId, name } : { fileId }, QUIET);
}

/** POST /api/camp/add-phase-task: finished uploads become tasks of a camp phase. */
export function addPhaseTask(request: AddPhaseTaskRequest): Promise<PhaseTask[]> {
  return api.post<PhaseTask[]>('/api/camp/add-phase-task', request, QUIET);
}

/** POST /api/camp/update-task-bizId: points an existing task at a retried upload's file. */
export function updateTaskBizId(request: UpdateTaskBizIdRequest): Promise<PhaseTask> {
  return api.post<PhaseTask>('/api/camp/update-task-bizId', request, QUIET);
}

/** POST /api/resource/getDownloadUrl: a signed, expiring URL of a resource's file. */
export function getDownloadUrl(id: number): Promise<DownloadUrl> {
  return api.post<DownloadUrl>('/api/resource/getDownloadUrl', { id });
}

interface Envelope {
  code: unknown;
  msg?: unknown;
  data?: unknown;
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 'code' in value ? value : null;
  } catch {
    return null;
  }
}

export interface PutOptions {
  headers?: Record<string, string>;
  /** Bytes sent so far; `total` null when the browser cannot compute it. */
  onProgress?: (loaded: number, total: number | null) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * PUTs raw bytes with upload progress and reads the envelope of the answer. Rejects with an
 * ApiError: the envelope's code and message, NETWORK (网络错误), TIMEOUT, CANCELLED, or HTTP_n
 * when the answer is not an envelope.
 */
export function putBytes<T>(url: string, body: Blob | Uint8Array<ArrayBuffer>, options: PutOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ApiError('CANCELLED', 'cancelled', 0));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.timeout = options.timeoutMs ?? Timing.REQUEST_TIMEOUT_MS;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => options.onProgress?.(e.loaded, e.lengthComputable ? e.total : null);
    xhr.onload = () => {
      done();
      const payload = parseEnvelope(xhr.responseText);
      if (!payload) {
        reject(new ApiError(`HTTP_${xhr.status}`, `请求失败（${xhr.status}）`, xhr.status));
      } else if (String(payload.code) === '1') {
        resolve(payload.data as T);
      } else {
        const msg = typeof payload.msg === 'string' && payload.msg ? payload.msg : `请求失败（${xhr.status}）`;
        reject(new ApiError(String(payload.code), msg, xhr.status, payload.data));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError('NETWORK', '网络错误', 0));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError('TIMEOUT', '请求超时', 0));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError('CANCELLED', 'cancelled', 0));
    };
    options.signal?.addEventListener('abort', onAbort);
    xhr.send(body);
  });
}
