import { describe, expect, it } from 'vitest';
import type { StorageCertificate } from '@/generated/StorageCertificate';
import type { UploadedFile } from '@/generated/UploadedFile';
import type { UploadUrl } from '@/generated/UploadUrl';
import { ApiError } from '@/lib/api-client';
import type { PutOptions } from './api/uploads';
import {
  type OpenedUpload,
  SLICE_ATTEMPTS,
  sliceCount,
  sliceSha256,
  type UploadTransport,
  uploadSignedPut,
  uploadSliced,
} from './upload-transfer';

/** A File that can be read back in slices (the test DOM's Blob has no arrayBuffer()). */
function fileOf(bytes: Uint8Array, name: string): File {
  const part = (start = 0, end = bytes.byteLength) => ({
    size: Math.max(0, Math.min(end, bytes.byteLength) - start),
    type: '',
    arrayBuffer: async () => bytes.slice(start, end).buffer,
  });
  return { ...part(), name, slice: part } as unknown as File;
}

async function sha(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const bytesOf = (n: number): Uint8Array<ArrayBuffer> => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) % 251);

function certificate(patch: Partial<StorageCertificate> = {}): StorageCertificate {
  return {
    tmpSecretId: 'f1',
    tmpSecretKey: 'k',
    sessionToken: 'token-1',
    startTime: 0,
    expiredTime: Date.now() + 3_600_000,
    bucketName: 'eduhub',
    region: 'local',
    sliceSize: 4,
    sliceUrl: '/api/files/slices/f1',
    fileId: 'f1',
    fileName: 'a.pdf',
    ...patch,
  };
}

interface Put {
  url: string;
  body: Uint8Array | Blob;
  options: PutOptions;
}

/** A transport that records calls; `onPut` decides each PUT's outcome. */
function fakeTransport(onPut: (put: Put, n: number) => unknown = () => true) {
  const puts: Put[] = [];
  const completes: { certificate: StorageCertificate; body: { totalSlices: number; size: number; sha256: string } }[] =
    [];
  let inFlight = 0;
  let maxInFlight = 0;
  let certificates = 0;
  const urlRequests: { fileName: string; fileType: string }[] = [];
  const transport: UploadTransport = {
    getMediaUploadUrl: async (fileName, fileType): Promise<UploadUrl> => {
      urlRequests.push({ fileName, fileType });
      return {
        fileId: 'm1',
        uploadUrl: `/api/files/upload/m1?expires=1&sig=x`,
        fileName,
        expireTime: Date.now() + 1000,
      };
    },
    getStorageCertificate: async (fileName) => {
      certificates += 1;
      return certificate({ fileId: `f${certificates}`, sliceUrl: `/api/files/slices/f${certificates}`, fileName });
    },
    put: async <T>(url: string, body: Blob | Uint8Array<ArrayBuffer>, options: PutOptions) => {
      const put = { url, body, options };
      puts.push(put);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 5));
        const size = body instanceof Uint8Array ? body.byteLength : body.size;
        options.onProgress?.(Math.floor(size / 2), size);
        const answer = await onPut(put, puts.length);
        options.onProgress?.(size, size);
        return answer as T;
      } finally {
        inFlight -= 1;
      }
    },
    completeSlices: async (cert, body) => {
      completes.push({ certificate: cert, body });
      return {
        fileId: cert.fileId,
        fileName: cert.fileName,
        size: body.size,
        sha256: body.sha256,
      } satisfies UploadedFile;
    },
  };
  return {
    transport,
    puts,
    completes,
    urlRequests,
    get maxInFlight() {
      return maxInFlight;
    },
    get certificates() {
      return certificates;
    },
  };
}

function hooks() {
  const progress: (number | null)[] = [];
  const opened: OpenedUpload[] = [];
  const sent: number[] = [];
  return {
    progress,
    opened,
    sent,
    hooks: {
      onProgress: (f: number | null) => progress.push(f),
      onOpened: (o: OpenedUpload) => opened.push(o),
      onSliceSent: (i: number) => sent.push(i),
    },
  };
}

describe('slices', () => {
  it('counts slices, an empty file being one', () => {
    expect(sliceCount(0, 5)).toBe(1);
    expect(sliceCount(5, 5)).toBe(1);
    expect(sliceCount(6, 5)).toBe(2);
    expect(sliceCount(12 * 1024 * 1024, 5_242_880)).toBe(3);
  });

  it('hashes a slice with SHA-256 (hex)', async () => {
    const bytes = bytesOf(100);
    expect(await sliceSha256(bytes)).toBe(await sha(bytes));
    expect(await sliceSha256(new Uint8Array(0))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});

describe('uploadSliced', () => {
  it('sends every slice with its token and checksum, then completes with the whole file’s SHA-256', async () => {
    const data = bytesOf(18); // 5 slices of 4 bytes (the last one 2)
    const fake = fakeTransport();
    const h = hooks();
    const done = await uploadSliced(fileOf(data, 'a.pdf'), 'a.pdf', h.hooks, { transport: fake.transport });

    expect(fake.puts.map((p) => p.url).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `/api/files/slices/f1/${i}`));
    for (const put of fake.puts) {
      const index = Number(put.url.split('/').pop());
      const slice = data.subarray(index * 4, index * 4 + 4);
      expect(put.body).toEqual(slice);
      expect(put.options.headers).toMatchObject({ 'x-upload-token': 'token-1', 'x-slice-sha256': await sha(slice) });
    }
    expect(fake.completes).toEqual([
      {
        certificate: expect.objectContaining({ fileId: 'f1' }) as StorageCertificate,
        body: { totalSlices: 5, size: 18, sha256: await sha(data) },
      },
    ]);
    expect(done).toMatchObject({ fileId: 'f1', size: 18, sha256: await sha(data) });
    expect(h.opened).toEqual([expect.objectContaining({ route: 'sliced', fileId: 'f1' })]);
    expect([...h.sent].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps at most two slices in flight and reports growing progress up to 1', async () => {
    const fake = fakeTransport();
    const h = hooks();
    await uploadSliced(fileOf(bytesOf(40), 'a.pdf'), 'a.pdf', h.hooks, { transport: fake.transport });
    expect(fake.puts).toHaveLength(10);
    expect(fake.maxInFlight).toBe(2);
    const numbers = h.progress.filter((p): p is number => p !== null);
    expect(numbers.at(-1)).toBe(1);
    expect(numbers.every((p) => p >= 0 && p <= 1)).toBe(true);
    expect(numbers.slice(1).every((p, i) => p >= numbers[i]!)).toBe(true);
  });

  it('retries a slice after a network failure', async () => {
    let failed = false;
    const fake = fakeTransport((put) => {
      if (put.url.endsWith('/1') && !failed) {
        failed = true;
        throw new ApiError('NETWORK', '网络错误', 0);
      }
      return true;
    });
    const done = await uploadSliced(fileOf(bytesOf(10), 'a.pdf'), 'a.pdf', hooks().hooks, {
      transport: fake.transport,
      retryDelayMs: 1,
    });
    expect(fake.puts.filter((p) => p.url.endsWith('/1'))).toHaveLength(2);
    expect(done.size).toBe(10);
  });

  it('stops at a refusal of the server without retrying it, and at the last attempt', async () => {
    const refusing = fakeTransport(() => {
      throw new ApiError('A0300', '无权访问', 403);
    });
    await expect(
      uploadSliced(fileOf(bytesOf(10), 'a.pdf'), 'a.pdf', hooks().hooks, { transport: refusing.transport }),
    ).rejects.toMatchObject({
      code: 'A0300',
    });
    expect(refusing.completes).toHaveLength(0);
    expect(refusing.puts.length).toBeLessThanOrEqual(2);

    const down = fakeTransport(() => {
      throw new ApiError('NETWORK', '网络错误', 0);
    });
    await expect(
      uploadSliced(fileOf(bytesOf(3), 'a.pdf'), 'a.pdf', hooks().hooks, { transport: down.transport, retryDelayMs: 1 }),
    ).rejects.toMatchObject({ code: 'NETWORK' });
    expect(down.puts).toHaveLength(SLICE_ATTEMPTS);
  });

  it('stops at a quota refusal (409 A0409) of a slice without retrying it, keeping the server’s message', async () => {
    const QUOTA = '存储空间不足：已用 9.9 GB，上限 10 GB，文件超出剩余的 6 B；请先清理回收站或删除文件';
    const fake = fakeTransport((put) => {
      if (put.url.endsWith('/1')) throw new ApiError('A0409', QUOTA, 409);
      return true;
    });
    const h = hooks();
    await expect(
      uploadSliced(fileOf(bytesOf(16), 'a.pdf'), 'a.pdf', h.hooks, { transport: fake.transport, retryDelayMs: 1 }),
    ).rejects.toMatchObject({ code: 'A0409', status: 409, message: QUOTA });
    expect(fake.puts.filter((p) => p.url.endsWith('/1'))).toHaveLength(1);
    // The refusal stops the upload: no slice after it is sent, nothing is completed.
    expect(fake.puts.length).toBeLessThanOrEqual(3);
    expect(fake.completes).toHaveLength(0);
    expect(h.sent).not.toContain(1);
  });

  it('resumes with a valid credential: stored slices are not sent again, the digest covers all', async () => {
    const data = bytesOf(16);
    const fake = fakeTransport();
    const cert = certificate({ fileId: 'f9', sliceUrl: '/api/files/slices/f9' });
    const h = hooks();
    await uploadSliced(fileOf(data, 'a.pdf'), 'a.pdf', h.hooks, {
      transport: fake.transport,
      resume: { certificate: cert, sentSlices: [0, 2] },
    });
    expect(fake.certificates).toBe(0);
    expect(fake.puts.map((p) => p.url).sort()).toEqual(['/api/files/slices/f9/1', '/api/files/slices/f9/3']);
    expect(fake.completes[0]!.body).toEqual({ totalSlices: 4, size: 16, sha256: await sha(data) });
    expect(h.opened[0]).toMatchObject({ fileId: 'f9', certificate: cert });
  });

  it('asks for a new credential when the old one is about to expire', async () => {
    const fake = fakeTransport();
    const stale = certificate({ fileId: 'old', expiredTime: Date.now() + 10_000 });
    const h = hooks();
    await uploadSliced(fileOf(bytesOf(8), 'a.pdf'), 'a.pdf', h.hooks, {
      transport: fake.transport,
      resume: { certificate: stale, sentSlices: [0] },
    });
    expect(fake.certificates).toBe(1);
    expect(fake.puts).toHaveLength(2);
    expect(h.opened[0]).toMatchObject({ fileId: 'f1' });
  });
});

describe('uploadSignedPut', () => {
  it('PUTs the whole file to the signed URL and reports progress', async () => {
    const fake = fakeTransport(() => ({ fileId: 'm1', fileName: 'a.png', size: 6, sha256: 'x' }));
    const h = hooks();
    const file = fileOf(bytesOf(6), 'a.png');
    const done = await uploadSignedPut(file, 'a.png', 'image', h.hooks, fake.transport);
    expect(done.fileId).toBe('m1');
    // getMediaUploadUrl names the file's class, which the server checks against the name.
    expect(fake.urlRequests).toEqual([{ fileName: 'a.png', fileType: 'image' }]);
    expect(fake.puts).toHaveLength(1);
    expect(fake.puts[0]!.url).toBe('/api/files/upload/m1?expires=1&sig=x');
    expect(fake.puts[0]!.body).toBe(file);
    expect(h.opened).toEqual([
      { route: 'signed-put', fileId: 'm1', uploadUrl: '/api/files/upload/m1?expires=1&sig=x' },
    ]);
    expect(h.progress).toEqual([0.5, 1]);
  });

  it('rejects with the server’s quota refusal of the PUT, once', async () => {
    const QUOTA = '存储空间不足：已用 9.9 GB，上限 10 GB，文件超出剩余的 0 B；请先清理回收站或删除文件';
    const fake = fakeTransport(() => {
      throw new ApiError('A0409', QUOTA, 409);
    });
    await expect(
      uploadSignedPut(fileOf(bytesOf(6), 'clip.mp4'), 'clip.mp4', 'video', hooks().hooks, fake.transport),
    ).rejects.toMatchObject({ code: 'A0409', message: QUOTA });
    expect(fake.puts).toHaveLength(1);
  });
});
