import { NativeSelect } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import {
  act,
  bodiesOf,
  envelope,
  fireEvent,
  jsonBody,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import {
  DETAIL,
  LESSON_ID,
  liveDetail,
  liveServer,
  PLAYBACK,
  playback,
  POSITION,
  RECORDING_SET,
  WATCH,
} from '../test-helpers';
import { Playback } from './playback';
import type { MediaPicker } from './recording-setter';
import { PLAYER_LABEL } from './replay-player';

afterEach(() => vi.unstubAllGlobals());

/** The teacher's media as the app's picker would offer them. */
const picker: MediaPicker = ({ label, value, onChange }) => (
  <NativeSelect
    label={label}
    value={value ?? ''}
    onChange={(e) => onChange(e.currentTarget.value || null)}
    data={[
      { value: '', label: '请选择' },
      { value: '901', label: '新录像.mp4' },
    ]}
  />
);

const renderPage = (client = connectedClient().client) =>
  render(<Playback lessonId={LESSON_ID} mediaPicker={picker} client={client} />, {
    route: `/easyServer/playbackPage/${LESSON_ID}`,
  });

const RECORDED = { recording: { resourceId: 900, fileName: '第3讲 分数的认识.mp4' } };

const player = () => screen.findByLabelText<HTMLMediaElement>(PLAYER_LABEL);

describe('回放', () => {
  it('plays the recording from where the viewer stopped; a point seeks there; a pause reports the place', async () => {
    const fetch = liveServer(
      () => liveDetail(RECORDED),
      [
        ['POST', POSITION, () => envelope(null)],
        ['POST', PLAYBACK, () => envelope(playback())],
      ],
    );
    renderPage();
    const video = await player();
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/api/media/play/900?token=signed');
    expect(screen.getByRole('heading', { name: '第3讲 分数的认识' })).toBeInTheDocument();
    expect(bodiesOf(fetch, PLAYBACK)).toEqual([{ lessonId: LESSON_ID }]);
    expect(bodiesOf(fetch, WATCH)).toEqual([{ lessonId: LESSON_ID }]);

    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(95.5);

    const points = screen.getByRole('region', { name: '回放知识点' });
    expect(within(points).getByText('12 名学员')).toBeInTheDocument();
    await userEvent.click(within(points).getByRole('button', { name: '分数的大小比较 31:05' }));
    expect(video.currentTime).toBe(1865);
    await waitFor(() => expect(video.paused).toBe(false));
    // Playing: nothing reported before its first 15 s.
    expect(bodiesOf(fetch, POSITION)).toEqual([]);

    Object.defineProperty(video, 'duration', { value: 5400, configurable: true });
    video.currentTime = 1900.5;
    act(() => video.pause());
    await waitFor(() =>
      expect(bodiesOf(fetch, POSITION)).toEqual([{ lessonId: LESSON_ID, position: 1900.5, duration: 5400 }]),
    );
  });

  it('plays an audio recording in an audio player', async () => {
    liveServer(() => liveDetail(RECORDED), [['POST', PLAYBACK, () => envelope(playback({ class: 'audio' }))]]);
    renderPage();
    expect((await player()).tagName).toBe('AUDIO');
  });

  it('says 本节课暂无回放 without a recording, or when the server has none to play', async () => {
    const fetch = liveServer();
    renderPage();
    expect(await screen.findByText('本节课暂无回放')).toBeInTheDocument();
    expect(bodiesOf(fetch, PLAYBACK)).toEqual([]);
    expect(screen.queryByLabelText(PLAYER_LABEL)).not.toBeInTheDocument();
    // Not the lesson's teacher: nothing to set.
    expect(screen.queryByRole('region', { name: '设置回放' })).not.toBeInTheDocument();
  });

  it("shows the server's 本节课暂无回放 as the message, not as an error", async () => {
    liveServer(() => liveDetail(RECORDED), [['POST', PLAYBACK, () => envelope(null, 'A0404', '本节课暂无回放', 404)]]);
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent(/^本节课暂无回放$/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(PLAYER_LABEL)).not.toBeInTheDocument();
  });

  it('says so when the recording is gone', async () => {
    liveServer(() => liveDetail(RECORDED), [['POST', PLAYBACK, () => envelope(null, 'A0404', '回放文件已删除', 404)]]);
    renderPage();
    expect(await screen.findByText('本节课暂无回放')).toBeInTheDocument();
    expect(screen.getByText('回放文件已删除')).toBeInTheDocument();
  });

  it("lets the lesson's teacher attach a recording of theirs, then remove it", async () => {
    let detail: LiveLessonDetail = liveDetail({ canReport: true });
    const fetch = liveServer(
      () => detail,
      [
        ['POST', PLAYBACK, () => envelope(playback({ mediaId: 901, url: '/api/media/play/901?token=t' }))],
        [
          'POST',
          RECORDING_SET,
          (_url, init) => {
            const { resourceId } = jsonBody(init) as { resourceId?: number };
            detail = liveDetail({
              canReport: true,
              ...(resourceId ? { recording: { resourceId, fileName: '新录像.mp4' } } : {}),
            });
            return envelope(detail);
          },
        ],
      ],
    );
    renderPage();
    const setter = await screen.findByRole('region', { name: '设置回放' });
    expect(within(setter).getByText('当前回放：未设置')).toBeInTheDocument();
    expect(within(setter).getByRole('button', { name: '设为回放' })).toBeDisabled();
    await userEvent.selectOptions(within(setter).getByRole('combobox', { name: '选择音视频' }), '901');
    await userEvent.click(within(setter).getByRole('button', { name: '设为回放' }));
    expect(await within(setter).findByText('当前回放：新录像.mp4')).toBeInTheDocument();
    expect(bodiesOf(fetch, RECORDING_SET)).toEqual([{ lessonId: LESSON_ID, resourceId: 901 }]);
    expect(await player()).toHaveAttribute('src', '/api/media/play/901?token=t');

    await userEvent.click(within(setter).getByRole('button', { name: '移除回放' }));
    expect(await within(setter).findByText('当前回放：未设置')).toBeInTheDocument();
    expect(bodiesOf(fetch, RECORDING_SET).at(-1)).toEqual({ lessonId: LESSON_ID });
    expect(screen.getByText('本节课暂无回放')).toBeInTheDocument();
    expect(screen.queryByLabelText(PLAYER_LABEL)).not.toBeInTheDocument();
  });

  it('plays a recording set elsewhere at once, and keeps the player through other changes', async () => {
    let detail = liveDetail(RECORDED);
    const fetch = liveServer(
      () => detail,
      [
        [
          'POST',
          PLAYBACK,
          () => {
            const id = detail.recording?.resourceId ?? 0;
            return envelope(playback({ mediaId: id, url: `/api/media/play/${id}?token=t` }));
          },
        ],
      ],
    );
    const { client, socket } = connectedClient();
    renderPage(client);
    expect(await player()).toHaveAttribute('src', '/api/media/play/900?token=t');

    socket.push('', 'magic_live_lesson', pushContent({ value: { lessonId: LESSON_ID, what: 'presence' } }));
    await waitFor(() => expect(bodiesOf(fetch, DETAIL)).toHaveLength(2));
    expect(bodiesOf(fetch, PLAYBACK)).toHaveLength(1);

    detail = liveDetail({ recording: { resourceId: 902, fileName: '重录.mp4' } });
    socket.push('', 'magic_live_lesson', pushContent({ value: { lessonId: LESSON_ID, what: 'recording' } }));
    await waitFor(() =>
      expect(screen.getByLabelText(PLAYER_LABEL)).toHaveAttribute('src', '/api/media/play/902?token=t'),
    );
    expect(bodiesOf(fetch, PLAYBACK)).toHaveLength(2);
  });
});
