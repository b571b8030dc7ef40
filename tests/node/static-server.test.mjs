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

test('a folder\'s redirect is built from the normalised path: a raw "/.//evil.com/..%2fen" never sends the reader to another host', async () => {
  // Issue 28, item 28. A raw request line, as curl --path-as-is or a crafted client sends it.
  const { mkdirSync } = await import('node:fs');
  const { request } = await import('node:http');
  const { startServer } = await import('../../scripts/static-server.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'serve-'));
  mkdirSync(join(dir, 'en'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(dir, 'en', 'index.html'), '<!doctype html><title>en</title>');
  const server = await startServer({ port: 0, dir, rules: [] });
  const get = (path) => new Promise((resolve, reject) => {
    const { port } = server.address();
    request({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => { response.resume(); resolve(response); }).on('error', reject).end();
  });
  try {
    for (const path of ['/.//evil.com/..%2fen', '//evil.com/../en', '/en', '/./en?dp=8']) {
      const response = await get(path);
      assert.equal(response.statusCode, 301, path);
      const location = response.headers.location;
      assert.ok(location.startsWith('/') && !location.startsWith('//'), `${path} -> ${location}`);
      assert.equal(new URL(location, 'http://localhost').host, 'localhost', path);
    }
    assert.equal((await get('/./en?dp=8')).headers.location, '/en/?dp=8');
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
