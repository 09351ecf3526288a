// Headless Chromium through playwright-core (the system's /usr/bin/chromium, no download).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { OUTPUT_DIR, missingPrerequisite } from './server.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function missingBrowser() {
  return existsSync(CHROMIUM) ? null : `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`;
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

let shot = 0;

/** Saves a numbered screenshot into web/test-output/. */
export async function screenshot(page, name) {
  shot += 1;
  const file = join(OUTPUT_DIR, `${String(shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Logs in through the login page and waits for the home page. */
export async function loginAs(page, origin, email, password = 'eduhub-demo') {
  await page.goto(`${origin}/login`);
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(`${origin}/main/home`);
  await page.getByText('欢迎回来').waitFor();
  // A popup notice of an earlier test may still be pending: give it a moment, then close it.
  await page
    .getByRole('dialog')
    .first()
    .waitFor({ timeout: 1_000 })
    .catch(() => undefined);
  await closeDialogs(page);
}

/** Waits until the header's real-time indicator says connected. */
export async function waitConnected(page, timeout = 10_000) {
  await page.locator('[role="status"][data-state="connected"]').waitFor({ timeout });
}

/** The top-level names of the left menu. */
export async function menuNames(page) {
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.waitFor();
  return nav.locator(':scope .mantine-NavLink-label').allInnerTexts();
}

/**
 * A new browser context (desktop size, zh-CN, plus `options`) with one page whose script errors
 * are logged, tagged with `label` when given.
 */
export async function openPage(browser, options = {}, label = '') {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', ...options });
  const page = await context.newPage();
  const tag = label ? ` (${label})` : '';
  page.on('pageerror', (e) => console.log(`# page error${tag}: ${e.message}`));
  return { context, page };
}

/** The page's POST with its session cookie; returns the whole envelope. */
export function pagePost(page, path, body) {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(b ?? {}),
      });
      return res.json();
    },
    [path, body],
  );
}

/** Calls the API from inside the page (with its session cookie); returns data. */
export async function pageApi(page, path) {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { credentials: 'include' });
    return (await res.json()).data;
  }, path);
}

/** Closes any open dialog (a pending popup notice) with Escape. */
export async function closeDialogs(page) {
  for (let i = 0; i < 3; i += 1) {
    const dialog = page.getByRole('dialog');
    if ((await dialog.count()) === 0) return;
    await page.keyboard.press('Escape');
    await dialog
      .first()
      .waitFor({ state: 'detached', timeout: 2_000 })
      .catch(() => undefined);
  }
}

/**
 * Why the browser tests cannot run here, or null. Under `make test` (EDUHUB_E2E_REQUIRED) a
 * missing prerequisite is a failure, not a skip.
 */
export function browserTestsSkipped() {
  const skip = missingPrerequisite() ?? missingBrowser();
  if (skip && process.env.EDUHUB_E2E_REQUIRED) throw new Error(`e2e cannot run: ${skip}`);
  if (skip) console.log(`# e2e skipped: ${skip}`);
  return skip;
}
