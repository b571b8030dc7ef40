#!/usr/bin/env node
// Builds dist/ from web/ and the wasm build:
//  - stylesheets, the wasm and the classic prefill guard are minified and
//    content-hashed into dist/assets/;
//  - each ES module entry (a page, the iframe embed, the custom element, the
//    embed host loader) is bundled by esbuild on its own, its lazily imported
//    parts as content-hashed chunks, so a page's first load is a few files
//    that compress well together (measured in scripts/bench); each language's
//    catalog stays its own chunk;
//  - the stable entry points other sites link to keep their names:
//    widget.js and embed.js, each a one-line module that loads its bundle;
//  - the icon is drawn in SVG and PNG (web/pages/favicon.mjs);
//  - the pages and web app manifests of web/pages/site.mjs are rendered, with
//    the default figures computed by the same wasm core, running in Node;
//  - _headers gets each calculator page's security and caching headers, one
//    rule a page path, from the registry (netlify.toml has the rest);
//  - sw.js, the service worker, gets the list of every file and a version.
// The calculators come from web/src/calculators/registry.js: their entries,
// wasm modules, cores and pages.
// SITE_URL (or Netlify's URL) is the deployed address, for canonical and
// alternate links; it defaults to the local server's.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, posix, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, transform } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const webDir = join(root, 'web');
const wasmBuildDir = join(root, 'build', 'wasm', 'cpp', 'wasm');
const distDir = join(root, 'dist');
const assetsDir = join(distDir, 'assets');
const siteUrl = new URL(process.env.SITE_URL || process.env.URL || 'http://localhost:8080/').href.replace(/\/?$/, '/');
const TARGET = ['chrome111', 'firefox113', 'safari16.4'];

const { CALCULATORS, HOME } = await import(pathToFileURL(join(webDir, 'src', 'calculators', 'registry.js')).href);
// 0. Each calculator's fields as its core declares them, which its schema reads (scripts/lib/core-fields.mjs):
// written before any schema is imported.
// Each module is instantiated once, here: its description now, its core for the pages' figures below.
const { instantiateWasm, writeCoreFields } = await import(pathToFileURL(join(root, 'scripts', 'lib', 'core-fields.mjs')).href);
const MODULES = Object.fromEntries(await Promise.all([...CALCULATORS.map(({ wasm }) => wasm), 'planner', 'models']
  .map(async (wasm) => [wasm, await instantiateWasm(wasmBuildDir, wasm)])));
writeCoreFields([
  ...CALCULATORS.map(({ name, wasm }) => ({ folder: join(webDir, 'src', 'calculators', name), wasm, module: MODULES[wasm] })),
  { folder: join(webDir, 'src', 'planner'), wasm: 'planner', module: MODULES.planner },
  // The model reader's: the shape's fields, by which a shape a link hands on is judged (models/linked-model.js).
  { folder: join(webDir, 'src', 'models'), wasm: 'models', module: MODULES.models },
]);
const DESCRIPTORS = await Promise.all(CALCULATORS.map(async (entry) => ({ entry, calculator: (await entry.load()).default })));
// Each calculator's page script, and the entries every calculator shares.
const ENTRIES = {
  ...Object.fromEntries(DESCRIPTORS.map(({ entry, calculator }) => [calculator.entry, `${entry.name}-page`])),
  'src/entries/embed-frame.js': 'embed-frame',
  ...Object.fromEntries(DESCRIPTORS.filter(({ calculator }) => calculator.element).map(({ calculator }) => [calculator.element, 'widget'])),
  'src/entries/embed-host.js': 'embed-host',
};
// Every calculator's wasm module, the planner's (loaded only when the home page's planner section is needed) and the
// model reader's (when a page's model is asked for).
const WASM_MODULES = [...CALCULATORS.map(({ wasm }) => wasm), 'planner', 'models'];
// The home calculator's custom element is the one widget.js other sites link.
const STABLE_ENTRY_POINTS = { 'widget.js': DESCRIPTORS.find(({ entry }) => entry === HOME).calculator.element, 'embed.js': 'src/entries/embed-host.js' };

rmSync(distDir, { recursive: true, force: true });
mkdirSync(assetsDir, { recursive: true });

// Source id (a posix path under web/, or src/wasm/ for the build) -> dist path.
const outputs = new Map();
const sourcePath = (id) => (id.startsWith('src/wasm/') ? join(wasmBuildDir, basename(id)) : join(webDir, id));

function writeHashed(id, body, name = basename(id, extname(id))) {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  const output = `assets/${name}.${hash}${extname(id)}`;
  writeFileSync(join(distDir, output), body);
  outputs.set(id, output);
  return output;
}

// 1. Leaves: stylesheets, the wasm, and the classic (non-module) prefill guard.
// The shared stylesheets of web/styles/, and each feature's own styles.css, named after its folder.
// A feature is a calculator's folder (src/calculators/<name>/) or a shared one (src/<name>/, the planner).
const featureStyles = (folder) => readdirSync(join(webDir, folder), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(join(webDir, folder, entry.name)).includes('styles.css'))
  .map(({ name }) => ({ id: `${folder}/${name}/styles.css`, name }));
const stylesheets = [
  ...readdirSync(join(webDir, 'styles')).map((name) => ({ id: `styles/${name}`, name: basename(name, '.css') })),
  ...featureStyles('src/calculators'),
  ...featureStyles('src'),
];
// A stylesheet is written as a file of its own only where something links it
// alone (the custom element, the planner); pages link theirs as one file (pageStylesheet).
const minifiedStylesheets = new Map();
for (const { id, name } of stylesheets) {
  const { code } = await transform(readFileSync(join(webDir, id), 'utf8'), { loader: 'css', minify: true, target: TARGET });
  minifiedStylesheets.set(id, { code, name });
}
const stylesheetById = (id) => {
  const stylesheet = minifiedStylesheets.get(id);
  if (!stylesheet) throw new Error(`no stylesheet ${id}`);
  return stylesheet;
};
// id: a stylesheet's or another leaf's source id -> its dist path, written on first use.
function leafOutput(id) {
  if (!outputs.has(id) && minifiedStylesheets.has(id)) writeHashed(id, stylesheetById(id).code, stylesheetById(id).name);
  return outputs.get(id);
}
for (const name of WASM_MODULES) writeHashed(`src/wasm/${name}.wasm`, readFileSync(sourcePath(`src/wasm/${name}.wasm`)));
{
  const { code } = await transform(readFileSync(sourcePath('src/kit/prefill-guard.js'), 'utf8'), { loader: 'js', minify: true, target: TARGET });
  writeHashed('src/kit/prefill-guard.js', code);
}

// 2. Module bundles. new URL('<file>', import.meta.url) in a source names a
// leaf asset relative to that source; it is rewritten to the hashed leaf,
// which sits next to every chunk in assets/.
const ASSET_URL = /new URL\((["'])([^"']+)\1,\s*import\.meta\.url\)/g;
const leafIdByPath = new Map([...outputs.keys(), ...minifiedStylesheets.keys()].map((id) => [sourcePath(id), id]));
const assetUrls = {
  name: 'asset-urls',
  setup(builder) {
    builder.onResolve({ filter: /\/wasm\/[a-z_]+\.js$/ }, (args) => ({ path: join(wasmBuildDir, basename(args.path)) }));
    builder.onLoad({ filter: /\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8').replace(ASSET_URL, (whole, quote, specifier) => {
        const id = leafIdByPath.get(resolve(dirname(args.path), specifier));
        const leaf = id && leafOutput(id);
        if (!leaf) throw new Error(`${args.path}: ${specifier} is not a built asset`);
        return `new URL(${quote}./${basename(leaf)}${quote}, import.meta.url)`;
      });
      return { contents: text, loader: 'js' };
    });
  },
};
// CommonJS packages (shell-quote) are turned into an ES module first, on
// their own: bundled as they are, they would make esbuild put its CommonJS
// helpers in a chunk that every entry, the pages' included, imports.
const COMMONJS_PACKAGES = { 'shell-quote': ['parse'] };  // package -> the names the sources import
const prebundledCommonJs = {
  name: 'prebundled-commonjs',
  setup(builder) {
    const filter = new RegExp(`^(${Object.keys(COMMONJS_PACKAGES).join('|')})$`);
    builder.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'prebundled' }));
    builder.onLoad({ filter: /.*/, namespace: 'prebundled' }, async (args) => {
      const { outputFiles } = await build({
        stdin: { contents: `export { ${COMMONJS_PACKAGES[args.path].join(', ')} } from '${args.path}';`, resolveDir: root }, bundle: true, format: 'esm', write: false, target: TARGET, legalComments: 'none',
      });
      return { contents: outputFiles[0].text, loader: 'js' };
    });
  },
};

// The embeds are each bundled on their own, so their first load is one module
// graph with few chunks (gzip compresses one file better than many small
// ones). The pages are bundled together, so what they share is a chunk a
// reader's visit downloads once: measured, a later page of the visit home →
// memory → compute → batch size → configuration → scaling fetches 6.4 to 8.8 KB
// gzip less (the visit 323 → 294 KB in English), for 0.5 to 1.3 KB more on
// each page's first load.
// Its lazily imported catalogs and core loaders are still chunks of their own.
// Chunks are named by their content, so what two entries bundle alike is one file.
// Output file (under dist/) -> its path in dist; an input -> its source id.
const distPath = (file) => posix.relative('dist', relative(root, resolve(root, file)).split('\\').join('/'));
const toId = (input) => posix.relative('web', input.split('\\').join('/'));
const bundle = (entryPoints, plugins) => build({
  entryPoints,
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: TARGET,
  outdir: assetsDir,
  entryNames: '[name].[hash]',
  chunkNames: 'shared.[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [prebundledCommonJs, assetUrls, ...plugins],
});
// The parts a page imports only when the reader comes to them (a calculator's
// lazyParts) are bundles of their own, built first, with their own copy of the
// modules they share with the page. Otherwise esbuild moves what both use into
// a chunk apart, and every first load fetches the page in two files. Measured,
// gzip: the home page's script 14,083 -> 13,370 bytes on every first load, for
// 3.2 KB more when the planner loads. A page's import() of one names its
// hashed file (lazyBundles). They hold no module state, so two copies are safe.
const LAZY_BUNDLES = Object.fromEntries(DESCRIPTORS.flatMap(({ calculator }) => calculator.lazyParts ?? [])
  .map((id) => [id, basename(id, '.js')]));
const lazyResults = await Promise.all(Object.entries(LAZY_BUNDLES).map(async ([id, name]) => ({
  id, result: await bundle({ [name]: join(webDir, id) }, []),
})));
const lazyFiles = new Map(lazyResults.map(({ id, result }) => [join(webDir, id),
  basename(Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint && toId(meta.entryPoint) === id)[0])]));
const lazyBundles = {
  name: 'lazy-bundles',
  setup(builder) {
    builder.onResolve({ filter: /^\./ }, (args) => {
      const file = args.kind === 'dynamic-import' && lazyFiles.get(resolve(args.resolveDir, args.path));
      return file ? { path: `./${file}`, external: true } : undefined;
    });
  },
};
// Every page, as said above. The home page was a bundle of its own while its
// first load was over budget; since its core loads when needed it shares too:
// measured (gzip, pt-BR), its first load 24.3 -> 26.6 KB against 35, and the
// memory page after it in the visit 71.6 -> 59.8 KB against its 63.4 (it
// fetched the kit again).
const SHARED_PAGES = DESCRIPTORS.map(({ calculator }) => calculator.entry);
const sharedPagesResult = await bundle(Object.fromEntries(SHARED_PAGES.map((id) => [ENTRIES[id], join(webDir, id)])), [lazyBundles]);
const bundles = [...lazyResults, ...SHARED_PAGES.map((id) => ({ id, result: sharedPagesResult })),
  ...await Promise.all(Object.entries(ENTRIES).filter(([id]) => !SHARED_PAGES.includes(id)).map(async ([id, name]) => ({
    id, result: await bundle({ [name]: join(webDir, id) }, [lazyBundles]),
  })))];

// Output file (under dist/) -> its metafile entry; source ids -> their chunk.
const chunks = new Map(bundles.flatMap(({ result }) => Object.entries(result.metafile.outputs).map(([file, meta]) => [distPath(file), meta])));
// The run-time words: the shared catalogs (src/i18n/) and a feature's own (words.<locale>.js in its folder).
const isCatalog = (id) => id.startsWith('src/i18n/') || /^src\/(calculators\/)?[^/]+\/words\.[^/]+\.js$/.test(id);
// A lazily imported catalog is its own chunk, within its entry's bundle: entry id -> catalog id -> chunk.
const catalogsByEntry = new Map();
for (const { id, result } of bundles) {
  const catalogs = new Map();
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (meta.entryPoint) outputs.set(toId(meta.entryPoint), distPath(file));
    for (const input of Object.keys(meta.inputs)) if (isCatalog(toId(input)) && !catalogs.has(toId(input))) catalogs.set(toId(input), distPath(file));
  }
  catalogsByEntry.set(id, catalogs);
}

// 3. Stable entry points: one line each, loading the hashed bundle.
for (const [name, id] of Object.entries(STABLE_ENTRY_POINTS)) {
  const bundle = `./${outputs.get(id)}`;
  writeFileSync(join(distDir, name), `export * from ${JSON.stringify(bundle)};\n`);
}
// The icon, in both of its formats (web/pages/favicon.mjs), at the site root.
{
  const { faviconPng, faviconSvg } = await import(pathToFileURL(join(webDir, 'pages', 'favicon.mjs')).href);
  for (const [name, body] of [['favicon.svg', faviconSvg()], ['favicon.png', faviconPng()]]) {
    writeFileSync(join(distDir, name), body);
    outputs.set(name, name);
  }
}

// The chunks an entry loads before it runs: its static import graph.
function modulePreloads(entryId) {
  const seen = new Set();
  const visit = (output) => {
    for (const { path, kind } of chunks.get(output)?.imports ?? []) {
      const target = posix.relative('dist', relative(root, resolve(root, path)).split('\\').join('/'));
      if (kind === 'import-statement' && !seen.has(target)) {
        seen.add(target);
        visit(target);
      }
    }
  };
  visit(outputs.get(entryId));
  return [...seen].map((output) => ({ output }));
}

// A page's stylesheets as one file, in their order: gzip compresses the parts
// together better than apart (calculator.css and page.css: 3,330 -> 2,894
// bytes), and a page makes one request for them, not up to four. One alone
// is its own file, which embed.html and the custom element then share.
const pageStylesheets = new Map();
function pageStylesheet(ids) {
  if (ids.length === 1) return leafOutput(ids[0]);
  const key = ids.join('\n');
  if (!pageStylesheets.has(key)) {
    const body = ids.map((id) => stylesheetById(id).code).join('');
    pageStylesheets.set(key, writeHashed(`page-styles:${key}`, body, 'styles'));
  }
  return pageStylesheets.get(key);
}

function linkerFor(pagePath) {
  const fromDir = posix.dirname(pagePath);
  const relativeTo = (output) => {
    const path = posix.relative(fromDir, output);
    return path.startsWith('../') ? path : `./${path}`;
  };
  return {
    // item: a source id, {output}, or {entry, id} for a module of that entry's bundle (its catalog).
    href: (item) => {
      const output = typeof item !== 'object' ? leafOutput(item) : item.output ?? catalogsByEntry.get(item.entry)?.get(item.id);
      if (!output) throw new Error(`${pagePath}: no asset ${item}`);
      return relativeTo(output);
    },
    modulePreloads,
    stylesheet: (ids) => relativeTo(pageStylesheet(ids)),
    siteRoot: fromDir === '.' ? './' : `${posix.relative(fromDir, '.')}/`,
  };
}

// 4. Pages, with the default figures from the same wasm cores as the browser.
const { adaptCore } = await import(pathToFileURL(join(webDir, 'src', 'kit', 'core-adapter.js')).href);
const cores = Object.fromEntries(CALCULATORS.map(({ name, wasm }) => [name, adaptCore(MODULES[wasm])]));
// The planner's schema is checked as every calculator's is (site.mjs): its rules, and its defaults by its own core.
const { checkDefaults, checkSchema } = await import(pathToFileURL(join(webDir, 'src', 'kit', 'schema-check.js')).href);
const { PLANNER } = await import(pathToFileURL(join(webDir, 'src', 'planner', 'schema.js')).href);
const { adaptPlanner } = await import(pathToFileURL(join(webDir, 'src', 'planner', 'core-adapter.js')).href);
const plannerCore = adaptPlanner(MODULES.planner);
checkDefaults(checkSchema(PLANNER), (texts, syntax) => plannerCore.evaluate(texts, 'seq', syntax).fields);
const { renderSite } = await import(pathToFileURL(join(webDir, 'pages', 'site.mjs')).href);
const pages = renderSite({ cores, linkerFor, siteUrl });
// A page's source indentation is dropped: a line break still separates what it
// separated, and <pre> and <textarea> keep theirs (about 90 bytes of gzip on the home page).
const withoutIndentation = (html) => html.split(/(<pre\b[\s\S]*?<\/pre>|<textarea\b[\s\S]*?<\/textarea>)/)
  .map((part, index) => (index % 2 ? part : part.replace(/\n[ \t]+/g, '\n'))).join('');
for (const { path, content } of pages) {
  mkdirSync(join(distDir, dirname(path)), { recursive: true });
  writeFileSync(join(distDir, path), path.endsWith('.html') ? withoutIndentation(content) : content);
}
const { pageHeaderRules } = await import(pathToFileURL(join(root, 'scripts', 'lib', 'page-headers.mjs')).href);
writeFileSync(join(distDir, '_headers'), pageHeaderRules(CALCULATORS.flatMap(({ paths }) => Object.values(paths))));

// 5. The service worker, with this deployment's files and a version that
// changes whenever any of them does. Pages are cached under their folder's
// address ("./", "en/"), which is how they are visited.
// _headers is Netlify's, never served.
const deployed = readdirSync(distDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && !(entry.name === '_headers' && (entry.parentPath ?? entry.path) === distDir))
  .map((entry) => relative(distDir, join(entry.parentPath ?? entry.path, entry.name)).split('\\').join('/'))
  .sort();
const precache = deployed.map((path) => (path.endsWith('index.html') ? path.slice(0, -'index.html'.length) || './' : path));
const version = createHash('sha256');
for (const path of deployed) version.update(path).update(readFileSync(join(distDir, path)));
const worker = readFileSync(join(webDir, 'src', 'worker', 'service-worker.js'), 'utf8');
const { code: workerCode } = await transform(
  `const VERSION = ${JSON.stringify(version.digest('hex').slice(0, 16))};\nconst PRECACHE = ${JSON.stringify(precache)};\n${worker}`,
  { loader: 'js', minify: true, target: TARGET });
writeFileSync(join(distDir, 'sw.js'), workerCode);
console.log(`assemble: ${readdirSync(assetsDir).length} assets, ${pages.length} pages and manifests, and a service worker of ${precache.length} files in dist/ (site ${siteUrl})`);
