// docs/glossary.md is the site's one list of names: every field of every
// calculator and of the planner, under one field key (the same in the C++
// core) and one URL key, with the older URL keys each page still reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { PLANNER } from '../../web/src/planner/schema.js';
import { RUN_KEYS } from '../../web/src/run/run-context.js';
import { loadCalculatorCore, loadPlanner } from '../support/wasm-core.mjs';

const text = readFileSync(new URL('../../docs/glossary.md', import.meta.url), 'utf8');
const ROW = /^\| `(\w+)` \| `(\w+)`(?: \(part (\d)\))? \| ([^|]*) \| ([^|]+) \|$/gm;
const glossary = new Map([...text.matchAll(ROW)].map(([, key, param, part, older, meaning]) => [key, {
  param, part: part === undefined ? undefined : Number(part) - 1, older: [...older.matchAll(/`(\w+)`/g)].map(([, name]) => name), meaning: meaning.trim(),
}]));

const pages = await Promise.all(CALCULATORS.map(async (entry) => ({ name: entry.name, schema: (await entry.load()).default.schema })));
pages.push({ name: 'planner', schema: PLANNER });

test('the glossary has a row for every field key, each with what it is', () => {
  assert.ok(glossary.size > 50, `only ${glossary.size} rows read: is the table's format changed?`);
  for (const { name, schema } of pages) {
    for (const field of schema.fields) {
      assert.ok(glossary.has(field.key), `${name}: ${field.key} is not in docs/glossary.md`);
      assert.notEqual(glossary.get(field.key).meaning, '', field.key);
    }
  }
});

test('every page writes a field under the glossary\'s URL key and lists its older keys there', () => {
  for (const { name, schema } of pages) {
    for (const field of schema.fields) {
      const row = glossary.get(field.key);
      assert.deepEqual([field.param, field.part], [row.param, row.part], `${name}: ${field.key}`);
      for (const alias of field.aliases ?? []) assert.ok(row.older.includes(alias), `${name}: ${field.key}'s older key ${alias} is not in the glossary`);
    }
  }
});

test('no two quantities share a URL key, and no row is left that no page uses', () => {
  const used = new Set(pages.flatMap(({ schema }) => schema.fields.map(({ key }) => key)));
  const urlKeys = new Map();
  for (const [key, { param, part }] of glossary) {
    assert.ok(used.has(key), `${key}: no page has this field`);
    const urlKey = `${param}${part === undefined ? '' : `:${part}`}`;
    assert.equal(urlKeys.get(urlKey), undefined, `${urlKey} names both ${urlKeys.get(urlKey)} and ${key}`);
    urlKeys.set(urlKey, key);
  }
});

test('an older key that is another quantity\'s URL key is never carried from page to page', () => {
  const current = new Set([...glossary.values()].map(({ param }) => param));
  for (const [key, { older }] of glossary) {
    for (const alias of older.filter((name) => current.has(name))) {
      assert.ok(!RUN_KEYS.includes(alias), `${key}'s older key ${alias} is another quantity's URL key and is carried between pages`);
    }
  }
});

test('every field the C++ core reads is a glossary row, under the same key', async () => {
  for (const { name, schema } of pages.filter((page) => page.name !== 'planner')) {
    const core = await loadCalculatorCore(name);
    for (const { key } of core.describe(schema).fields) assert.ok(glossary.has(key), `${name}'s core: ${key}`);
  }
  const planner = await loadPlanner();
  for (const { key } of planner.describe().fields) assert.ok(glossary.has(key), `the planner's core: ${key}`);
});
