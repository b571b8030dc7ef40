// Hostile input in every field, through the URL and by typing: the page never
// throws, never runs or renders what was injected, never shows NaN/undefined/
// Infinity/null, flags the offending field only, and stays responsive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import { LANGUAGES, useServedDistAndBrowser, watchForProblems, waitForCalculator, resultValues } from '../support/browser.mjs';

const CATALOGS = { 'pt-BR': ptBR, 'en': en };
const FIELDS = EFFECTIVE_BATCH.fields.map(({ id, param, key, default: initial }) => ({ id, param, key, initial: Number(initial) }));
const PT = LANGUAGES[0];

const LONG_PASTE = '9'.repeat(100_000);

// Every one of these must be rejected with a message.
const HOSTILE = [
  '<script>window.pwned = 1</script>',
  '<img src=x onerror="window.pwned = 1">',
  `"'><svg onload=window.pwned=1>`,
  `8' OR '1'='1`,
  '"8"',
  LONG_PASTE,
  'NaN', 'Infinity', '-Infinity', '1e3', '0x10', '-0', '+8', 'undefined', 'null',
  '８',             // fullwidth digit eight
  '٤٠٩٦',           // Arabic-Indic digits
  '۸',              // extended Arabic-Indic eight
  '8\u200b',        // zero-width space
  '\u200d8',        // zero-width joiner
  '\u202e8',        // right-to-left override
  '\u20668\u2069',  // bidi isolate
  '\ufeff8',        // byte order mark
  '4294967296',             // 2^32
  '18446744073709551615',   // 2^64 - 1
  '18446744073709551616',   // 2^64
];

const FORBIDDEN_WORDS = /\b(NaN|undefined|Infinity|null)\b/;

// dist/ served with the production headers, and one Chromium, for the whole file.
const { site, browser } = useServedDistAndBrowser();

async function newPage() {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  const dialogs = [];
  page.on('dialog', (dialog) => { dialogs.push(dialog.message()); dialog.dismiss(); });
  return { context, page, problems, dialogs };
}

// What must hold whatever was entered, with `offending` the field that got it.
// typed: the page wrote the URL itself, so it must stay short.
async function assertSafe(page, offending, label, { offendingValid = false, typed = false, language = PT } = {}) {
  // The home page's core loads at the first edit: its answer first (the page says "loading" until then).
  await waitForCalculator(page);
  const state = await page.evaluate(() => ({
    pwned: window.pwned,
    // The planner's own chart is the one svg the page draws.
    injected: document.querySelectorAll('img, svg:not(#ramp-chart), iframe, object, embed, script:not([src])').length,
    bodyText: document.body.innerText,
    search: location.search,
    fields: [...document.querySelectorAll('form input')].map((input) => ({
      id: input.id, value: input.value, invalid: input.getAttribute('aria-invalid'),
      error: document.getElementById(`${input.id}-error`).textContent,
    })),
  }));
  assert.equal(state.pwned, undefined, `${label}: injected code ran`);
  assert.equal(state.injected, 0, `${label}: markup entered the DOM`);
  assert.doesNotMatch(state.bodyText, FORBIDDEN_WORDS, `${label}: NaN/undefined/Infinity/null shown`);
  if (typed) assert.ok(state.search.length < 1000, `${label}: URL grew to ${state.search.length} characters`);
  for (const field of state.fields) {
    if (field.id === offending) {
      if (offendingValid) {
        assert.equal(field.invalid, 'false', `${label}: ${field.id} should be valid`);
      } else {
        assert.equal(field.invalid, 'true', `${label}: ${field.id} not flagged`);
        assert.notEqual(field.error, '', `${label}: ${field.id} has no message`);
      }
    } else {
      const initial = language.format(FIELDS.find(({ id }) => id === field.id).initial);
      assert.deepEqual({ value: field.value, invalid: field.invalid, error: field.error },
        { value: initial, invalid: 'false', error: '' }, `${label}: ${field.id} changed`);
    }
  }
  const results = await resultValues(page);
  if (!offendingValid) {
    // A result whose inputs include the offending field shows nothing; the others stay exact.
    const { key } = FIELDS.find(({ id }) => id === offending);
    for (const result of EFFECTIVE_BATCH.results) {
      const shown = results[result.key];
      if (result.dependsOn.includes(key)) assert.equal(shown, '', `${label}: stale ${result.key}`);
      else assert.notEqual(shown, '', `${label}: ${result.key} lost`);
    }
    const catalog = CATALOGS[language.locale];
    const fieldLabel = catalog.effectiveBatch.fields[key].label;
    assert.ok([catalog.kit.review(fieldLabel, 1), catalog.kit.fillIn(fieldLabel, 1)].includes(results.status), `${label}: ${results.status}`);
  }
}

// Every hostile value in every field, each case in one language, dealt in turn along the fields and along the values:
// each value is read by both languages' number syntax (in alternate fields) and each field shows both languages'
// messages, at half the page loads of every case in both.
const inTurn = (texts, languageIndex) => FIELDS.flatMap((field, fieldIndex) => texts
  .filter((_, textIndex) => (fieldIndex + textIndex) % LANGUAGES.length === languageIndex)
  .map((text) => ({ field, text })));
const TYPED_TEXTS = HOSTILE.filter((value) => value !== LONG_PASTE);

for (const [languageIndex, language] of LANGUAGES.entries()) {
  test(`${language.locale}: hostile values in the URL become field errors in every field, half the cases in each language`, async () => {
    const { context, page, problems, dialogs } = await newPage();
    for (const { field, text } of inTurn(HOSTILE, languageIndex)) {
      const label = `URL ${field.param}=${JSON.stringify(text.slice(0, 40))}`;
      await page.goto(`${site.origin}${language.path}?${field.param}=${encodeURIComponent(text)}`);
      await waitForCalculator(page);
      await assertSafe(page, field.id, label, { language });
    }
    assert.deepEqual(dialogs, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [languageIndex, language] of LANGUAGES.entries()) {
  test(`${language.locale}: hostile values typed into every field become field errors, half the cases in each language`, async () => {
    const { context, page, problems, dialogs } = await newPage();
    await page.goto(`${site.origin}${language.path}`);
    await waitForCalculator(page);
    for (const { field, text } of inTurn(TYPED_TEXTS, languageIndex)) {
      await page.fill(`#${field.id}`, '');
      await page.locator(`#${field.id}`).pressSequentially(text);
      await assertSafe(page, field.id, `typed ${field.id} ${JSON.stringify(text)}`, { typed: true, language });
      await page.fill(`#${field.id}`, language.format(field.initial));
    }
    assert.deepEqual(dialogs, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a 1.000.000-character paste, twenty times over, leaves no figure and the next input computes', async () => {
  const { context, page, problems } = await newPage();
  await page.goto(`${site.origin}/?micro=8&dp=64&accum=4&seq=4096`);
  await waitForCalculator(page);
  await page.evaluate((text) => navigator.clipboard.writeText(text), '9'.repeat(1_000_000));
  for (let round = 0; round < 20; round += 1) {
    await page.focus('#micro-batch');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
    await page.waitForFunction(() => document.getElementById('micro-batch-error').textContent !== '');
    assert.equal((await resultValues(page)).effectiveBatch, '', `round ${round}: stale figure`);
    await page.fill('#data-parallel', round % 2 ? '64' : '32');
  }
  await page.fill('#micro-batch', '2');
  const results = await resultValues(page);
  assert.equal(results.effectiveBatch, '512');
  assert.equal(await page.getAttribute('[data-calculator]', 'data-state'), 'ready');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a 100.000-character paste is judged in every field', async () => {
  const { context, page, problems } = await newPage();
  await page.goto(`${site.origin}/`);
  await waitForCalculator(page);
  await page.evaluate((text) => navigator.clipboard.writeText(text), LONG_PASTE);
  for (const field of FIELDS) {
    await page.focus(`#${field.id}`);
    await page.keyboard.press('ControlOrMeta+A');
    const started = Date.now();
    await page.keyboard.press('ControlOrMeta+V');
    await page.waitForFunction((id) => document.getElementById(`${id}-error`).textContent !== '', field.id);
    const elapsed = Date.now() - started;
    // A figure for the log only: timings belong to scripts/bench, not to a verdict.
    console.log(`# paste of ${LONG_PASTE.length} characters into ${field.id}: ${elapsed} ms`);
    assert.equal((await page.inputValue(`#${field.id}`)).length, LONG_PASTE.length);
    await assertSafe(page, field.id, `pasted into ${field.id}`, { typed: true });
    await page.fill(`#${field.id}`, PT.format(field.initial));
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('2^32 - 1 is accepted in every field, through the URL and by typing', async () => {
  const { context, page, problems } = await newPage();
  for (const field of FIELDS) {
    await page.goto(`${site.origin}/?${field.param}=4294967295`);
    await waitForCalculator(page);
    assert.equal(await page.getAttribute(`#${field.id}`, 'aria-invalid'), 'false');
    assert.notEqual((await resultValues(page)).effectiveBatch, '');
    await page.fill(`#${field.id}`, '');
    await page.locator(`#${field.id}`).pressSequentially('4.294.967.295');
    await assertSafe(page, field.id, `2^32-1 in ${field.id}`, { offendingValid: true, typed: true });
    assert.notEqual((await resultValues(page)).tokensPerStepText, '—');
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the first of repeated parameters is used', async () => {
  const { context, page, problems } = await newPage();
  await page.goto(`${site.origin}/?micro=abc&micro=2`);
  await waitForCalculator(page);
  assert.equal(await page.inputValue('#micro-batch'), 'abc');
  assert.equal(await page.getAttribute('#micro-batch', 'aria-invalid'), 'true');
  await page.goto(`${site.origin}/?micro=2&${'micro=<b>x</b>&'.repeat(500)}`);
  await waitForCalculator(page);
  assert.equal((await resultValues(page)).effectiveBatch, '512');
  assert.deepEqual(problems, []);
  await context.close();
});

test('unknown and prototype-like parameters are ignored', async () => {
  const { context, page, problems } = await newPage();
  await page.goto(`${site.origin}/?__proto__=1&constructor=x&toString=y&evil=${encodeURIComponent('<script>window.pwned=1</script>')}&micro=`);
  await waitForCalculator(page);
  await assertSafe(page, 'micro-batch', 'unknown parameters');
  await page.fill('#micro-batch', '8');
  assert.equal((await resultValues(page)).effectiveBatch, '2048');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a malformed query string does not break the page', async () => {
  const { context, page, problems } = await newPage();
  await page.goto(`${site.origin}/?micro=%E0%A4%A&dp=%&seq=%00`);
  await waitForCalculator(page);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.equal(await page.getAttribute('#micro-batch', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#sequence-length', 'aria-invalid'), 'true');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the hostile values dealt to the two languages cover every field and value once, each value in both languages', () => {
  for (const texts of [HOSTILE, TYPED_TEXTS]) {
    const dealt = LANGUAGES.map((_, languageIndex) => inTurn(texts, languageIndex));
    assert.equal(dealt.flat().length, FIELDS.length * texts.length);
    assert.equal(new Set(dealt.flat().map(({ field, text }) => `${field.id}\n${text}`)).size, FIELDS.length * texts.length);
    for (const cases of dealt) {
      assert.equal(new Set(cases.map(({ field }) => field.id)).size, FIELDS.length);
      assert.equal(new Set(cases.map(({ text }) => text)).size, texts.length);
    }
  }
});
