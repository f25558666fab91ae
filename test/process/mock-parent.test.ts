// The bin started as CI scripts start it: `npx api-contract-mock & PID=$!; …; kill $PID`. The
// SIGTERM reaches npm, not the mock (npm does not pass it on), so the mock must see that its
// parent is gone and stop, freeing its port, within the 3 seconds docs/mock.md promises. (The
// repository's own root runs its own bin with npx: the compiled mock the global setup builds.) The
// whole process group is killed at the end whatever happened, so no mock outlives the test.
import { spawn } from 'node:child_process';
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

describe('the bin under npx, stopped the way CI scripts stop a server', () => {
  it('SIGTERM to the npx process: the mock notices that its parent is gone and frees its port within 3 s', async () => {
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
      npx.kill('SIGTERM');
      const killed = Date.now();
      while ((await listening(port)) && Date.now() - killed < 3_000) await sleep(50);
      expect(await listening(port), `the port is still held ${Date.now() - killed} ms after the SIGTERM`).toBe(false);
    } finally {
      try {
        process.kill(-(npx.pid as number), 'SIGKILL');
      } catch {
        // the group is gone already
      }
    }
  }, 60_000);
});
