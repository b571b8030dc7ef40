// The folders show the design: a calculator's folder imports no other
// calculator's, and the shared folders (the kit, the models, the hardware,
// the planner, the run, the i18n, the entries) import no calculator's
// folder at all: they reach a calculator through the registry. Every static
// and dynamic import of every module under web/src is read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { CALCULATORS } from '../../web/src/calculators/registry.js';

const src = resolve(import.meta.dirname, '..', '..', 'web', 'src');
const calculators = join(src, 'calculators');
const NAMES = new Set(CALCULATORS.map(({ name }) => name));
const modules = readdirSync(src, { recursive: true }).filter((file) => /\.m?js$/.test(file)).map((file) => join(src, file));
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

// The calculator whose folder holds a file, or null for a shared one.
const calculatorOf = (file) => {
  const path = relative(calculators, file).split(/[\\/]/);
  return path[0] !== '..' && path.length > 1 && NAMES.has(path[0]) ? path[0] : null;
};
// Every relative import of a module: [specifier, the file it names].
const importsOf = (file) => [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map(([, , specifier]) => [specifier, resolve(dirname(file), specifier)]);

test('every calculator of the registry has a folder of its own under web/src/calculators, which holds nothing else', () => {
  const folders = readdirSync(calculators, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map(({ name }) => name);
  assert.deepEqual(folders.sort(), [...NAMES].sort());
});

test('no calculator\'s module imports another calculator\'s folder', () => {
  const crossings = modules.filter(calculatorOf).flatMap((file) => importsOf(file)
    .filter(([, target]) => calculatorOf(target) && calculatorOf(target) !== calculatorOf(file))
    .map(([specifier]) => `${relative(src, file)} -> ${specifier}`));
  assert.deepEqual(crossings, []);
});

test('no shared module imports a calculator\'s folder: it reaches one through the registry', () => {
  const registry = join(calculators, 'registry.js');  // the one list of them, which loads each on demand
  const crossings = modules.filter((file) => !calculatorOf(file) && file !== registry).flatMap((file) => importsOf(file)
    .filter(([, target]) => calculatorOf(target))
    .map(([specifier]) => `${relative(src, file)} -> ${specifier}`));
  assert.deepEqual(crossings, []);
});

test('the kit imports nothing outside the kit but the default language: the run a page carries is handed to it', () => {
  const kit = join(src, 'kit');
  const allowed = new Set([join(src, 'i18n', 'catalogs.js')]);
  const crossings = modules.filter((file) => !relative(kit, file).startsWith('..')).flatMap((file) => importsOf(file)
    .filter(([, target]) => relative(kit, target).startsWith('..') && !allowed.has(target))
    .map(([specifier]) => `${relative(src, file)} -> ${specifier}`));
  assert.deepEqual(crossings, []);
});
