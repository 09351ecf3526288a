import { describe, expect, it } from 'vitest';
import { iconOf, typeIdsOf } from './drive-dict';
import { insideFolder, locationQuery, parseLocation } from './drive-location';
import { crumbsAt, dropOfNode, emailsOf, isExcluded, quotaPercent, shareLinkOf, webAddress } from './drive-rules';
import { batchActions, rowActions } from './drive-view';
import { withJob } from './use-copy-jobs';
import { driveItem, folder, spaceNodes, team } from './test-helpers';

describe('drive locations', () => {
  it('reads the route query, defaulting to the personal root', () => {
    expect(parseLocation(new URLSearchParams())).toEqual({
      nodeId: 'personal',
      kind: 'personal',
      teamId: 0,
      id: 0,
      nodeName: '我的空间',
      location: 1,
    });
    const team5 = parseLocation(new URLSearchParams('nodeId=team-5&id=12&nodeName=教研组&location=2'));
    expect(team5).toMatchObject({ kind: 'team', teamId: 5, id: 12, nodeName: '教研组', location: 2 });
    expect(parseLocation(new URLSearchParams('nodeId=recycle'))).toMatchObject({ id: -99999, location: 5 });
    expect(parseLocation(new URLSearchParams('nodeId=sent&id=x'))).toMatchObject({ id: -998, location: 4 });
    expect(parseLocation(new URLSearchParams('nodeId=nonsense&id=3'))).toMatchObject({ kind: 'personal', id: 3 });
  });

  it('writes a location back as the same query', () => {
    const at = insideFolder(parseLocation(new URLSearchParams('nodeId=team-5&nodeName=教研组')), 12);
    const query = locationQuery(at, { parentId: 3, path: '/3/12/' });
    expect(parseLocation(new URLSearchParams(query))).toEqual(at);
    expect(new URLSearchParams(query).get('path')).toBe('/3/12/');
  });
});

describe('drive rules', () => {
  it('shares of the quota', () => {
    expect(quotaPercent({ used: 512, limit: 1024 })).toBe(50);
    expect(quotaPercent({ used: 2048, limit: 1024 })).toBe(100);
    expect(quotaPercent({ used: 0, limit: 0 })).toBe(0);
  });

  it('leads the crumbs with the node when the server does not, and maps a root crumb outside the spaces', () => {
    const personal = parseLocation(new URLSearchParams('id=4'));
    expect(crumbsAt(personal, [{ id: 4, name: 'A' }])).toEqual([
      { id: 0, name: '我的空间' },
      { id: 4, name: 'A' },
    ]);
    expect(
      crumbsAt(personal, [
        { id: 0, name: '我的空间' },
        { id: 4, name: 'A' },
      ]),
    ).toHaveLength(2);
    const received = parseLocation(new URLSearchParams('nodeId=received&id=9'));
    expect(
      crumbsAt(received, [
        { id: 0, name: '李老师的空间' },
        { id: 9, name: 'B' },
      ]),
    ).toEqual([
      { id: -999, name: '李老师的空间' },
      { id: 9, name: 'B' },
    ]);
  });

  it('drops on my space, the teams I write in and the bin', () => {
    const nodes = spaceNodes([team(5, '甲', 2), team(6, '乙', 3)]);
    const flat = nodes.flatMap((n) => [n, ...n.children]);
    const of = (id: string) => dropOfNode(flat.find((n) => n.nodeId === id)!);
    expect(of('personal')).toMatchObject({ kind: 'folder', targetId: 0, teamId: 0 });
    expect(of('team-5')).toMatchObject({ kind: 'folder', targetId: 0, teamId: 5 });
    expect(of('team-6')).toBeNull();
    expect(of('received')).toBeNull();
    expect(of('recycle')).toMatchObject({ kind: 'recycle' });
  });

  it('keeps a moved folder and what is inside it out of the targets', () => {
    expect(isExcluded({ id: 4, path: '/4/' }, [4])).toBe(true);
    expect(isExcluded({ id: 7, path: '/4/7/' }, [4])).toBe(true);
    expect(isExcluded({ id: 44, path: '/44/' }, [4])).toBe(false);
  });

  it('reads web addresses, share links and e-mail lists', () => {
    expect(webAddress('example.edu/a')).toBe('https://example.edu/a');
    expect(webAddress('http://example.edu')).toBe('http://example.edu/');
    expect(webAddress('javascript:alert(1)')).toBeNull();
    expect(webAddress('not a url')).toBeNull();
    expect(shareLinkOf({ code: 'c', url: '/knowledgeRepository/mainSpace?share=c', expireTime: 0 }, 'http://h')).toBe(
      'http://h/knowledgeRepository/mainSpace?share=c',
    );
    expect(emailsOf(' a@x.cn, b@x.cn；a@x.cn\nc@x.cn ')).toEqual(['a@x.cn', 'b@x.cn', 'c@x.cn']);
  });
});

describe('drive codes and actions', () => {
  it('types: -1 means all; icons by type and icon code', () => {
    expect(typeIdsOf([])).toEqual([-1]);
    expect(typeIdsOf([7, 1])).toEqual([1, 7]);
    expect(typeIdsOf([1, -1])).toEqual([-1]);
    expect(iconOf(folder(1, 'a')).label).toBe('文件夹');
    expect(iconOf(driveItem(2, 'a.pdf')).label).toBe('PDF');
    expect(iconOf(driveItem(3, 'a', { typeCode: 3, iconCode: 0 })).label).toBe('题集');
    expect(iconOf(driveItem(4, 'a.mp3', { typeCode: 2, iconCode: 201, ext: 'mp3' })).label).toBe('音频');
    expect(iconOf(driveItem(5, 'x', { linkUrl: 'https://e.cn' })).label).toBe('链接');
  });

  it('offers each view its actions', () => {
    const mine = driveItem(1, 'a');
    const readOnly = driveItem(2, 'b', { canWrite: false });
    expect(rowActions('space', mine)).toEqual(['open', 'rename', 'move', 'copy', 'share', 'planShare', 'recycle']);
    expect(rowActions('space', readOnly)).toEqual(['open', 'copy', 'planShare']);
    expect(rowActions('recycle', mine)).toEqual(['restore', 'purge']);
    expect(rowActions('received', readOnly)).toEqual(['open', 'copyToMine']);
    expect(rowActions('shared', readOnly)).toEqual(['open', 'copyToMine']);
    expect(batchActions('space', [mine, readOnly])).toEqual(['copy']);
    expect(batchActions('space', [mine])).toEqual(['move', 'copy', 'share', 'recycle']);
    expect(batchActions('recycle', [mine])).toEqual(['restore', 'purge']);
  });

  it('keeps the newest state of each copy job; a finished job stays finished', () => {
    let jobs = withJob([], { jobId: 1, status: 2, percent: 30, total: 9 });
    jobs = withJob(jobs, { jobId: 1, status: 2, percent: 20, total: 9 });
    expect(jobs).toEqual([{ jobId: 1, status: 2, percent: 30, total: 9 }]);
    jobs = withJob(jobs, { jobId: 1, status: 3, percent: 100, total: 9 });
    jobs = withJob(jobs, { jobId: 1, status: 2, percent: 50, total: 9 });
    expect(jobs[0]?.status).toBe(3);
  });
});
