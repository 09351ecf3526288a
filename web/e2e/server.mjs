// Starts the real EduHub server (`eduhub serve --demo`) for the end-to-end tests.

import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT_DIR = join(WEB_DIR, 'test-output');
export const DIST_DIR = join(WEB_DIR, 'dist');
export const SERVER_BIN = resolve(WEB_DIR, process.env.EDUHUB_BIN ?? '../target/debug/eduhub');

/** Why the suite cannot run here, or null. */
export function missingPrerequisite() {
  if (!existsSync(SERVER_BIN)) return `server binary not found at ${SERVER_BIN} (set EDUHUB_BIN)`;
  if (!existsSync(join(DIST_DIR, 'index.html'))) return `web/dist is not built (run npm run build)`;
  return null;
}

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One server process on a fixed port and data directory; can be stopped and started again. */
export class EduHubServer {
  constructor({ port, dataDir, env = {}, demo = true }) {
    this.port = port;
    this.dataDir = dataDir;
    /** Extra environment of the process (e.g. an AI provider's EDUHUB_AI_URL). */
    this.env = env;
    /** `serve --demo` (the demo accounts and data), or a deployment's first start. */
    this.demo = demo;
    /** What the process printed on standard output (the demo accounts, a set-up link). */
    this.output = '';
    this.origin = `http://127.0.0.1:${port}`;
    this.child = null;
    mkdirSync(OUTPUT_DIR, { recursive: true });
    this.log = createWriteStream(join(OUTPUT_DIR, 'server.log'), { flags: 'a' });
  }

  static async create(env = {}, { demo = true } = {}) {
    const dataDir = mkdtempSync(join(tmpdir(), 'eduhub-e2e-'));
    return new EduHubServer({ port: await freePort(), dataDir, env, demo });
  }

  /** The SQLite database file of this server. */
  get databaseFile() {
    return join(this.dataDir, 'e2e.db');
  }

  async start() {
    const env = {
      ...process.env,
      EDUHUB_ADDR: `127.0.0.1:${this.port}`,
      DATABASE_URL: `sqlite://${join(this.dataDir, 'e2e.db')}?mode=rwc`,
      EDUHUB_DATA_DIR: this.dataDir,
      EDUHUB_WEB_DIR: DIST_DIR,
      ...this.env,
    };
    this.log.write(`\n=== start ${new Date().toISOString()} port ${this.port}\n`);
    const child = spawn(SERVER_BIN, this.demo ? ['serve', '--demo'] : ['serve'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => {
      this.output += chunk.toString();
    });
    child.stdout.pipe(this.log, { end: false });
    child.stderr.pipe(this.log, { end: false });
    this.child = child;
    const exited = new Promise((r) => child.once('exit', (code) => r(code)));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const code = await Promise.race([exited, sleep(250).then(() => undefined)]);
      if (code !== undefined)
        throw new Error(`server exited with ${code} before /healthz answered (see test-output/server.log)`);
      try {
        const res = await fetch(`${this.origin}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
    }
    throw new Error('server did not answer /healthz within 60 s');
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.child = null;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    // The grace timer is cleared once the process is gone: left pending, it would keep the test
    // process alive for its full 10 s.
    let grace;
    const timedOut = new Promise((r) => {
      grace = setTimeout(() => r(false), 10_000);
    });
    const killed = await Promise.race([exited.then(() => true), timedOut]);
    clearTimeout(grace);
    if (!killed) {
      child.kill('SIGKILL');
      await exited;
    }
  }

  /** Kills the process at once (SIGKILL): no shutdown work, as in a crash. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.child = null;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /** Logs in over REST and returns the session token (for Authorization: Bearer). */
  async token(email, password = 'eduhub-demo') {
    const res = await fetch(`${this.origin}/api/account/login/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, type: 1, skipBlocker: true }),
    });
    const body = await res.json();
    if (!body.data?.token) throw new Error(`login of ${email} failed: ${JSON.stringify(body)}`);
    return body.data.token;
  }

  /** A REST call with a bearer token; returns the envelope. */
  async call(method, path, token, body) {
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  }
}
