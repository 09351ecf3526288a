import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, render, screen } from '@/testing/test-utils';
import { UploadFilesRoute, UploadMediaRoute } from './upload';

afterEach(() => vi.unstubAllGlobals());

const emptyResources = () =>
  mockFetch([['POST', '/api/resource/list', () => envelope({ records: [], total: 0, pageNo: 1, pageSize: 30 })]]);

describe('upload routes', () => {
  it('take the camp phase from the query, as the camp pages open them', async () => {
    emptyResources();
    render(<UploadFilesRoute />, { route: '/knowledgeRepository/uploadFiles?campId=5&phaseId=9' });
    expect(await screen.findByText('上传的文件将添加到营地 5 的阶段 9')).toBeInTheDocument();
  });

  it('are plain upload pages without both a camp and a phase id', async () => {
    emptyResources();
    render(<UploadMediaRoute />, { route: '/knowledgeRepository/uploadMedia?campId=5' });
    expect(await screen.findByRole('heading', { name: '上传音视频' })).toBeInTheDocument();
    expect(screen.queryByText(/上传的文件将添加到营地/)).not.toBeInTheDocument();
  });
});
