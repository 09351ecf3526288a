import { afterEach, describe, expect, it, vi } from 'vitest';
import { putBytes } from './uploads';

afterEach(() => vi.unstubAllGlobals());

/** An XMLHttpRequest that answers every send with `status` and `body`. */
function answeringXhr(status: number, body: string) {
  const sent: { method: string; url: string }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { method: '', url: '' };
    open(method: string, url: string) {
      this.request = { method, url };
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send() {
      sent.push(this.request);
      setTimeout(() => {
        this.status = status;
        this.responseText = body;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('putBytes', () => {
  it('reads a quota refusal (409 A0409) into an ApiError with the server’s message', async () => {
    const QUOTA = '存储空间不足：已用 9.9 GB，上限 10 GB，文件超出剩余的 1.2 MB；请先清理回收站或删除文件';
    const sent = answeringXhr(409, JSON.stringify({ code: 'A0409', msg: QUOTA, data: null }));
    await expect(putBytes('/api/files/slices/f1/0', new Uint8Array(4))).rejects.toMatchObject({
      name: 'ApiError',
      code: 'A0409',
      status: 409,
      message: QUOTA,
    });
    expect(sent).toEqual([{ method: 'PUT', url: '/api/files/slices/f1/0' }]);
  });

  it('says the status when the answer is not an envelope', async () => {
    answeringXhr(413, '<html>Payload Too Large</html>');
    await expect(putBytes('/api/files/upload/m1', new Uint8Array(4))).rejects.toMatchObject({
      code: 'HTTP_413',
      status: 413,
    });
  });
});
