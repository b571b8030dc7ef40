// Both languages say everything: the run-time catalogs and the page catalogs
// have the same keys, of the same kinds, with nothing left empty, and every
// message the schema and the core can ask for exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import { LOCALES, resolveLocale } from '../../web/src/i18n/catalogs.js';
import { messagesAt } from '../../web/src/kit/schema.js';
import proseEn from '../../web/src/calculators/effective-batch/prose.en.mjs';
import prosePtBR from '../../web/src/calculators/effective-batch/prose.pt-BR.mjs';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { loadWasmModule } from '../support/wasm-core.mjs';

// Every leaf as "path: kind", arrays by index.
function shape(value, path = '') {
  if (typeof value === 'function') return [`${path}: function`];
  if (value === null) return [`${path}: null`];
  if (typeof value !== 'object') return [`${path}: ${typeof value}`];
  return Object.keys(value).sort().flatMap((key) => shape(value[key], path ? `${path}.${key}` : key));
}

function emptyStrings(value, path = '') {
  if (typeof value === 'string') return value.trim() === '' && !path.endsWith('.unit') ? [path] : [];
  if (!value || typeof value !== 'object') return [];
  return Object.keys(value).flatMap((key) => emptyStrings(value[key], path ? `${path}.${key}` : key));
}

test('the run-time catalogs have the same keys in both languages', () => {
  assert.deepEqual(shape(en), shape(ptBR));
});

test('the page catalogs have the same keys in both languages', () => {
  assert.deepEqual(shape(proseEn), shape(prosePtBR));
});

test('no catalog text is left empty', () => {
  for (const catalog of [en, ptBR, proseEn, prosePtBR]) assert.deepEqual(emptyStrings(catalog), []);
});

test('no catalog or page prose of any calculator, nor the planner\'s, leaves a text empty, in either language', async () => {
  for (const entry of CALCULATORS) {
    const calculator = (await entry.load()).default;
    for (const locale of LOCALES) {
      const prose = (await import(`../../web/${calculator.folder}prose.${locale}.mjs`)).default;
      assert.deepEqual(emptyStrings(prose), [], `${entry.name} prose, ${locale}`);
      if (calculator.catalogs) assert.deepEqual(emptyStrings((await calculator.catalogs[locale]()).default), [], `${entry.name} words, ${locale}`);
    }
  }
  for (const locale of LOCALES) {
    assert.deepEqual(emptyStrings((await import(`../../web/src/planner/words.${locale}.js`)).default), [], `planner, ${locale}`);
  }
});

// A hint is shown only under a field of a page, built into its HTML; the
// embeds, which build their fields in the browser from the run-time words,
// show none. So the hints live in the page prose and never in the words that
// every first load downloads.
test('every calculator\'s fields have their hints in its page prose, in both languages, and the run-time words carry none', async () => {
  const hintsIn = (catalog) => shape(catalog).filter((leaf) => /(^|\.)hint: /.test(leaf));
  for (const entry of CALCULATORS) {
    const calculator = (await entry.load()).default;
    for (const locale of LOCALES) {
      const prose = (await import(`../../web/${calculator.folder}prose.${locale}.mjs`)).default;
      assert.deepEqual(Object.keys(prose.fieldHints).sort(), calculator.schema.fields.map(({ key }) => key).sort(), `${entry.name}, ${locale}`);
      for (const field of calculator.schema.fields) assert.equal(typeof prose.fieldHints[field.key], 'string', `${entry.name} ${field.key}, ${locale}`);
      if (calculator.catalogs) assert.deepEqual(hintsIn((await calculator.catalogs[locale]()).default), [], `${entry.name} words, ${locale}`);
    }
  }
  // The shared catalogs, which hold the home calculator's words.
  for (const catalog of [en, ptBR]) assert.deepEqual(hintsIn(catalog), [], catalog.locale);
});

test('every field status the core can report has a message in both languages, and so do the page\'s own three', async () => {
  const module = await loadWasmModule();
  // The page's own: a list's text that is none of its words, a device slug it does not offer (kit/present.js,
  // core-adapter.js), and a figure the device list lacks for the chosen device (kit/present.js).
  const statuses = [...Object.keys(module.FieldStatus).filter((name) => name !== 'values' && name !== 'ok'), 'not_a_choice', 'unknown_preset', 'notInDeviceList'];
  for (const catalog of [en, ptBR]) {
    assert.deepEqual(Object.keys(catalog.kit.fieldErrors).sort(), statuses.sort(), catalog.locale);
  }
});

test('every number syntax a catalog names exists in the core', async () => {
  const module = await loadWasmModule();
  for (const catalog of [en, ptBR]) assert.ok(module.NumberSyntax[catalog.numberSyntax], catalog.locale);
});

test('each catalog\'s marks are the ones the core writes for its number syntax', async () => {
  const module = await loadWasmModule();
  for (const catalog of [en, ptBR]) {
    assert.deepEqual(catalog.marks, { ...module.numberMarks(module.NumberSyntax[catalog.numberSyntax]) }, catalog.locale);
  }
});

test('every field, group and result of the schema has its words in both languages', () => {
  for (const catalog of [en, ptBR]) {
    const messages = messagesAt(catalog, EFFECTIVE_BATCH.messages);
    for (const group of EFFECTIVE_BATCH.groups) assert.ok(messages.groups[group], `${catalog.locale} group ${group}`);
    for (const field of EFFECTIVE_BATCH.fields) {
      const words = messagesAt(catalog, field.messages);
      assert.ok(words?.label, `${catalog.locale} ${field.key}`);
    }
    for (const result of EFFECTIVE_BATCH.results) assert.ok(messagesAt(catalog, result.messages)?.label, `${catalog.locale} ${result.key}`);
  }
});

test('language tags resolve to the two supported locales, pt-BR by default', () => {
  assert.deepEqual(LOCALES, ['pt-BR', 'en']);
  assert.equal(resolveLocale('en-GB'), 'en');
  assert.equal(resolveLocale('EN'), 'en');
  assert.equal(resolveLocale('pt'), 'pt-BR');
  assert.equal(resolveLocale('pt-PT'), 'pt-BR');
  assert.equal(resolveLocale('fr'), 'pt-BR');
  assert.equal(resolveLocale(null), 'pt-BR');
});
