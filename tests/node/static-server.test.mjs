// The local server's command line: a clear message, not a stack trace, when its port is taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const serverScript = new URL('../../scripts/static-server.mjs', import.meta.url).pathname;

test('a busy port gets a one-line message and exit status 1', async () => {
  const blocker = createServer();
  await new Promise((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(join(tmpdir(), 'serve-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
  try {
    const { status, stderr } = spawnSync(process.execPath, [serverScript, String(blocker.address().port), dir], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(status, 1);
    assert.match(stderr, new RegExp(`port ${blocker.address().port} is already in use`));
    assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
  } finally {
    blocker.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
