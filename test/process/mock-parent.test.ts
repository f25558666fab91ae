// The bin started as CI scripts start it: `npx api-contract-mock & PID=$!; …; kill $PID`. The
// SIGTERM reaches npm, not the mock (npm does not pass it on), so the mock must see that its
// parent is gone and stop, freeing its port, within the 3 seconds docs/mock.md promises. (The
// repository's own root runs its own bin with npx: the compiled mock the global setup builds.) The
// whole process group is killed at the end whatever happened, so no mock outlives the test.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/net.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Whether something accepts a connection on the port, on loopback. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's parent and command name, from /proc/<pid>/stat (`pid (comm) state ppid pgrp …`). */
function stat(pid: number): { comm: string; ppid: number; pgrp: number; cmdline: string } {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [ppid, pgrp] = text
    .slice(text.lastIndexOf(')') + 2)
    .split(' ')
    .slice(1, 3)
    .map(Number) as [number, number];
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  return { comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')), ppid, pgrp, cmdline };
}

/**
 * The mock's parent, whatever runs it (npm, or the shell npm ran it in): the process it watches.
 * npx, the shell and the mock all carry the mock's arguments; the mock is the one started last.
 */
function parentOfMock(group: number, args: string): { pid: number; comm: string } {
  const carriers = new Map<number, ReturnType<typeof stat>>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const found = stat(Number(entry));
      if (found.pgrp === group && found.cmdline.includes(args)) carriers.set(Number(entry), found);
    } catch {
      // gone since the listing
    }
  }
  const parents = new Set([...carriers.values()].map((found) => found.ppid));
  const mock = [...carriers].find(([pid]) => !parents.has(pid));
  if (!mock) throw new Error(`no mock in process group ${group}`);
  return { pid: mock[1].ppid, comm: stat(mock[1].ppid).comm };
}

describe('the bin under npx, stopped the way CI scripts stop a server', () => {
  it('SIGTERM to the npx process: the mock notices that its parent is gone, names that process as it is, and frees its port within 3 s', async () => {
    const port = await freePort();
    // Its own process group: the mock inherits it, so the cleanup below reaches it even once orphaned.
    const npx = spawn('npx', ['--no-install', 'api-contract-mock', '--port', String(port), '--host', '127.0.0.1'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npx.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npx.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      for (let tries = 0; !(await listening(port)); tries++) {
        if (tries > 300) throw new Error(`the mock did not start under npx:\n${output}`);
        await sleep(100);
      }
      const parent = parentOfMock(npx.pid as number, `--port ${port} --host 127.0.0.1`);
      npx.kill('SIGTERM');
      const killed = Date.now();
      while ((await listening(port)) && Date.now() - killed < 3_000) await sleep(50);
      expect(await listening(port), `the port is still held ${Date.now() - killed} ms after the SIGTERM`).toBe(false);
      const line = `mock: its parent process ${parent.pid} (${parent.comm}) ended: stopping`;
      for (let tries = 0; !output.includes(line) && tries < 20; tries++) await sleep(50);
      expect(output.split('\n').filter((text) => text.includes('ended'))).toEqual([line]);
    } finally {
      try {
        process.kill(-(npx.pid as number), 'SIGKILL');
      } catch {
        // the group is gone already
      }
    }
  }, 60_000);
});
