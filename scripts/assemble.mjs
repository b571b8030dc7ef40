#!/usr/bin/env node
// Builds dist/ from web/ and the wasm build:
//  - every module, stylesheet and the wasm under web/src and web/styles (and
//    the wasm glue, mounted at src/wasm/) is content-hashed into dist/assets/,
//    leaf first, so each hash covers the hashed names of what the file loads;
//  - the stable entry points other sites link to keep their names:
//    src/entries/widget.js -> widget.js, src/entries/embed-host.js -> embed.js;
//  - web/static/ is copied as is;
//  - the pages of web/pages/site.mjs are rendered, with the default figures
//    computed by the same wasm core, running in Node.
// SITE_URL (or Netlify's URL) is the deployed address, for canonical and
// alternate links; it defaults to the local server's.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { basename, dirname, extname, join, posix, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const webDir = join(root, 'web');
const wasmBuildDir = join(root, 'build', 'wasm', 'cpp', 'wasm');
const distDir = join(root, 'dist');
const siteUrl = new URL(process.env.SITE_URL || process.env.URL || 'http://localhost:8080/').href.replace(/\/?$/, '/');

const STABLE_OUTPUTS = new Map([['src/entries/widget.js', 'widget.js'], ['src/entries/embed-host.js', 'embed.js']]);
const TEXT_EXTENSIONS = new Set(['.js', '.css']);

// Source id (a posix path under web/, e.g. "src/kit/tree.js") -> absolute path.
const sources = new Map();
const walk = (dir, prefix) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const id = `${prefix}${entry.name}`;
    if (entry.isDirectory()) walk(join(dir, entry.name), `${id}/`);
    else sources.set(id, join(dir, entry.name));
  }
};
walk(join(webDir, 'src'), 'src/');
walk(join(webDir, 'styles'), 'styles/');
for (const name of ['batch_planner.js', 'batch_planner.wasm']) sources.set(`src/wasm/${name}`, join(wasmBuildDir, name));

const contents = new Map([...sources].map(([id, path]) => [id, readFileSync(path)]));
const isText = (id) => TEXT_EXTENSIONS.has(extname(id));

// References are quoted relative specifiers ("./x.js", "../y/z.css") or, as
// the wasm glue writes it, the bare name of a sibling ("batch_planner.wasm").
const REFERENCE = /(["'])((?:\.{1,2}\/)[^"'\s]+|[\w.-]+\.(?:js|css|wasm))\1/g;
const STATIC_IMPORT = /\b(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?(["'])([^"']+)\1/g;

function resolveReference(fromId, specifier) {
  const target = posix.normalize(posix.join(posix.dirname(fromId), specifier));
  return sources.has(target) ? target : null;
}

const referencesCache = new Map();
function references(id) {
  if (!isText(id)) return [];
  if (!referencesCache.has(id)) {
    const text = contents.get(id).toString('utf8');
    referencesCache.set(id, [...text.matchAll(REFERENCE)]
      .map((match) => ({ specifier: match[2], target: resolveReference(id, match[2]) }))
      .filter((reference) => reference.target && reference.target !== id));
  }
  return referencesCache.get(id);
}

const staticImportsCache = new Map();
function staticImports(id) {
  if (!staticImportsCache.has(id)) {
    const text = contents.get(id).toString('utf8');
    staticImportsCache.set(id, [...text.matchAll(STATIC_IMPORT)].map((match) => resolveReference(id, match[2])).filter(Boolean));
  }
  return staticImportsCache.get(id);
}

// Output path (under dist/) of each source that has been written.
const outputs = new Map();

function rewrite(id, outputPath) {
  if (!isText(id)) return contents.get(id);
  let text = contents.get(id).toString('utf8');
  const fromDir = posix.dirname(outputPath);
  text = text.replace(REFERENCE, (whole, quote, specifier) => {
    const target = resolveReference(id, specifier);
    if (!target || target === id) return whole;
    let path = posix.relative(fromDir, outputs.get(target));
    if (!path.startsWith('../')) path = `./${path}`;
    return `${quote}${path}${quote}`;
  });
  return Buffer.from(text, 'utf8');
}

rmSync(distDir, { recursive: true, force: true });
mkdirSync(join(distDir, 'assets'), { recursive: true });

// Hashed assets, leaf first.
let pending = [...sources.keys()].filter((id) => !STABLE_OUTPUTS.has(id));
while (pending.length > 0) {
  const ready = pending.filter((id) => references(id).every(({ target }) => outputs.has(target)));
  if (ready.length === 0) throw new Error(`circular references among: ${pending.join(', ')}`);
  for (const id of ready) {
    const body = rewrite(id, 'assets/x');
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    const output = `assets/${basename(id, extname(id))}.${hash}${extname(id)}`;
    if ([...outputs.values()].includes(output)) throw new Error(`two sources hash to ${output}`);
    writeFileSync(join(distDir, output), body);
    outputs.set(id, output);
  }
  pending = pending.filter((id) => !outputs.has(id));
}

for (const [id, output] of STABLE_OUTPUTS) {
  writeFileSync(join(distDir, output), rewrite(id, output));
  outputs.set(id, output);
}
for (const name of readdirSync(join(webDir, 'static'))) {
  copyFileSync(join(webDir, 'static', name), join(distDir, name));
  outputs.set(`static/${name}`, name);
}

// The modules an entry loads before it runs: its static import graph.
function modulePreloads(entryId) {
  const seen = new Set();
  const visit = (id) => {
    for (const target of staticImports(id)) {
      if (!seen.has(target)) {
        seen.add(target);
        visit(target);
      }
    }
  };
  visit(entryId);
  return [...seen];
}

function linkerFor(pagePath) {
  const fromDir = posix.dirname(pagePath);
  const relativeTo = (output) => {
    const path = posix.relative(fromDir, output);
    return path.startsWith('../') ? path : `./${path}`;
  };
  return {
    href: (id) => {
      if (!outputs.has(id)) throw new Error(`${pagePath}: no asset ${id}`);
      return relativeTo(outputs.get(id));
    },
    modulePreloads,
    siteRoot: fromDir === '.' ? './' : `${posix.relative(fromDir, '.')}/`,
  };
}

// The same wasm core as the browser, for the default figures in the HTML.
const { default: createBatchPlannerModule } = await import(pathToFileURL(join(wasmBuildDir, 'batch_planner.js')).href);
const { adaptCore } = await import(pathToFileURL(join(webDir, 'src', 'kit', 'core-adapter.js')).href);
const core = adaptCore(await createBatchPlannerModule({ wasmBinary: readFileSync(join(wasmBuildDir, 'batch_planner.wasm')) }));
const { renderSite } = await import(pathToFileURL(join(webDir, 'pages', 'site.mjs')).href);

for (const { path, html } of renderSite({ core, linkerFor, siteUrl })) {
  mkdirSync(join(distDir, dirname(path)), { recursive: true });
  writeFileSync(join(distDir, path), html);
}

const written = [...outputs].filter(([id]) => !id.startsWith('static/'));
console.log(`assemble: ${written.length} assets and ${readdirSync(distDir, { recursive: true }).filter((name) => name.endsWith('.html')).length} pages in dist/ (site ${siteUrl})`);
