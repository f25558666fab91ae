// Starts the mock the way `npm start` does (scripts/mock.js, Prism in that process) on a free
// loopback port, waits until it answers, and always stops it when the run ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../helpers/net.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mockBaseUrl: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the mock exited with ${child.exitCode}:\n${output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`the mock did not answer at ${url} within 45 s:\n${output()}`);
}

let child: ChildProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  const port = await freePort();
  child = spawn(process.execPath, ['scripts/mock.js', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // If the test run itself is torn down without teardown (a crash, an unhandled signal), the mock
  // goes with it instead of staying behind on its port.
  const spawned = child;
  process.once('exit', () => spawned.kill('SIGKILL'));
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${baseUrl}/v2/system_users`, child, () => log);
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('mockBaseUrl', baseUrl);
}

export async function teardown(): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child?.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
