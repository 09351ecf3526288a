// Co-editing against the real server with the stock client: y-websocket's WebsocketProvider and
// yjs in Node (the `ws` polyfill, no BroadcastChannel, the session token as ?token=). Run with
// `npm run e2e`; the server binary comes from EDUHUB_BIN (default ../target/debug/eduhub).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { EduHubServer, missingPrerequisite } from './server.mjs';

const skip = missingPrerequisite();
// `make test` sets EDUHUB_E2E_REQUIRED: there a missing prerequisite is a failure, not a skip.
if (skip && process.env.EDUHUB_E2E_REQUIRED) throw new Error(`e2e cannot run: ${skip}`);
if (skip) console.log(`# e2e skipped: ${skip}`);

const TEACHER = 'teacher@demo.eduhub';
const TEACHER2 = 'teacher2@demo.eduhub';
const MANAGER = 'manager@demo.eduhub';
const CONSULTANT = 'consultant@demo.eduhub';
const ROOM = 'feedback/1';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns truthy; fails with `what` after `timeout` ms. */
async function waitFor(what, check, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await sleep(25);
  }
}

/** Plain text of a section fragment (paragraphs joined by newlines). */
function sectionText(doc, key) {
  return doc
    .getXmlFragment(key)
    .toArray()
    .map((node) =>
      node instanceof Y.XmlElement
        ? node
            .toArray()
            .map((t) => t.toString())
            .join('')
        : '',
    )
    .join('\n');
}

/** Appends a paragraph holding `text` to a section, as the rich-text editor would. */
function addParagraph(doc, key, text) {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  const fragment = doc.getXmlFragment(key);
  fragment.insert(fragment.length, [paragraph]);
}

describe('co-editing with the stock y-websocket client', { skip: skip ?? false }, () => {
  /** @type {EduHubServer} */
  let server;
  const tokens = {};
  /** Every client opened, closed at the end. */
  const clients = [];

  before(async () => {
    server = await EduHubServer.create();
    await server.start();
    for (const email of [TEACHER, TEACHER2, MANAGER, CONSULTANT]) tokens[email] = await server.token(email);
  });

  after(async () => {
    for (const c of clients) c.close();
    await server?.stop();
  });

  /** A provider on `room` as `email`, recording its events. */
  function open(email, room = ROOM, token = tokens[email]) {
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(`ws://127.0.0.1:${server.port}/collab`, room, doc, {
      params: { token },
      WebSocketPolyfill: WebSocket,
      disableBc: true,
    });
    const client = {
      email,
      doc,
      provider,
      awareness: provider.awareness,
      /** Number of sockets the provider opened (status `connecting`). */
      attempts: 0,
      closeCodes: [],
      terminal: null,
      status: 'connecting',
      close() {
        provider.destroy();
        doc.destroy();
      },
    };
    provider.on('status', ({ status }) => {
      client.status = status;
      if (status === 'connecting') client.attempts += 1;
    });
    provider.on('connection-close', (event) => client.closeCodes.push(event?.code ?? null));
    provider.on('closed', (event) => (client.terminal = event));
    // The first `connecting` is emitted inside the constructor, before the listener existed.
    client.attempts = 1;
    clients.push(client);
    return client;
  }

  const synced = (client, what = `${client.email} to sync`) => waitFor(what, () => client.provider.synced);

  it('two editors converge on the same section', async () => {
    const a = open(TEACHER);
    const b = open(TEACHER2);
    await synced(a);
    await synced(b);
    addParagraph(a.doc, 'courseSummary', '本节课复习了二次函数。');
    await waitFor('B to see A', () => sectionText(b.doc, 'courseSummary').includes('本节课复习了二次函数。'));
    addParagraph(b.doc, 'courseSummary', '学生掌握了顶点式。');
    await waitFor('A to see B', () => sectionText(a.doc, 'courseSummary').includes('学生掌握了顶点式。'));
    // Concurrent edits in the same paragraph merge the same way on both sides.
    const pa = a.doc.getXmlFragment('teacherMessage');
    const pb = b.doc.getXmlFragment('teacherMessage');
    addParagraph(a.doc, 'teacherMessage', '');
    await waitFor('B to see the paragraph', () => pb.length === 1);
    pa.get(0).get(0).insert(0, '继续加油');
    pb.get(0).get(0).insert(0, '很棒！');
    await waitFor('both to converge', () => {
      const ta = sectionText(a.doc, 'teacherMessage');
      return ta === sectionText(b.doc, 'teacherMessage') && ta.includes('继续加油') && ta.includes('很棒！');
    });
    assert.deepEqual(Y.encodeStateVector(a.doc), Y.encodeStateVector(b.doc));
    a.close();
    b.close();
  });

  it('awareness travels between editors and goes when one leaves', async () => {
    const a = open(TEACHER);
    const b = open(TEACHER2);
    await synced(a);
    await synced(b);
    const user = { name: '王老师', email: TEACHER, color: '#1c7ed6' };
    a.awareness.setLocalState({ user, section: 'homework' });
    const seen = await waitFor('B to see A in homework', () => {
      const state = b.awareness.getStates().get(a.doc.clientID);
      return state?.section === 'homework' ? state : null;
    });
    assert.deepEqual(seen.user, user);
    a.awareness.setLocalStateField('section', 'knowledgePoints');
    await waitFor('B to see A move', () => b.awareness.getStates().get(a.doc.clientID)?.section === 'knowledgePoints');
    b.awareness.setLocalState({ user: { name: '李老师', email: TEACHER2, color: '#e8590c' }, section: 'homework' });
    await waitFor(
      'A to see B',
      () =>
        b.awareness.getStates().get(b.doc.clientID) &&
        a.awareness.getStates().get(b.doc.clientID)?.section === 'homework',
    );
    a.close();
    await waitFor('B to see A leave', () => !b.awareness.getStates().has(a.doc.clientID));
    b.close();
  });

  it('a 200 KiB insert syncs to the other editor and to a late joiner', async () => {
    const a = open(TEACHER);
    const b = open(TEACHER2);
    await synced(a);
    await synced(b);
    const big = '知识点梳理与例题讲解。'.repeat(Math.ceil((200 * 1024) / 11)).slice(0, 200 * 1024);
    a.doc.getText('bulk').insert(0, big);
    await waitFor('B to get 200 KiB', () => b.doc.getText('bulk').length === big.length, 20_000);
    assert.equal(b.doc.getText('bulk').toString(), big);
    const c = open(TEACHER);
    await synced(c);
    assert.equal(c.doc.getText('bulk').toString(), big);
    for (const x of [a, b, c]) x.close();
  });

  it('a reader may read but their edits are dropped', async () => {
    const owner = open(TEACHER);
    const reader = open(MANAGER);
    await synced(owner);
    await synced(reader);
    addParagraph(owner.doc, 'homework', '完成练习册第 12 页。');
    await waitFor('the reader to read', () => sectionText(reader.doc, 'homework').includes('完成练习册第 12 页。'));
    addParagraph(reader.doc, 'homework', '读者的修改');
    await sleep(800);
    assert.ok(!sectionText(owner.doc, 'homework').includes('读者的修改'), 'the owner does not get the reader’s edit');
    const fresh = open(TEACHER2);
    await synced(fresh);
    assert.ok(!sectionText(fresh.doc, 'homework').includes('读者的修改'), 'the server did not keep it');
    for (const x of [owner, reader, fresh]) x.close();
  });

  it('REST saves reach live editors, and what editors write is what REST reads', async () => {
    const editor = open(TEACHER2);
    await synced(editor);
    const saved = await server.call('POST', '/api/report/feedback/course/performance/save', tokens[TEACHER], {
      reportId: 1,
      content: '课堂专注\n积极发言',
    });
    assert.equal(saved.code, '1', `save failed: ${JSON.stringify(saved)}`);
    await waitFor(
      'the editor to get the REST save',
      () => sectionText(editor.doc, 'coursePerformance') === '课堂专注\n积极发言',
    );
    addParagraph(editor.doc, 'knowledgePoints', '二次函数的顶点式');
    addParagraph(editor.doc, 'knowledgePoints', '判别式');
    let detail;
    const deadline = Date.now() + 5_000;
    do {
      detail = await server.call('POST', '/api/report/feedback/v2/detail', tokens[TEACHER], { reportId: 1 });
      assert.equal(detail.code, '1', `detail failed: ${JSON.stringify(detail)}`);
      if (detail.data.sections.knowledgePoints !== '') break;
      await sleep(50);
    } while (Date.now() < deadline);
    assert.equal(detail.data.sections.knowledgePoints, '二次函数的顶点式\n判别式');
    assert.equal(detail.data.sections.coursePerformance, '课堂专注\n积极发言');
    assert.equal(detail.data.canEdit, true);
    editor.close();
  });

  it('an outsider is refused with 4403 and the client does not reconnect', async () => {
    const outsider = open(CONSULTANT);
    await waitFor('the terminal close', () => outsider.terminal);
    assert.equal(outsider.terminal.code, 4403);
    assert.equal(outsider.terminal.reason, '无权访问该文档');
    await sleep(3_000);
    assert.equal(outsider.attempts, 1, 'one connection attempt only');
    assert.deepEqual(outsider.closeCodes, [4403]);
    assert.equal(outsider.provider.shouldConnect, false);
    assert.equal(outsider.doc.getXmlFragment('courseSummary').length, 0, 'nothing of the document was sent');
    outsider.close();
  });

  it('a socket without a valid session is refused with 4401 and not retried', async () => {
    const stranger = open(TEACHER, ROOM, 'not-a-session-token');
    await waitFor('the terminal close', () => stranger.terminal);
    assert.equal(stranger.terminal.code, 4401);
    await sleep(1_500);
    assert.equal(stranger.attempts, 1);
    stranger.close();
  });

  it('removing a member closes their connection with 4403 within 1 s', async () => {
    const reader = open(MANAGER);
    await synced(reader);
    const started = Date.now();
    const res = await server.call('POST', '/api/collab/member/remove', tokens[TEACHER], {
      docType: 'feedback',
      id: 1,
      email: MANAGER,
    });
    assert.equal(res.code, '1', `remove failed: ${JSON.stringify(res)}`);
    await waitFor('the 4403 close', () => reader.terminal, 2_000);
    console.log(`# closed ${Date.now() - started} ms after the removal`);
    assert.equal(reader.terminal.code, 4403);
    reader.close();
    const back = await server.call('POST', '/api/collab/member/save', tokens[TEACHER], {
      docType: 'feedback',
      id: 1,
      email: MANAGER,
      canEdit: false,
    });
    assert.equal(back.code, '1', `re-adding failed: ${JSON.stringify(back)}`);
  });

  it('after a crash and restart the editors reconnect, converge and lose nothing acknowledged', async () => {
    const a = open(TEACHER);
    const b = open(TEACHER2);
    await synced(a);
    await synced(b);
    // Acknowledged: the other editor got it, and the server persists before it broadcasts.
    addParagraph(a.doc, 'nextSectionPreview', '崩溃前 A 的修改');
    addParagraph(b.doc, 'lastReviewTodo', '崩溃前 B 的修改');
    a.doc.getText('log').insert(0, 'A1 ');
    await waitFor(
      'B to see A',
      () =>
        sectionText(b.doc, 'nextSectionPreview').includes('崩溃前 A 的修改') &&
        b.doc.getText('log').toString() === 'A1 ',
    );
    await waitFor('A to see B', () => sectionText(a.doc, 'lastReviewTodo').includes('崩溃前 B 的修改'));

    await server.kill();
    await waitFor('both to notice', () => a.status !== 'connected' && b.status !== 'connected');
    const attemptsBefore = a.attempts;
    // Made while the server is down: kept locally, merged on reconnect.
    addParagraph(a.doc, 'nextSectionPreview', '断线期间 A 的修改');
    b.doc.getText('log').insert(b.doc.getText('log').length, 'B-offline ');
    await sleep(1_000);

    await server.start();
    await synced(a, 'A to sync after the restart');
    await synced(b, 'B to sync after the restart');
    assert.ok(a.attempts > attemptsBefore, 'A reconnected by itself');
    await waitFor('B to get A’s offline edit', () =>
      sectionText(b.doc, 'nextSectionPreview').includes('断线期间 A 的修改'),
    );
    await waitFor('A to get B’s offline edit', () => a.doc.getText('log').toString().includes('B-offline'));
    assert.deepEqual(Y.encodeStateVector(a.doc), Y.encodeStateVector(b.doc));

    // A fresh editor (sessions survive the restart) sees everything, from the server alone.
    a.close();
    b.close();
    const c = open(TEACHER);
    await synced(c);
    const preview = sectionText(c.doc, 'nextSectionPreview');
    assert.ok(preview.includes('崩溃前 A 的修改'), 'the acknowledged edit survived');
    assert.ok(preview.includes('断线期间 A 的修改'), 'the offline edit was merged');
    assert.ok(sectionText(c.doc, 'lastReviewTodo').includes('崩溃前 B 的修改'));
    assert.ok(sectionText(c.doc, 'courseSummary').includes('本节课复习了二次函数。'), 'earlier tests’ edits are there');
    assert.equal(c.doc.getText('log').toString(), 'A1 B-offline ');
    assert.equal(c.doc.getText('bulk').length, 200 * 1024);
    c.close();
  });
});
