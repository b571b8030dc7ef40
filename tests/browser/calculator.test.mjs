// The calculator page in a real Chromium, under the production headers.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { useServedDistAndBrowser, watchForProblems, waitForCalculator, resultValues } from '../support/browser.mjs';

// dist/ served with the production headers, and one Chromium, for the whole file.
const { site, browser } = useServedDistAndBrowser();

let context;
let page;
let problems;
beforeEach(async () => {
  context = await browser.newContext({ locale: 'pt-BR' });
  page = await context.newPage();
  problems = watchForProblems(page);
});
afterEach(async () => {
  await context.close();
});

async function open(search = '') {
  await page.goto(`${site.origin}/${search}`);
  await waitForCalculator(page);
}

const fieldState = (id) => page.evaluate((fieldId) => {
  const input = document.getElementById(fieldId);
  return { value: input.value, invalid: input.getAttribute('aria-invalid'), error: document.getElementById(`${fieldId}-error`).textContent };
}, id);

test('the page opens with 8 / 64 / 4 / 4.096 and shows 2.048 and 8.388.608', async () => {
  await open();
  const results = await resultValues(page);
  assert.equal(results.effectiveBatch, '2048');
  assert.equal(results.effectiveBatchText, '2.048');
  assert.equal(results.tokensPerStep, '8388608');
  assert.equal(results.tokensPerStepText, '8.388.608');
  assert.equal(results.approximation, '≈ 8,4 milhões de tokens');
  assert.equal(results.status, '');
  assert.equal(await page.inputValue('#sequence-length'), '4.096');
  assert.deepEqual(problems, []);
});

test('the page is in pt-BR and has the seed sections in order', async () => {
  await open();
  assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
  const headings = await page.locator('h2').allTextContents();
  const expected = ['Entradas', 'Resultados', 'Tamanho efetivo de lote', 'Por que o lote global importa', 'A fórmula',
    'Exemplo resolvido', 'Limites', 'Perguntas frequentes', 'Aviso legal', 'Próximas sugestões'];
  assert.deepEqual(headings.filter((text) => expected.includes(text)), expected);
  assert.deepEqual(await page.locator('fieldset legend').allTextContents(), ['Paralelismo', 'Sequência']);
  assert.equal(await page.locator('.faq details').count(), 3);
  assert.ok(await page.locator('math').count() >= 4);
});

test('typing updates the results and the URL without adding history entries', async () => {
  await open();
  const historyLength = await page.evaluate(() => history.length);
  await page.fill('#accumulation-steps', '');
  await page.locator('#accumulation-steps').pressSequentially('16');
  const results = await resultValues(page);
  assert.equal(results.effectiveBatch, '8192');
  assert.equal(results.tokensPerStep, '33554432');
  assert.equal(results.tokensPerStepText, '33.554.432');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('accum') === '16');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('micro'), '8');
  assert.equal(url.searchParams.get('seq'), '4096');
  assert.equal(await page.evaluate(() => history.length), historyLength);
  assert.deepEqual(problems, []);
});

test('after a burst of 300 keystrokes the URL holds the current values, with no warnings', async () => {
  await open();
  await page.focus('#accumulation-steps');
  await page.keyboard.press('End');
  for (let i = 0; i < 300; i += 1) await page.keyboard.press(i % 2 === 0 ? '2' : 'Backspace');
  await page.keyboard.press('2');
  assert.equal((await resultValues(page)).effectiveBatch, '21504');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('accum') === '42');
  assert.deepEqual(problems, []);
});

test('every keystroke recomputes, with no button', async () => {
  await open();
  await page.fill('#micro-batch', '');
  await page.locator('#micro-batch').pressSequentially('1');
  assert.equal((await resultValues(page)).effectiveBatch, '256');
  await page.locator('#micro-batch').pressSequentially('2');
  assert.equal((await resultValues(page)).effectiveBatch, '3072');
});

test('a bad value shows its pt-BR message, clears the results and leaves the other fields alone', async () => {
  await open();
  await page.fill('#micro-batch', '8,5');
  const micro = await fieldState('micro-batch');
  assert.equal(micro.invalid, 'true');
  assert.match(micro.error, /inteiro/);
  const results = await resultValues(page);
  assert.equal(results.effectiveBatch, '');
  assert.equal(results.tokensPerStep, '');
  assert.equal(results.effectiveBatchText, '—');
  assert.equal(results.approximation, '');
  assert.equal(results.status, 'Insira um valor para ver os resultados.');
  assert.deepEqual(await fieldState('data-parallel'), { value: '64', invalid: 'false', error: '' });
  assert.deepEqual(await fieldState('sequence-length'), { value: '4.096', invalid: 'false', error: '' });
  assert.equal(await page.getAttribute('#micro-batch', 'aria-describedby'), 'micro-batch-hint micro-batch-error');
  assert.deepEqual(problems, []);
});

test('fixing the value clears the error and brings the results back', async () => {
  await open();
  await page.fill('#data-parallel', '');
  assert.equal((await fieldState('data-parallel')).error, 'Informe um valor.');
  await page.fill('#data-parallel', '128');
  assert.deepEqual(await fieldState('data-parallel'), { value: '128', invalid: 'false', error: '' });
  assert.equal((await resultValues(page)).effectiveBatch, '4096');
});

test('each error kind has its own message', async () => {
  await open();
  const messages = new Set();
  for (const text of ['', 'abc', '0', '-8', '8,5', '4294967296', '40.96']) {
    await page.fill('#micro-batch', text);
    messages.add((await fieldState('micro-batch')).error);
  }
  assert.equal(messages.size, 7);
  assert.ok(![...messages].includes(''));
});

test('leaving a field regroups its value in pt-BR', async () => {
  await open();
  await page.fill('#sequence-length', '8192');
  await page.locator('#sequence-length').blur();
  assert.equal(await page.inputValue('#sequence-length'), '8.192');
  assert.equal((await resultValues(page)).tokensPerStep, '16777216');
});

test('a prefilled URL fills the fields and computes (BLOOM-176B)', async () => {
  await open('?micro=2&dp=8&accum=128&seq=2048');
  assert.equal(await page.inputValue('#micro-batch'), '2');
  assert.equal(await page.inputValue('#accumulation-steps'), '128');
  const results = await resultValues(page);
  assert.equal(results.effectiveBatch, '2048');
  assert.equal(results.tokensPerStep, '4194304');
  assert.deepEqual(problems, []);
});

test('missing URL parameters fall back to the defaults', async () => {
  await open('?dp=128');
  assert.equal(await page.inputValue('#micro-batch'), '8');
  assert.equal((await resultValues(page)).effectiveBatch, '4096');
});

test('invalid URL values become field errors, not markup', async () => {
  await open(`?micro=${encodeURIComponent('<img src=x onerror=alert(1)>')}&seq=1e3`);
  assert.equal((await fieldState('micro-batch')).invalid, 'true');
  assert.equal((await fieldState('sequence-length')).invalid, 'true');
  assert.deepEqual(await fieldState('data-parallel'), { value: '64', invalid: 'false', error: '' });
  assert.equal(await page.locator('img').count(), 0);
  assert.equal((await resultValues(page)).effectiveBatch, '');
  assert.deepEqual(problems, []);
});

test('a result above 2^63 is shown exactly', async () => {
  await open('?micro=4294967295&dp=4294967295&accum=1&seq=1');
  const results = await resultValues(page);
  assert.equal(results.effectiveBatch, '18446744065119617025');
  assert.equal(results.effectiveBatchText, '18.446.744.065.119.617.025');
});

test('tokens too large to represent are said so, while the batch stays', async () => {
  await open('?micro=2147483648&dp=2147483648&accum=2&seq=2');
  const results = await resultValues(page);
  assert.equal(results.effectiveBatch, '9223372036854775808');
  assert.equal(results.tokensPerStep, '');
  assert.equal(results.tokensPerStepText, 'Grande demais para representar');
  assert.match(await page.textContent('#overflow-note'), /18\.446\.744\.073\.709\.551\.615/);
});

test('"Copiar link" copies the current URL and confirms it', async () => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  await open('?micro=4');
  await page.fill('#sequence-length', '2048');
  await page.click('#copy-link');
  await page.waitForFunction(() => document.getElementById('copy-status').textContent !== '');
  assert.equal(await page.textContent('#copy-status'), 'Link copiado!');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, page.url());
  assert.equal(new URL(copied).searchParams.get('seq'), '2048');
  assert.deepEqual(problems, []);
});

test('if the wasm cannot load, a clear message says so and no figure appears', async () => {
  await page.route('**/*.wasm', (route) => route.abort());
  await open();
  const results = await resultValues(page);
  assert.match(results.status, /WebAssembly/);
  assert.equal(results.effectiveBatch, '');
  assert.equal(results.effectiveBatchText, '—');
  assert.deepEqual(problems.filter((problem) => !problem.startsWith('error: Failed to load resource')), []);
});

test('without JavaScript the explanation and FAQ are readable', async () => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const staticPage = await noScript.newPage();
  await staticPage.goto(`${site.origin}/`);
  assert.match(await staticPage.textContent('main'), /Exemplo resolvido/);
  assert.ok(await staticPage.locator('noscript').count() > 0);
  assert.equal(await staticPage.getAttribute('#effective-batch', 'data-value'), '');
  await noScript.close();
});
