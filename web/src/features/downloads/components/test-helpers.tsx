// Test helpers of the download components: tasks and a real-time client over a fake socket.

import { act } from '@testing-library/react';
import { encodePushContent, RealtimeClient } from '@/lib/realtime';
import type { DownloadTask, PushContent } from '@/lib/wire-types';

export function task(id: number, fileStatus: number, patch: Partial<DownloadTask> = {}): DownloadTask {
  const ready = fileStatus === 3 || fileStatus === 4;
  return {
    id,
    fileName: `通知列表${id}.xlsx`,
    filePath: ready ? `/api/download/file/${id}` : '',
    filePathVersion: 1,
    fileStatus,
    fileType: 3,
    businessId: '',
    fileSize: ready ? 2048 : 0,
    createTimeMillis: new Date(2026, 10, 22, 10, 30).getTime(),
    extraInfo: { resourceType: 0, ext: 'xlsx' },
    error: '',
    ...patch,
  };
}

export class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.onmessage?.({ data: '连接成功' } as MessageEvent);
  }
  push(id: number, content: Partial<PushContent>) {
    act(() => {
      this.onmessage?.({
        data: JSON.stringify({ id, typeCode: 'magic_001', content: encodePushContent(content) }),
      } as MessageEvent);
    });
  }
}

export function connectedClient() {
  const socket = new FakeSocket();
  const client = new RealtimeClient({ createSocket: () => socket, storage: null, baseUrl: () => 'ws://test' });
  client.start('teacher@demo.eduhub');
  socket.open();
  return { client, socket };
}
