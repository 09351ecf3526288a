// Moving one file's bytes to the server (spec 01 §4 "Upload", §7 "Uploads").
//
// - Media and images: a signed, expiring URL (getMediaUploadUrl with the file's class), then one
//   PUT of the raw bytes.
// - Documents: a credential scoped to one upload (getStorageCertificate), then the file in
//   slices of `sliceSize` bytes, each `PUT {sliceUrl}/{i}` with its SHA-256, at most
//   UPLOAD_SLICES_IN_FLIGHT at once, then `POST {sliceUrl}/complete` with the whole file's
//   SHA-256. Slices are read one at a time, so a big file is never held in memory; the whole-file
//   digest is computed incrementally (hash-wasm) as the slices are read, in order.
//
// The calls come in as an UploadTransport so the procedures are tested without a server.

import { createSHA256, sha256 as wasmSha256 } from 'hash-wasm';
import { UPLOAD_SLICES_IN_FLIGHT } from '@/config/constants';
import { ErrorCode, Limits } from '@/generated/codes';
import type { StorageCertificate } from '@/generated/StorageCertificate';
import type { UploadedFile } from '@/generated/UploadedFile';
import type { UploadUrl } from '@/generated/UploadUrl';
import { isApiError } from '@/lib/api-client';
import { completeSlices, getMediaUploadUrl, getStorageCertificate, type PutOptions, putBytes } from './api/uploads';
import type { MediaUploadClass } from './upload-rules';

export interface UploadTransport {
  getMediaUploadUrl(fileName: string, fileType: MediaUploadClass): Promise<UploadUrl>;
  getStorageCertificate(fileName: string): Promise<StorageCertificate>;
  put<T>(url: string, body: Blob | Uint8Array<ArrayBuffer>, options: PutOptions): Promise<T>;
  completeSlices(
    certificate: StorageCertificate,
    body: { totalSlices: number; size: number; sha256: string },
  ): Promise<UploadedFile>;
}

export const httpTransport: UploadTransport = {
  getMediaUploadUrl,
  getStorageCertificate,
  put: putBytes,
  completeSlices,
};

export type OpenedUpload =
  | { route: 'signed-put'; fileId: string; uploadUrl: string }
  | { route: 'sliced'; fileId: string; certificate: StorageCertificate };

export interface TransferHooks {
  /** Share of the bytes sent (0..1), or null when the browser cannot compute it. */
  onProgress(fraction: number | null): void;
  /** The server opened the upload (a fresh attempt brings a new file id). */
  onOpened(opened: OpenedUpload): void;
  /** Slice `index` is stored on the server (sliced uploads; a retry skips it). */
  onSliceSent?(index: number): void;
  signal?: AbortSignal;
}

/** What a failed sliced upload leaves to resume from. */
export interface SlicedResume {
  certificate: StorageCertificate;
  sentSlices: readonly number[];
}

export interface SlicedOptions {
  /** The credential and stored slices of a failed attempt. */
  resume?: SlicedResume | null;
  transport?: UploadTransport;
  now?: () => number;
  /** Pause before a slice's next attempt (times the attempt number). */
  retryDelayMs?: number;
}

/** A credential this close to its expiry is not reused. */
const CERTIFICATE_MARGIN_MS = 60_000;
/** Attempts of one slice on a transport failure (the slice PUT is idempotent). */
export const SLICE_ATTEMPTS = 3;
const SLICE_RETRY_DELAY_MS = 1_000;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 (hex) of one slice: WebCrypto, or hash-wasm where it is missing (a non-secure origin). */
export async function sliceSha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  // Typed as always there, but a non-secure origin has no `crypto.subtle`.
  const subtle = globalThis.crypto.subtle as SubtleCrypto | undefined;
  if (subtle) return hex(await subtle.digest('SHA-256', bytes));
  return wasmSha256(bytes);
}

/** The number of slices of a file (an empty file is one empty slice). */
export function sliceCount(size: number, sliceSize: number): number {
  return Math.max(1, Math.ceil(size / sliceSize));
}

/** Media and images: one signed PUT of the whole file (`fileType`: its class). */
export async function uploadSignedPut(
  file: Blob,
  fileName: string,
  fileType: MediaUploadClass,
  hooks: TransferHooks,
  transport: UploadTransport = httpTransport,
): Promise<UploadedFile> {
  const target = await transport.getMediaUploadUrl(fileName, fileType);
  hooks.onOpened({ route: 'signed-put', fileId: target.fileId, uploadUrl: target.uploadUrl });
  return transport.put<UploadedFile>(target.uploadUrl, file, {
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    onProgress: (loaded, total) => hooks.onProgress(total ? loaded / total : file.size ? loaded / file.size : null),
    signal: hooks.signal,
  });
}

/** A transport failure worth another attempt (not an answer of the server's, except a bad checksum). */
function retryable(e: unknown): boolean {
  if (!isApiError(e)) return false;
  if (e.code === 'NETWORK' || e.code === 'TIMEOUT') return true;
  if (e.code.startsWith('HTTP_')) return e.status === 0 || e.status >= 500;
  return e.code === ErrorCode.BadRequest && e.message.startsWith('分片校验失败');
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Documents: the sliced upload. With `resume` (the credential of a failed attempt, still valid)
 * the slices already stored are not sent again.
 */
export async function uploadSliced(
  file: Blob,
  fileName: string,
  hooks: TransferHooks,
  options: SlicedOptions = {},
): Promise<UploadedFile> {
  const { resume = null, transport = httpTransport, now = Date.now, retryDelayMs = SLICE_RETRY_DELAY_MS } = options;
  const reuse = resume !== null && resume.certificate.expiredTime - now() > CERTIFICATE_MARGIN_MS;
  const certificate = reuse ? resume.certificate : await transport.getStorageCertificate(fileName);
  const sent = new Set(reuse ? resume.sentSlices : []);
  hooks.onOpened({ route: 'sliced', fileId: certificate.fileId, certificate });

  const sliceSize = certificate.sliceSize > 0 ? certificate.sliceSize : Limits.UPLOAD_SLICE_SIZE;
  const total = sliceCount(file.size, sliceSize);
  const loaded = new Map<number, number>();
  const report = () => {
    if (file.size === 0) return;
    let sum = 0;
    loaded.forEach((n) => (sum += n));
    hooks.onProgress(Math.min(1, sum / file.size));
  };

  // One controller for the slices in flight: the first failure (or the caller) stops them all.
  const controller = new AbortController();
  const stop = () => controller.abort();
  hooks.signal?.addEventListener('abort', stop);
  // Set by the first slice that fails for good (a holder: callbacks write it while the loop awaits).
  const failed: { error: Error | null } = { error: null };
  const inFlight = new Set<Promise<void>>();

  const sendSlice = async (index: number, bytes: Uint8Array<ArrayBuffer>, digest: string) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        loaded.set(index, 0);
        await transport.put<boolean>(`${certificate.sliceUrl}/${index}`, bytes, {
          headers: {
            'Content-Type': 'application/octet-stream',
            'x-upload-token': certificate.sessionToken,
            'x-slice-sha256': digest,
          },
          onProgress: (n) => {
            loaded.set(index, Math.min(n, bytes.byteLength));
            report();
          },
          signal: controller.signal,
        });
        loaded.set(index, bytes.byteLength);
        report();
        sent.add(index);
        hooks.onSliceSent?.(index);
        return;
      } catch (e) {
        if (controller.signal.aborted || attempt >= SLICE_ATTEMPTS || !retryable(e)) throw e;
        await sleep(retryDelayMs * attempt, controller.signal);
      }
    }
  };

  try {
    const whole = await createSHA256();
    whole.init();
    for (let index = 0; index < total; index += 1) {
      while (inFlight.size >= UPLOAD_SLICES_IN_FLIGHT && failed.error === null) await Promise.race(inFlight);
      if (failed.error !== null) throw failed.error;
      if (hooks.signal?.aborted) throw hooks.signal.reason;
      const start = index * sliceSize;
      const bytes = new Uint8Array(await file.slice(start, Math.min(file.size, start + sliceSize)).arrayBuffer());
      whole.update(bytes);
      if (sent.has(index)) {
        loaded.set(index, bytes.byteLength);
        report();
        continue;
      }
      const digest = await sliceSha256(bytes);
      const task: Promise<void> = sendSlice(index, bytes, digest).then(
        () => {
          inFlight.delete(task);
        },
        (e: unknown) => {
          inFlight.delete(task);
          failed.error ??= e instanceof Error ? e : new Error(String(e));
          controller.abort();
        },
      );
      inFlight.add(task);
    }
    await Promise.all(inFlight);
    if (failed.error !== null) throw failed.error;
    const uploaded = await transport.completeSlices(certificate, {
      totalSlices: total,
      size: file.size,
      sha256: whole.digest('hex'),
    });
    hooks.onProgress(1);
    return uploaded;
  } finally {
    hooks.signal?.removeEventListener('abort', stop);
    controller.abort();
  }
}
