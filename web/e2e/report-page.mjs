// What the e2e tests of the report screens (data centre, activity, first lessons, training, QC)
// share: a logged-in page on a demo server in China time, waiting for the page's searches,
// calling the API as the page, and reading the cards and tables the screens draw.

import assert from 'node:assert/strict';
import { launchBrowser, loginAs, openPage, pagePost } from './browser.mjs';
import { EduHubServer } from './server.mjs';

/**
 * Starts a demo server and opens a page on it as `email` (through the login page), in China time
 * as the demo's records and the screens' users are; its script errors are logged, tagged with
 * `label`, and collected in `pageErrors`; `serverEnv` is added to the server's environment. Closes
 * what it opened if a step fails.
 * @returns {Promise<{ server: EduHubServer, browser: import('playwright-core').Browser,
 *   context: import('playwright-core').BrowserContext, page: import('playwright-core').Page,
 *   pageErrors: string[] }>}
 */
export async function openReportPage(label, email, serverEnv = {}) {
  const opened = { server: null, browser: null, context: null, page: null, pageErrors: [] };
  try {
    opened.server = await EduHubServer.create(serverEnv);
    await opened.server.start();
    opened.browser = await launchBrowser();
    ({ context: opened.context, page: opened.page } = await openPage(
      opened.browser,
      { timezoneId: 'Asia/Shanghai' },
      label,
    ));
    opened.page.on('pageerror', (e) => opened.pageErrors.push(e.message));
    await loginAs(opened.page, opened.server.origin, email);
    return opened;
  } catch (e) {
    await closeReportPage(opened);
    throw e;
  }
}

/**
 * A second signed-in page beside openReportPage's, as `email` in a context of its own (China
 * time); its script errors go to `pageErrors` too. Close its context after the tests.
 * @returns {Promise<{ context: import('playwright-core').BrowserContext, page: import('playwright-core').Page }>}
 */
export async function openSecondPage({ browser, server, pageErrors }, label, email) {
  const opened = await openPage(browser, { timezoneId: 'Asia/Shanghai' }, label);
  opened.page.on('pageerror', (e) => pageErrors.push(e.message));
  await loginAs(opened.page, server.origin, email);
  return opened;
}

/** Closes what openReportPage opened (any of it may be missing): the page's context, the browser, the server. */
export async function closeReportPage({ context, browser, server }) {
  await context?.close();
  await browser?.close();
  await server?.stop();
}

/** Polls `read` until `done(value)` (each ~100 ms, up to `timeout`); returns the last value. */
export async function until(read, done, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether `a` and `b` are the same as JSON. */
export const sameJson = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The days of a search's range, both included. */
export const days = (search) => (Date.parse(search.beginTimeEnd) - Date.parse(search.beginTimeStart)) / 86_400_000 + 1;

/** A count as the cards and tables show it (1,234). */
export const count = (n) => n.toLocaleString('en-US');

/** A rate (a fraction) as the cards and tables show it (12.34%; '/' without a base, -1). */
export const rate = (r) => (r === -1 ? '/' : `${(r * 100).toFixed(2)}%`);

/** The JSON body of a request ({} without one). */
export const requestBody = (req) => JSON.parse(req.postData() ?? '{}');

/**
 * A request predicate: a POST to `path` (the URL's path) and, when `done` is given, whose body
 * passes `done`.
 */
export const isPost = (path, done) => (req) =>
  req.method() === 'POST' && new URL(req.url()).pathname === path && (!done || done(requestBody(req)));

/** Does `action` and returns the body of the first call to `path` whose body passes `done`. */
export async function requestOf(page, path, done, action) {
  const [request] = await Promise.all([page.waitForRequest(isPost(path, done)), action()]);
  return requestBody(request);
}

/** The page's POST with its session cookie; the call must succeed. Returns the answer's data. */
export async function post(page, path, data) {
  const res = await pagePost(page, path, data);
  assert.equal(res.code, '1', `${path}: ${JSON.stringify(res)}`);
  return res.data;
}

/** The [label, value] of each card of a summary section (a region named `section`). */
export const cards = (page, section) =>
  page
    .getByRole('region', { name: section })
    .getByRole('group')
    .evaluateAll((groups) => groups.map((g) => [g.getAttribute('aria-label'), g.lastElementChild?.textContent]));

/** The accessors of a table's drawn columns (mantine-datatable's data-accessor), in order. */
export const accessors = (table) =>
  table.locator('thead th[data-accessor]').evaluateAll((ths) => ths.map((th) => th.dataset.accessor));

/** The accessible names of a table's rows, once they are `expected` (or the last seen). */
export async function rowLabels(table, expected) {
  const labels = () =>
    table.locator('tbody tr[aria-label]').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));
  return until(labels, (v) => sameJson(v, expected));
}

/**
 * Each row of a table as [accessible name, {accessor: cell text}], once `ready` holds (or the
 * last seen).
 */
export function tableRows(table, ready) {
  const read = () =>
    table.evaluate((t) => {
      const accessors = [...t.querySelectorAll('thead th[data-accessor]')].map((th) => th.dataset.accessor);
      return [...t.querySelectorAll('tbody tr[aria-label]')].map((tr) => [
        tr.getAttribute('aria-label'),
        Object.fromEntries([...tr.querySelectorAll('td')].map((td, i) => [accessors[i], td.textContent])),
      ]);
    });
  return until(read, ready);
}

/** Each formula of an element: its LaTeX and whether KaTeX drew it. */
export const formulas = (locator) =>
  locator.evaluate((root) =>
    [...root.querySelectorAll('[data-latex]')].map((el) => ({
      latex: el.getAttribute('data-latex'),
      katex: el.querySelector('.katex') !== null && el.querySelector('.katex-error') === null,
    })),
  );

/** A choice of a question that is not its answer. */
export const wrongLetter = (q) => ['A', 'B', 'C', 'D'].find((l) => !q.answer.includes(l));
