// End-to-end test of the question bank against the real server: the teacher searches the demo bank
// on 知识点组卷 for 二次函数 (the words marked, the formulas drawn by KaTeX), puts two questions in
// the basket (试题篮), assembles them into a handout and lands in its editor, whose 课堂练习 shows
// the two stems with their formulas as KaTeX-rendered inlineMath nodes, as the server's detail
// holds them ("1. …$latex$…"). Then an admin on 知识切片 creates a tree, adds a point and a point
// under it, renames it, and the tree shows what the server's detail says.
// Run with `npm run e2e` after `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { browserTestsSkipped, launchBrowser, loginAs, openPage, screenshot } from './browser.mjs';
import { isPost, post } from './report-page.mjs';
import { EduHubServer } from './server.mjs';

const skip = browserTestsSkipped();

const TEACHER = 'teacher@demo.eduhub';
const ADMIN = 'admin@demo.eduhub';
const KNOWLEDGE_PAPER = '/knowledgeSelection/knowledgePaper';
const KNOWLEDGE_SLICING = '/easyDevelop/knowledgeSlicing';
const KEYWORD = '二次函数';

const STAMP = Date.now().toString(36).slice(-4);
const HANDOUT_TITLE = `二次函数练习${STAMP}`;
const TREE = `函数专题${STAMP}`;
const POINT = '二次函数的图像';
const CHILD = '顶点式';
const RENAMED = '顶点与对称轴';

/**
 * The text of an element as the server stores it: a formula (an element with data-latex: the
 * page's MathText or the editor's inlineMath node) as `$latex$`, whatever KaTeX drew inside it.
 */
const storedText = (locator) =>
  locator.evaluate((root) => {
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent;
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      if (node.hasAttribute('data-latex')) return `$${node.getAttribute('data-latex')}$`;
      return [...node.childNodes].map(walk).join('');
    };
    return walk(root);
  });

/** Each formula of an element: its LaTeX and whether KaTeX drew it (an error is drawn otherwise). */
const formulas = (locator) =>
  locator.evaluate((root) =>
    [...root.querySelectorAll('[data-latex]')].map((el) => ({
      latex: el.getAttribute('data-latex'),
      katex: el.querySelector('.katex') !== null && el.querySelector('.katex-error') === null,
    })),
  );

describe('EduHub question bank', { skip: skip ?? false }, () => {
  /** @type {EduHubServer} */
  let server;
  let browser;
  const contexts = [];
  const pageErrors = [];

  before(async () => {
    server = await EduHubServer.create();
    await server.start();
    browser = await launchBrowser();
  });

  after(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  /** A new browser context signed in as `email`; its script errors are collected. */
  async function pageAs(email, label) {
    const { context, page } = await openPage(browser, {}, label);
    contexts.push(context);
    page.on('pageerror', (e) => pageErrors.push(`${label}: ${e.message}`));
    await loginAs(page, server.origin, email);
    return page;
  }

  it('the teacher searches 二次函数, puts two questions in the basket and assembles them into a handout', async () => {
    const page = await pageAs(TEACHER, 'teacher');
    await page.goto(`${server.origin}${KNOWLEDGE_PAPER}`);
    const list = page.getByRole('region', { name: '题目列表' });
    await list.getByRole('article').first().waitFor({ timeout: 15_000 });

    // 查询 with the keyword: the page asks the search for it (the header's 高中 数学).
    const filters = page.getByRole('search', { name: '筛选条件' });
    await filters.getByRole('textbox', { name: '关键词' }).fill(KEYWORD);
    const [response] = await Promise.all([
      page.waitForResponse((res) => isPost('/api/paper/search', (b) => b.keyword === KEYWORD)(res.request())),
      filters.getByRole('button', { name: '查询' }).click(),
    ]);
    const asked = JSON.parse(response.request().postData() ?? '{}');
    assert.deepEqual([asked.subject, asked.stage], [54, 4], "the header's 高中 数学");
    const found = (await response.json()).data;
    assert.equal(found.records.length >= 2, true, `the bank has ${KEYWORD} questions: ${found.total}`);
    assert.ok(found.terms.includes(KEYWORD), `the keyword is a term: ${JSON.stringify(found.terms)}`);
    const [first, second] = found.records;

    // The list shows them: the first card's stem is the first question's, its formulas drawn by
    // KaTeX, the searched words marked between them.
    const cards = list.getByRole('article');
    const stemOf = (i) => cards.nth(i).locator('[data-part="stem"]');
    await stemOf(0).locator('mark', { hasText: KEYWORD }).first().waitFor();
    await page.locator('[role="region"][aria-label="题目列表"][aria-busy="false"]').waitFor();
    assert.equal(await storedText(stemOf(0)), first.stem);
    assert.equal(await storedText(stemOf(1)), second.stem);
    const stemFormulas = await formulas(stemOf(0));
    assert.ok(stemFormulas.length > 0, `the stem has formulas: ${first.stem}`);
    assert.ok(
      stemFormulas.every((f) => f.katex),
      `KaTeX drew every formula: ${JSON.stringify(stemFormulas)}`,
    );
    const marks = await list.locator('mark').allInnerTexts();
    assert.ok(marks.includes(KEYWORD), `the keyword is marked: ${JSON.stringify(marks.slice(0, 5))}`);
    assert.ok(
      marks.every((m) => found.terms.includes(m)),
      `only the terms are marked: ${JSON.stringify(marks)}`,
    );
    assert.equal(await list.locator('.katex-error').count(), 0, 'no formula failed to render');
    await screenshot(page, 'question-bank-search');

    // 加入试题篮 on the first two: each is marked 已在试题篮, the header's count says 2.
    const count = page.getByLabel('试题篮题数');
    await count.filter({ hasText: /^0$/ }).waitFor();
    for (const i of [0, 1]) {
      await cards.nth(i).getByRole('button', { name: '加入试题篮' }).click();
      await cards.nth(i).getByText('已在试题篮', { exact: true }).waitFor();
    }
    await count.filter({ hasText: /^2$/ }).waitFor();

    // The drawer lists both.
    await page.getByRole('button', { name: /^试题篮/ }).click();
    const drawer = page.getByRole('dialog', { name: '试题篮（2）' });
    await drawer.getByText(/共 2 题/).waitFor();
    assert.equal(await drawer.getByLabel(/^试题篮第\d+题$/).count(), 2);
    await drawer.locator('.katex').first().waitFor();
    await screenshot(page, 'question-bank-basket');

    // 组卷 with a title: the handout opens in the editor.
    await drawer.getByRole('button', { name: '组卷', exact: true }).click();
    const assemble = page.getByRole('dialog', { name: '组卷' });
    await assemble.getByRole('textbox', { name: '讲义标题' }).fill(HANDOUT_TITLE);
    await assemble.getByRole('button', { name: '组卷', exact: true }).click();
    await page.waitForURL(/\/knowledgeSectionEdit\?paperId=\d+&ver=0$/, { timeout: 15_000 });
    const paperId = Number(new URL(page.url()).searchParams.get('paperId'));
    assert.ok(paperId > 0, `a new paper: ${page.url()}`);
    await page.locator('[data-collab-state="synced"]').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: HANDOUT_TITLE }).waitFor();

    // 课堂练习 holds "1. stem" and "2. stem", their formulas inlineMath nodes drawn by KaTeX.
    const practice = page.getByRole('textbox', { name: '课堂练习', exact: true });
    const numbered = practice.locator('p').filter({ hasText: /^\d+\. / });
    await numbered.nth(1).waitFor({ timeout: 10_000 });
    const stems = [];
    for (let i = 0; i < (await numbered.count()); i += 1) stems.push(await storedText(numbered.nth(i)));
    const expected = (order) => order.map((q, i) => `${i + 1}. ${q.stem}`);
    assert.ok(
      [expected([first, second]), expected([second, first])].some((e) => JSON.stringify(e) === JSON.stringify(stems)),
      `the editor's numbered paragraphs are the two stems: ${JSON.stringify(stems)}`,
    );
    const editorFormulas = await formulas(numbered.first());
    assert.ok(editorFormulas.length > 0, 'the stem in the editor has formulas');
    assert.ok(
      editorFormulas.every((f) => f.katex),
      `KaTeX drew the editor's formulas: ${JSON.stringify(editorFormulas)}`,
    );
    assert.equal(await practice.locator('[data-type="inline-math"] .katex').first().isVisible(), true);
    assert.equal(await practice.locator('.inline-math-error').count(), 0, 'no formula failed to render');
    await numbered.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'question-bank-handout');

    // The server's detail: the same paragraphs, formulas as $…$; the basket is empty again.
    const detail = await post(page, '/api/paper/detail', { paperId, ver: 0 });
    const paragraphs = (detail.sections.classPractice ?? []).filter((p) => /^\d+\. /.test(p));
    assert.deepEqual(paragraphs, stems);
    assert.ok(
      paragraphs.every((p) => /\$[^$]+\$/.test(p)),
      `each holds $…$: ${JSON.stringify(paragraphs)}`,
    );
    assert.equal((await post(page, '/api/basket/question/list', {})).total, 0, 'the basket was emptied');
  });

  it('an admin creates a tree on 知识切片, adds points, renames one, and the tree shows it', async () => {
    const page = await pageAs(ADMIN, 'admin');
    await page.goto(`${server.origin}${KNOWLEDGE_SLICING}`);
    const treeList = page.getByRole('navigation', { name: '图谱列表' });
    await treeList.waitFor({ timeout: 15_000 });

    // 新建图谱: the name is checked, the tree is created and chosen.
    await page.getByRole('button', { name: '新建图谱' }).click();
    const create = page.getByRole('dialog', { name: '新建图谱' });
    await create.getByRole('textbox', { name: '图谱名称' }).fill(TREE);
    const [added] = await Promise.all([
      page.waitForResponse((res) => isPost('/api/atlas/tree/add')(res.request())),
      create.getByRole('button', { name: '创建' }).click(),
    ]);
    const treeId = (await added.json()).data.treeId;
    assert.ok(treeId > 0);
    await create.waitFor({ state: 'detached' });
    await treeList.locator('[aria-current="true"]', { hasText: TREE }).waitFor();
    await page.getByRole('heading', { name: TREE }).waitFor();
    await page.getByText('还没有知识点，点“添加一级知识点”开始').waitFor();

    // 添加一级知识点, then a point under it from its menu.
    const tree = page.getByRole('tree', { name: '知识点' });
    await page.getByRole('button', { name: '添加一级知识点' }).click();
    const addTop = page.getByRole('dialog', { name: '添加一级知识点' });
    await addTop.getByRole('textbox', { name: '知识点名称' }).fill(POINT);
    await addTop.getByRole('button', { name: '保存' }).click();
    await addTop.waitFor({ state: 'detached' });
    await tree.getByRole('treeitem', { name: POINT, exact: true }).waitFor();

    await tree.getByRole('button', { name: `知识点操作：${POINT}`, exact: true }).click();
    await page.getByRole('menuitem', { name: '添加子知识点' }).click();
    const addChild = page.getByRole('dialog', { name: `添加子知识点 · ${POINT}` });
    await addChild.getByRole('textbox', { name: '知识点名称' }).fill(CHILD);
    await addChild.getByRole('button', { name: '保存' }).click();
    await addChild.waitFor({ state: 'detached' });
    const parent = tree.getByRole('treeitem', { name: POINT, exact: true });
    await parent.getByRole('treeitem', { name: CHILD, exact: true }).waitFor();

    // 重命名 the child: the tree shows the new name under the same parent.
    await tree.getByRole('button', { name: `知识点操作：${CHILD}`, exact: true }).click();
    await page.getByRole('menuitem', { name: '重命名' }).click();
    const rename = page.getByRole('dialog', { name: `重命名 · ${CHILD}` });
    const nameInput = rename.getByRole('textbox', { name: '知识点名称' });
    assert.equal(await nameInput.inputValue(), CHILD);
    await nameInput.fill(RENAMED);
    await rename.getByRole('button', { name: '保存' }).click();
    await rename.waitFor({ state: 'detached' });
    await parent.getByRole('treeitem', { name: RENAMED, exact: true }).waitFor();
    await tree.getByRole('treeitem', { name: CHILD, exact: true }).waitFor({ state: 'detached' });
    await treeList.locator('[aria-current="true"]', { hasText: '2 个知识点' }).waitFor();
    await screenshot(page, 'question-bank-atlas');

    // The server's tree agrees.
    const detail = await post(page, '/api/atlas/tree/queryByTreeId', { treeId });
    assert.equal(detail.tree.name, TREE);
    const outline = (nodes) => nodes.map((n) => [n.name, outline(n.children)]);
    assert.deepEqual(outline(detail.nodes), [[POINT, [[RENAMED, []]]]]);
    assert.deepEqual(pageErrors, []);
  });
});
