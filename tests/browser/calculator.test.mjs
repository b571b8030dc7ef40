// The calculator pages in a real Chromium, under the production headers, in
// both languages. Tests wait on data-state, never on the page's words.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import { fileURLToPath } from 'node:url';
import { BUDGETS, VISIT, measureFirstLoads, measureVisit } from '../../scripts/lib/visit.mjs';
import { HOME } from '../../web/src/calculators/registry.js';
import { LANGUAGES, useServedDistAndBrowser, watchForProblems, waitForCalculator, resultValues, withPage } from '../support/browser.mjs';

const CATALOGS = { 'pt-BR': ptBR, 'en': en };
const HOME_NAME = HOME.name;

// dist/ served with the production headers, and one Chromium, for the whole file.
const { site, browser } = useServedDistAndBrowser();

let context;
let page;
let problems;
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  problems = watchForProblems(page);
});
afterEach(async () => {
  await context.close();
});

const fieldState = async (id) => (await waitForCalculator(page), page.evaluate((fieldId) => {
  const input = document.getElementById(fieldId);
  return { value: input.value, invalid: input.getAttribute('aria-invalid'), error: document.getElementById(`${fieldId}-error`).textContent };
}, id));

for (const { locale, path, format } of LANGUAGES) {
  const catalog = CATALOGS[locale];
  const open = async (search = '') => {
    await page.goto(`${site.origin}${path}${search}`);
    await waitForCalculator(page);
  };

  test(`${locale}: the page opens with the seed example and its figures in the locale`, async () => {
    await open();
    const results = await resultValues(page);
    assert.equal(results.effectiveBatch, '2048');
    assert.equal(results.effectiveBatchText, format(2048));
    assert.equal(results.tokensPerStep, '8388608');
    assert.equal(results.tokensPerStepText, format(8388608));
    assert.equal(results.approximation, locale === 'en' ? '≈ 8.4 million tokens' : '≈ 8,4 milhões de tokens');
    assert.equal(results.status, '');
    assert.equal(await page.inputValue('#sequence-length'), format(4096));
    assert.equal(await page.getAttribute('html', 'lang'), locale);
    assert.equal(new URL(page.url()).search, '', 'a bare URL stays bare');
    assert.deepEqual(problems, []);
  });

  test(`${locale}: the default figures are in the HTML before any script runs`, async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const staticPage = await noScript.newPage();
    await staticPage.goto(`${site.origin}${path}`);
    assert.equal(await staticPage.getAttribute('#effective-batch', 'data-value'), '2048');
    assert.equal(await staticPage.textContent('#tokens-per-step'), format(8388608));
    assert.ok(await staticPage.locator('noscript').count() > 0);
    await noScript.close();
  });

  test(`${locale}: a reader who only reads fetches no core; the first field touched loads it and the figures follow the edit`, async () => {
    const fetched = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${site.origin}${path}`, { waitUntil: 'networkidle' });
    assert.equal(await page.getAttribute('[data-calculator]', 'data-state'), 'ready');
    assert.deepEqual(fetched.filter((file) => file.endsWith('.wasm')), []);
    assert.equal(await page.getAttribute('#copy-link', 'disabled'), null, 'the built evaluation is a run the page answers for');
    await page.fill('#accumulation-steps', '8');
    await page.waitForFunction(() => document.getElementById('effective-batch').dataset.value === '4096');
    assert.equal(fetched.filter((file) => file.endsWith('.wasm')).length, 1);
    assert.equal(await page.textContent('#tokens-per-step'), format(16777216));
    assert.deepEqual(problems, []);
  });

  test(`${locale}: a link with GPUs whose core cannot load shows no figure, not the defaults`, async () => {
    await page.route('**/*.wasm', (route) => route.abort());
    await open('?gpus=512&tp=4');
    const results = await resultValues(page);
    assert.equal(await page.getAttribute('[data-calculator]', 'data-state'), 'failed');
    assert.equal(results.effectiveBatch, '');
    assert.equal(results.status, catalog.kit.coreFailed);
    assert.deepEqual(problems.filter((problem) => !problem.startsWith('error: Failed to load resource')), []);
  });

  // Dealt to one language: the loader is the same in both.
  if (locale === 'en') {
    test(`${locale}: a core that could not load as a link opened loads at the next edit, and the figures follow it`, async () => {
      let failing = true;
      await page.route('**/*.wasm', (route) => (failing ? route.abort() : route.continue()));
      await open('?micro=16');
      assert.equal(await page.getAttribute('[data-calculator]', 'data-state'), 'failed');
      assert.equal(await page.getAttribute('#effective-batch', 'data-value'), '');
      failing = false;
      // a = 8 typed: B = 16·64·8 = 8,192.
      await page.fill('#accumulation-steps', '8');
      await page.waitForFunction(() => document.getElementById('effective-batch').dataset.value === '8192');
      assert.equal(await page.getAttribute('[data-calculator]', 'data-state'), 'ready');
      assert.deepEqual(problems.filter((problem) => !problem.startsWith('error: Failed to load resource')), []);
    });

    test(`${locale}: a core whose code failed to arrive at the first edit loads at the next, and the figures follow it`, async () => {
      // The core's Embind glue (the one script that names its wasm) fails once, after the page has loaded.
      let failNext = false;
      await page.route('**/*.js', async (route) => {
        if (!failNext) return route.continue();
        const response = await route.fetch();
        if (!(await response.text()).includes('effective_batch')) return route.fulfill({ response });
        failNext = false;
        return route.abort();
      });
      await page.goto(`${site.origin}${path}`, { waitUntil: 'networkidle' });
      failNext = true;
      // Typed without a focus first, so the edit is what asks for the core (a focus would fetch it a moment before).
      const typeUnfocused = (text) => page.$eval('#accumulation-steps', (input, value) => {
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, text);
      await typeUnfocused('8');
      await page.waitForFunction(() => document.querySelector('[data-calculator]').dataset.state === 'failed');
      assert.equal(await page.getAttribute('#effective-batch', 'data-value'), '');
      await typeUnfocused('16');
      await page.waitForFunction(() => document.getElementById('effective-batch').dataset.value === '8192');
      assert.equal(await page.getAttribute('[data-calculator]', 'data-state'), 'ready');
      assert.deepEqual(problems.filter((problem) => !problem.startsWith('error: Failed to load resource')), []);
    });
  }

  test(`${locale}: a link with GPUs whose run's core cannot load shows no figure, never one of d's default`, async () => {
    // The planner's wasm, which the home page's run evaluates on (planner/page-run.js), fails; the calculator's own
    // core would load, but its figure would take d's default, 64, for the cluster's 64 / 8 = 8.
    const modules = [];
    await page.route('**/*.wasm', (route) => {
      modules.push(new URL(route.request().url()).pathname.split('/').pop().split('.')[0]);
      return route.request().url().includes('/planner.') ? route.abort() : route.continue();
    });
    await open('?gpus=64&tp=8&micro=1&accum=8&seq=4096');
    const results = await resultValues(page);
    assert.equal(await page.getAttribute('[data-calculator]', 'data-state'), 'failed');
    assert.equal(results.effectiveBatch, '');
    assert.equal(results.status, catalog.kit.coreFailed);
    assert.ok(modules.includes('planner') && !modules.includes('effective_batch'), modules.join(' '));
    assert.deepEqual(problems.filter((problem) => !problem.startsWith('error: Failed to load resource')), []);
  });

  test(`${locale}: a link that sets values fetches the core with the page, through the prefill guard's preload`, async () => {
    await open('?micro=16');
    const preloads = await page.evaluate(() => [...document.querySelectorAll('link[rel=preload][as=fetch]')].map((link) => new URL(link.href).pathname));
    assert.equal(preloads.length, 1);
    assert.match(preloads[0], /\/assets\/effective_batch\.[0-9a-f]+\.wasm$/);
    assert.equal((await resultValues(page)).effectiveBatch, '4096');
    assert.deepEqual(problems, []);
  });

  test(`${locale}: a prefilled link never paints the default figures`, async () => {
    // Record every value #effective-batch is painted with, from the first frame.
    await context.addInitScript(() => {
      window.paintedBatches = [];
      const record = () => {
        const output = document.getElementById('effective-batch');
        if (output) {
          const hidden = getComputedStyle(output).visibility === 'hidden' || output.closest('[hidden]');
          const shown = hidden ? '(hidden)' : output.dataset.value;
          if (window.paintedBatches.at(-1) !== shown) window.paintedBatches.push(shown);
        }
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await open('?micro=16&dp=8&accum=1&seq=2048');
    await page.waitForFunction(() => window.paintedBatches.includes('128'));
    const painted = await page.evaluate(() => window.paintedBatches);
    assert.ok(!painted.includes('2048'), `painted: ${painted.join(', ')}`);
  });

  test(`${locale}: typing updates the results and the URL without adding history entries`, async () => {
    await open();
    const historyLength = await page.evaluate(() => history.length);
    await page.fill('#accumulation-steps', '');
    await page.locator('#accumulation-steps').pressSequentially('16');
    const results = await resultValues(page);
    assert.equal(results.effectiveBatch, '8192');
    assert.equal(results.tokensPerStepText, format(33554432));
    await page.waitForFunction(() => new URL(location.href).searchParams.get('accum') === '16');
    const url = new URL(page.url());
    // Only what differs from the defaults is written (issue 16, item 25).
    assert.equal(url.search, '?accum=16');
    assert.equal(await page.evaluate(() => history.length), historyLength);
    assert.deepEqual(problems, []);
  });

  test(`${locale}: typing a grouped number one key at a time never flashes an error`, async () => {
    await open();
    await page.fill('#sequence-length', '');
    await waitForCalculator(page);
    await page.evaluate(() => {
      window.errorsSeen = [];
      new MutationObserver(() => {
        const text = document.getElementById('sequence-length-error').textContent;
        if (text) window.errorsSeen.push(text);
      }).observe(document.getElementById('sequence-length-error'), { childList: true, characterData: true, subtree: true });
    });
    const grouped = format(2048);
    for (const key of grouped) {
      await page.locator('#sequence-length').press(key);
      assert.equal(await page.getAttribute('#sequence-length', 'aria-invalid'), 'false', `after "${key}"`);
    }
    assert.deepEqual(await page.evaluate(() => window.errorsSeen), []);
    assert.equal((await resultValues(page)).tokensPerStep, '4194304');
  });

  test(`${locale}: an unfinished grouped number becomes an error once the field is left`, async () => {
    await open();
    await page.fill('#sequence-length', format(2048).slice(0, 4));
    assert.equal((await fieldState('sequence-length')).invalid, 'false');
    assert.equal((await resultValues(page)).tokensPerStep, '');
    await page.locator('#sequence-length').blur();
    const field = await fieldState('sequence-length');
    assert.equal(field.invalid, 'true');
    assert.equal(field.error, catalog.kit.fieldErrors.unfinished_grouping());
  });

  test(`${locale}: a bad sequence length blanks only the tokens and names the field`, async () => {
    await open();
    await page.fill('#sequence-length', 'abc');
    const results = await resultValues(page);
    assert.equal(results.effectiveBatch, '2048');
    assert.equal(results.tokensPerStep, '');
    assert.equal(results.tokensPerStepText, '—');
    assert.equal(results.approximation, '');
    assert.equal(results.status, catalog.kit.review(catalog.effectiveBatch.fields.sequenceLength.label, 1));
    assert.equal((await fieldState('sequence-length')).error, catalog.kit.fieldErrors.not_a_number());
    assert.deepEqual(await fieldState('data-parallel'), { value: '64', invalid: 'false', error: '' });
    assert.deepEqual(problems, []);
  });

  test(`${locale}: a bad factor blanks both results, and fixing it brings them back`, async () => {
    await open();
    await page.fill('#data-parallel', '');
    assert.equal((await fieldState('data-parallel')).error, catalog.kit.fieldErrors.empty());
    const blank = await resultValues(page);
    assert.equal(blank.effectiveBatch, '');
    assert.equal(blank.tokensPerStep, '');
    assert.equal(blank.status, catalog.kit.fillIn(catalog.effectiveBatch.fields.dataParallel.label, 1));
    await page.fill('#data-parallel', '128');
    assert.deepEqual(await fieldState('data-parallel'), { value: '128', invalid: 'false', error: '' });
    assert.equal((await resultValues(page)).effectiveBatch, '4096');
  });

  test(`${locale}: each error kind has its own message`, async () => {
    await open();
    const messages = new Set();
    for (const text of ['', 'abc', '0', '-8', locale === 'en' ? '8.5' : '8,5', '4294967296', locale === 'en' ? '40,9600' : '40.9600']) {
      await page.fill('#micro-batch', text);
      await page.locator('#micro-batch').blur();
      messages.add((await fieldState('micro-batch')).error);
    }
    assert.equal(messages.size, 7);
    assert.ok(![...messages].includes(''));
  });

  test(`${locale}: leaving a field regroups its value`, async () => {
    await open();
    await page.fill('#sequence-length', '8192');
    await page.locator('#sequence-length').blur();
    await waitForCalculator(page);
    assert.equal(await page.inputValue('#sequence-length'), format(8192));
    assert.equal((await resultValues(page)).tokensPerStep, '16777216');
  });

  test(`${locale}: a prefilled URL fills, regroups and computes (BLOOM-176B)`, async () => {
    await open('?micro=2&dp=8&accum=128&seq=2048');
    assert.equal(await page.inputValue('#micro-batch'), '2');
    assert.equal(await page.inputValue('#sequence-length'), format(2048));
    const results = await resultValues(page);
    assert.equal(results.effectiveBatch, '2048');
    assert.equal(results.tokensPerStep, '4194304');
    assert.deepEqual(problems, []);
  });

  test(`${locale}: missing URL parameters fall back to the defaults`, async () => {
    await open('?dp=128');
    assert.equal(await page.inputValue('#micro-batch'), '8');
    assert.equal((await resultValues(page)).effectiveBatch, '4096');
  });

  test(`${locale}: invalid URL values become field errors, not markup`, async () => {
    await open(`?micro=${encodeURIComponent('<img src=x onerror=alert(1)>')}&seq=1e3`);
    assert.equal((await fieldState('micro-batch')).invalid, 'true');
    assert.equal((await fieldState('sequence-length')).invalid, 'true');
    assert.deepEqual(await fieldState('data-parallel'), { value: '64', invalid: 'false', error: '' });
    assert.equal(await page.locator('img').count(), 0);
    assert.equal((await resultValues(page)).effectiveBatch, '');
    assert.deepEqual(problems, []);
  });

  test(`${locale}: a result above 2^63 is shown exactly`, async () => {
    await open('?micro=4294967295&dp=4294967295&accum=1&seq=1');
    const results = await resultValues(page);
    assert.equal(results.effectiveBatch, '18446744065119617025');
    assert.equal(results.effectiveBatchText, format(18446744065119617025n));
  });

  test(`${locale}: tokens too large to represent are said so, while the batch stays`, async () => {
    await open('?micro=2147483648&dp=2147483648&accum=2&seq=2');
    const results = await resultValues(page);
    assert.equal(results.effectiveBatch, '9223372036854775808');
    assert.equal(results.tokensPerStep, '');
    assert.equal(results.tokensPerStepText, catalog.kit.overflow);
    assert.equal(await page.textContent('#effective-batch-overflow-note'), catalog.kit.overflowNote);
  });

  test(`${locale}: the copy button copies the current URL and confirms it`, async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    await open('?micro=4');
    await page.fill('#sequence-length', '2048');
    await page.click('#copy-link');
    await page.waitForFunction(() => document.getElementById('copy-status').textContent !== '');
    assert.equal(await page.textContent('#copy-status'), catalog.kit.copy.linkCopied);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, page.url());
    assert.equal(new URL(copied).searchParams.get('seq'), '2048');
    assert.deepEqual(problems, []);
  });

  test(`${locale}: the language switch keeps the current values`, async () => {
    await open('?micro=2&dp=8&accum=128&seq=2048');
    await page.fill('#micro-batch', '4');
    await page.locator('#micro-batch').blur();
    await page.click('#language-switch');
    await waitForCalculator(page);
    const other = LANGUAGES.find((language) => language.locale !== locale);
    assert.equal(await page.getAttribute('html', 'lang'), other.locale);
    assert.equal(new URL(page.url()).pathname, other.path);
    const results = await resultValues(page);
    assert.equal(results.effectiveBatch, '4096');
    assert.equal(results.effectiveBatchText, other.format(4096));
    assert.equal(await page.inputValue('#sequence-length'), other.format(2048));
    assert.deepEqual(problems, []);
  });

  test(`${locale}: text a field refused stays refused across the language switch, never read as another number there`, async () => {
    // "1.024" micro-batches is a fraction in English and "1,024" in pt-BR: the switch writes it in the other's marks.
    const typed = locale === 'en' ? '1.024' : '1,024';
    const swapped = locale === 'en' ? '1,024' : '1.024';
    await open('?seq=2048');
    await page.fill('#micro-batch', typed);
    await page.locator('#micro-batch').blur();
    assert.equal((await fieldState('micro-batch')).invalid, 'true');
    await page.click('#language-switch');
    await waitForCalculator(page);
    const state = await fieldState('micro-batch');
    assert.equal(state.value, swapped);
    assert.equal(state.invalid, 'true');
    assert.notEqual(state.error, '');
    assert.equal((await resultValues(page)).effectiveBatch, '');
    assert.deepEqual(problems, []);
  });

  test(`${locale}: the language switch keeps the fragment the reader came by while its part is on screen`, async () => {
    // Issue 41, item 6: from #planner it landed on the other language's related cards.
    await open('?micro=4#planner');
    await page.waitForFunction(() => document.getElementById('planner')?.dataset.state === 'ready');
    await page.locator('#planner').scrollIntoViewIfNeeded();
    await page.click('#language-switch');
    await waitForCalculator(page);
    assert.equal(new URL(page.url()).hash, '#planner');
    assert.equal(new URL(page.url()).searchParams.get('micro'), '4');
    assert.deepEqual(problems, []);
  });

  test(`${locale}: a planner section whose script cannot load says so, and the next edit loads it and the calculator's figures`, async () => {
    // The section's script carries the run the calculator evaluates on for a planner link (page-entry.js): both fail,
    // and both are tried again at the next edit.
    await page.route('**/assets/section.*.js', (route) => route.abort());
    await open('?gpus=64&tp=8&micro=1&accum=8&seq=4096');
    await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'failed');
    assert.equal(await page.textContent('#planner-status'), catalog.kit.sectionFailed);
    assert.equal(await page.getAttribute('#effective-batch', 'data-value'), '');
    await page.unroute('**/assets/section.*.js');
    await page.fill('#micro-batch', '2');
    // d = 64 / 8 = 8 from the cluster: B = 2 · 8 · 8 = 128.
    await page.waitForFunction(() => document.getElementById('effective-batch').dataset.value === '128');
    await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
    assert.deepEqual(problems.filter((problem) => !problem.startsWith('error: Failed to load resource')), []);
  });

  test(`${locale}: if the wasm cannot load, a clear message says so and no figure appears`, async () => {
    await page.route('**/*.wasm', (route) => route.abort());
    await open('?micro=16');
    const results = await resultValues(page);
    assert.equal(results.status, catalog.kit.coreFailed);
    assert.equal(results.effectiveBatch, '');
    assert.equal(results.effectiveBatchText, '—');
    assert.equal(await page.getAttribute('[data-calculator]', 'data-state'), 'failed');
    assert.deepEqual(problems.filter((problem) => !problem.startsWith('error: Failed to load resource')), []);
  });

  test(`${locale}: the page links its other language, with alternates and a canonical link`, async () => {
    await open();
    const links = await page.evaluate(() => ({
      canonical: document.querySelector('link[rel=canonical]').href,
      alternates: Object.fromEntries([...document.querySelectorAll('link[rel=alternate][hreflang]')].map((link) => [link.hreflang, new URL(link.href).pathname])),
      ogLocale: document.querySelector('meta[property="og:locale"]').content,
    }));
    assert.equal(new URL(links.canonical).pathname, path);
    assert.deepEqual(links.alternates, { 'pt-BR': '/', 'en': '/en/', 'x-default': '/' });
    assert.equal(links.ogLocale, locale === 'en' ? 'en_US' : 'pt_BR');
  });
}

test('en: the English page shows no Portuguese outside the language switch', async () => {
  await page.goto(`${site.origin}/en/?micro=abc&seq=`);
  await waitForCalculator(page);
  await page.evaluate(() => { for (const details of document.querySelectorAll('details')) details.open = true; });
  const text = await page.evaluate(() => {
    const clone = document.body.cloneNode(true);
    for (const element of clone.querySelectorAll('[lang="pt-BR"]')) element.remove();
    return `${document.title} ${clone.innerText} ${[...document.querySelectorAll('meta[content]')].map((meta) => meta.content).join(' ')}`;
  });
  // Letters and words that English text does not use.
  assert.doesNotMatch(text, /[ãõçáéíóúâêôà]/i);
  assert.doesNotMatch(text, /\b(?:de|dos|das|que|não|para|uma|com|lote|passo|dispositivos?)\b/i);
  // And no run-time string of the pt-BR catalog.
  for (const value of Object.values(ptBR.kit).filter((entry) => typeof entry === 'string' && entry.length > 3)) {
    assert.ok(!text.includes(value), `pt-BR text on the English page: ${value}`);
  }
});

test('pt-BR: the page has the seed sections in order', async () => {
  await page.goto(`${site.origin}/`);
  await waitForCalculator(page);
  const headings = await page.locator('h2').allTextContents();
  const expected = ['Entradas', 'Resultados', 'Tamanho efetivo de lote', 'Por que o lote global importa', 'A fórmula',
    'Exemplo resolvido', 'Limites', 'Perguntas frequentes', 'Aviso legal', 'Próximas sugestões'];
  assert.deepEqual(headings.filter((text) => expected.includes(text)), expected);
  assert.deepEqual(await page.locator('fieldset legend').allTextContents(), ['Paralelismo', 'Sequência']);
  assert.equal(await page.locator('.faq details').count(), 3);
  assert.ok(await page.locator('math').count() >= 4);
});

test('en: the page has the same sections in English', async () => {
  await page.goto(`${site.origin}/en/`);
  await waitForCalculator(page);
  const headings = await page.locator('h2').allTextContents();
  const expected = ['Inputs', 'Results', 'Effective batch size', 'Why the global batch matters', 'The formula',
    'Worked example', 'Limits', 'Frequently asked questions', 'Disclaimer', 'Related calculators', 'Plan a training run', 'Embed'];
  assert.deepEqual(headings, expected);
  assert.equal(await page.locator('.faq details').count(), 3);
});

test('the English page without its trailing slash is redirected to it', async () => {
  const response = await fetch(`${site.origin}/en?micro=2`, { redirect: 'manual' });
  assert.equal(response.status, 301);
  assert.equal(response.headers.get('location'), '/en/?micro=2');
});

for (const { locale, path } of LANGUAGES) {
  const catalog = CATALOGS[locale];
  test(`${locale}: the copy-link button is off while a field needs fixing`, async () => {
    await page.goto(`${site.origin}${path}?micro=abc`);
    await waitForCalculator(page);
    assert.equal(await page.isDisabled('#copy-link'), true);
    await page.fill('#micro-batch', '8');
    assert.equal(await page.isDisabled('#copy-link'), false);
  });

  test(`${locale}: when the clipboard refuses, the link is shown in a field, selected`, async () => {
    await context.addInitScript(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); });
    await page.goto(`${site.origin}${path}?micro=2`);
    await waitForCalculator(page);
    await page.click('#copy-link');
    await page.locator('#copy-link-fallback').waitFor({ state: 'visible' });
    assert.equal(await page.textContent('#copy-status'), catalog.kit.copy.linkFailed);
    const field = await page.evaluate(() => {
      const input = document.getElementById('copy-link-fallback');
      return { value: input.value, focused: document.activeElement === input, selected: input.selectionEnd - input.selectionStart };
    });
    assert.equal(field.value, page.url());
    assert.equal(field.focused, true);
    assert.equal(field.selected, field.value.length);
    assert.deepEqual(problems, []);
  });
}

test('printing keeps the values, the results and the address, and drops the controls and the embed code', async () => {
  await page.goto(`${site.origin}/en/?micro=2&dp=8&accum=128&seq=2048`);
  await waitForCalculator(page);
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(() => {
    const shown = (selector) => [...document.querySelectorAll(selector)].some((element) => getComputedStyle(element).display !== 'none');
    return {
      inputs: shown('input#micro-batch'),
      results: shown('#effective-batch'),
      buttons: shown('button'),
      embed: shown('.embed-section'),
      hint: shown('.share-hint'),
      address: getComputedStyle(document.querySelector('.page-footer'), '::after').content,
    };
  });
  assert.deepEqual({ ...printed, address: undefined }, { inputs: true, results: true, buttons: false, embed: false, hint: false, address: undefined });
  assert.equal(printed.address, JSON.stringify(page.url()));
});

test('the global batch is the headline figure, with its breakdown beside it', async () => {
  await page.goto(`${site.origin}/?micro=2&dp=8&accum=128&seq=2048`);
  await waitForCalculator(page);
  const shown = await page.evaluate(() => ({
    batch: parseFloat(getComputedStyle(document.getElementById('effective-batch')).fontSize),
    tokens: parseFloat(getComputedStyle(document.getElementById('tokens-per-step')).fontSize),
    breakdown: document.getElementById('effective-batch-breakdown').textContent,
    tokensBreakdown: document.getElementById('tokens-per-step-breakdown').textContent,
  }));
  assert.ok(shown.batch > shown.tokens, `${shown.batch}px vs ${shown.tokens}px`);
  assert.equal(shown.breakdown, '2 × 8 × 128 = 2.048 = 2¹¹');
  assert.equal(shown.tokensBreakdown, '2.048 × 2.048 = 4.194.304 = 2²²');
  await page.fill('#accumulation-steps', '3');
  assert.equal(await page.textContent('#effective-batch-breakdown'), '2 × 8 × 3 = 48');
});

for (const { locale, path, format } of LANGUAGES) {
  test(`${locale}: on a phone the figures stay in sight while typing in the first field`, async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 700 }, isMobile: true, hasTouch: true });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${site.origin}${path}`);
    await waitForCalculator(phonePage);
    await phonePage.focus('#micro-batch');
    await phonePage.fill('#micro-batch', '16');
    await waitForCalculator(phonePage);
    const bar = await phonePage.evaluate(() => {
      const element = document.getElementById('effective-batch-bar');
      const box = element.getBoundingClientRect();
      const results = document.getElementById('effective-batch').getBoundingClientRect();
      return { text: element.textContent, inView: box.top >= 0 && box.bottom <= innerHeight, resultsBelow: results.top > innerHeight };
    });
    assert.deepEqual(bar, { text: format(4096), inView: true, resultsBelow: true });
    await phone.close();
  });
}

for (const { locale, path, format } of LANGUAGES) {
  test(`${locale}: a context length typed as 32K reads as 32,768 tokens, and the field shows that reading`, async () => {
    // Issue 20, item 10: 4k, 32K and 128k are 4,096, 32,768 and 131,072 tokens (Llama 3.1's "128K" is 131,072).
    await withPage(browser, async (page) => {
      await page.goto(`${site.origin}${path}`);
      await waitForCalculator(page);
      await page.fill('#sequence-length', '32K');
      await page.waitForFunction(() => document.getElementById('tokens-per-step').dataset.value === String(2048 * 32768));
      assert.equal(await page.textContent('#sequence-length-error'), '');
      await page.locator('#sequence-length').blur();
      await page.waitForFunction((shown) => document.getElementById('sequence-length').value === shown, format(32768));
      assert.equal(new URL(page.url()).searchParams.get('seq'), '32768');
    });
  });
}

test('the home page\'s first load is at most 35 KB of gzip in each language, its core included (issue 51)', async () => {
  const distDir = fileURLToPath(new URL('../../dist', import.meta.url));
  for (const { locale } of LANGUAGES) {
    const [home] = await measureFirstLoads({ browser, origin: site.origin, distDir, locale, names: [HOME_NAME] });
    assert.ok(home.total <= BUDGETS.homeFirstLoad, `${locale}: ${home.total} bytes: ${home.files.map(({ file, gzip }) => `${file} ${gzip}`).join(', ')}`);
  }
});

test('every other page is within issue 51\'s budgets in each language: its first load, and after the pages before it in the visit', async () => {
  // Over its own HTML and its own core (its wasm): 40 KB of gzip on a first load, 24 KB after the pages before it.
  const distDir = fileURLToPath(new URL('../../dist', import.meta.url));
  const files = ({ files: fetched }) => fetched.map(({ file, gzip }) => `${file} ${gzip}`).join(', ');
  for (const { locale } of LANGUAGES) {
    const later = (await measureVisit({ browser, origin: site.origin, distDir, locale })).filter(({ name }) => name !== HOME_NAME);
    const first = await measureFirstLoads({ browser, origin: site.origin, distDir, locale, names: VISIT.filter((name) => name !== HOME_NAME) });
    for (const [loads, overHtml, when] of [[first, BUDGETS.firstLoadOverHtml, 'first load'], [later, BUDGETS.laterPageOverHtml, 'in the visit']]) {
      for (const load of loads) {
        const spent = load.total - load.html - load.ownCore;
        assert.ok(spent <= overHtml, `${locale} ${load.name}, ${when}: ${spent} bytes over its HTML and core, of ${overHtml}: ${files(load)}`);
      }
    }
  }
});
