#!/usr/bin/env node
// Copies web/ and the wasm build into dist/. Scripts, styles and the wasm are
// content-hashed into dist/assets/ (cached forever); HTML and other entry points
// keep stable names (revalidated). References are rewritten leaf-first so each
// hash covers the hashed names of what the file loads.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const webDir = join(root, 'web');
const wasmDir = join(root, 'build', 'wasm', 'cpp');
const distDir = join(root, 'dist');
const assetsDir = join(distDir, 'assets');

const HASHED_EXTENSIONS = new Set(['.js', '.css', '.wasm']);
// Entry points other sites link to by a fixed URL stay unhashed.
const STABLE_NAMES = new Set(['widget.js', 'embed.js']);

const sources = new Map();  // file name -> absolute path
for (const name of readdirSync(webDir)) sources.set(name, join(webDir, name));
for (const name of ['effective_batch.js', 'effective_batch.wasm']) sources.set(name, join(wasmDir, name));

const isHashed = (name) => HASHED_EXTENSIONS.has(extname(name)) && !STABLE_NAMES.has(name);
const isText = (name) => extname(name) !== '.wasm';

const contents = new Map([...sources].map(([name, path]) => [name, readFileSync(path)]));
const hashedNames = new Map();  // name -> assets/name.hash.ext

// A reference is the bare file name inside quotes or after "./" or "/".
function referencePattern(name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<=["'(/])(?:\\./)?${escaped}(?=["')?#])`, 'g');
}

function referencedNames(name) {
  if (!isText(name)) return [];
  const text = contents.get(name).toString('utf8');
  return [...sources.keys()].filter((other) => other !== name && isHashed(other) && referencePattern(other).test(text));
}

// Rewrites references to hashed files. fromAssets: the referring file itself lives in assets/.
function rewrite(name, fromAssets) {
  if (!isText(name)) return contents.get(name);
  let text = contents.get(name).toString('utf8');
  for (const other of referencedNames(name)) {
    const target = hashedNames.get(other);
    // "./" keeps module specifiers relative (a bare "assets/x.js" would not resolve).
    const relative = fromAssets ? `./${basename(target)}` : `./${target}`;
    text = text.replace(referencePattern(other), relative);
  }
  return Buffer.from(text, 'utf8');
}

rmSync(distDir, { recursive: true, force: true });
mkdirSync(assetsDir, { recursive: true });

let pending = [...sources.keys()].filter(isHashed);
while (pending.length > 0) {
  const ready = pending.filter((name) => referencedNames(name).every((dep) => hashedNames.has(dep)));
  if (ready.length === 0) throw new Error(`circular references among: ${pending.join(', ')}`);
  for (const name of ready) {
    const body = rewrite(name, true);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    const hashedName = `assets/${basename(name, extname(name))}.${hash}${extname(name)}`;
    writeFileSync(join(distDir, hashedName), body);
    hashedNames.set(name, hashedName);
  }
  pending = pending.filter((name) => !hashedNames.has(name));
}

// The compact calculator's markup has one source, shared with the custom element.
const { COMPACT_CALCULATOR_HTML } = await import(pathToFileURL(join(webDir, 'compact-markup.js')).href);
const COMPACT_PLACEHOLDER = '<!-- compact-calculator -->';

for (const name of sources.keys()) {
  if (isHashed(name)) continue;
  if (extname(name) === '.html') {
    const html = rewrite(name, false).toString('utf8').replace(COMPACT_PLACEHOLDER, COMPACT_CALCULATOR_HTML.trim());
    writeFileSync(join(distDir, name), html);
  } else if (isText(name)) writeFileSync(join(distDir, name), rewrite(name, false));
  else copyFileSync(sources.get(name), join(distDir, name));
}

for (const [name, hashed] of hashedNames) console.log(`${name} -> ${hashed}`);
