// Embedding on another origin whose CSP is strict: the custom element and the
// iframe embed, both on the real wasm core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { launchChromium, serveDist, watchForProblems, waitForCalculator } from '../support/browser.mjs';
import { serveHostSite } from '../../scripts/lib/host-site.mjs';
import { HEIGHT_MESSAGE_TYPE } from '../../web/src/kit/embed-protocol.js';

let browser;
let calculator;
let host;
let hostPages;

before(async () => {
  calculator = await serveDist();
  const c = calculator.origin;
  hostPages = {
    '/element.html': `<script type="module" src="${c}/widget.js"></script>
      <effective-batch-calculator id="calc" lang="pt-BR" micro="8" dp="64" accum="4" seq="4096">Fallback: enable JavaScript.</effective-batch-calculator>`,
    '/element-en.html': `<script type="module" src="${c}/widget.js"></script>
      <effective-batch-calculator id="calc" micro="8" dp="64" accum="4" seq="4096"></effective-batch-calculator>`,
    '/late-definition.html': `<div id="slot"></div>`,
    '/defaults.html': `<script type="module" src="${c}/widget.js"></script>
      <effective-batch-calculator id="calc" dp="128" theme="dark"></effective-batch-calculator>`,
    '/bad-attribute.html': `<script type="module" src="${c}/widget.js"></script>
      <effective-batch-calculator id="calc" lang="pt-BR" micro="8" dp="64" accum="4" seq="&lt;b&gt;x&lt;/b&gt;"></effective-batch-calculator>`,
    '/twice.html': `<script type="module" src="${c}/widget.js"></script>
      <script type="module" src="${c}/widget.js?again"></script>
      <effective-batch-calculator id="calc" micro="2" dp="8" accum="128" seq="2048"></effective-batch-calculator>`,
    '/iframe.html': `<p>Before the calculator.</p>
      <iframe id="frame" src="${c}/embed.html?micro=2&amp;dp=8&amp;accum=128&amp;seq=2048" title="Calculadora" width="100%" height="150"></iframe>
      <p id="after">After the calculator.</p>
      <script type="module" src="${c}/embed.js"></script>
      <script type="module" src="${c}/embed.js?again"></script>`,
    '/iframe-en.html': `<iframe id="frame" src="${c}/embed.html?lang=en&amp;micro=2&amp;dp=8&amp;accum=128&amp;seq=2048" title="Calculator" width="100%" height="150"></iframe>
      <script type="module" src="${c}/embed.js"></script>`,
    '/trusted-types.html': {
      body: `<script type="module" src="${c}/widget.js"></script>
        <effective-batch-calculator id="calc" micro="2" dp="8" accum="128" seq="2048"></effective-batch-calculator>`,
      extraPolicy: ["require-trusted-types-for 'script'", "trusted-types 'none'"],
    },
    '/isolated.html': {
      body: `<script type="module" src="${c}/widget.js"></script>
        <effective-batch-calculator id="calc" micro="2" dp="8" accum="128" seq="2048"></effective-batch-calculator>
        <iframe id="frame" src="${c}/embed.html?micro=4&amp;dp=8&amp;accum=128&amp;seq=2048" title="Calculator" width="100%" height="150"></iframe>
        <script type="module" src="${c}/embed.js"></script>`,
      headers: { 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Opener-Policy': 'same-origin' },
    },
    '/main-page-frame.html': `<iframe id="frame" src="${c}/" title="Calculadora" width="100%" height="300"></iframe>`,
  };
  host = await serveHostSite(c, hostPages);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await host?.close();
  await calculator?.close();
});

async function openHost(path, options = {}) {
  const context = await browser.newContext({ locale: 'pt-BR', ...options });
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${location.origin} ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const problems = watchForProblems(page);  // includes messages from the iframe
  await page.goto(`${host.origin}${path}`);
  return { context, page, problems };
}

async function assertClean(page, problems) {
  const violations = [];
  for (const frame of page.frames()) violations.push(...await frame.evaluate(() => window.cspViolations ?? []));
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
}

// Until the embed has computed and the host has sized the frame to the content's final height.
async function waitForSettledFrame(page) {
  const embed = () => page.frames().find((frame) => /embed\.html/.test(frame.url()));
  await page.waitForFunction(() => document.getElementById('frame').getBoundingClientRect().height !== 150);
  await embed().waitForFunction(() => document.querySelector('[data-calculator]')?.dataset.state === 'ready');
  let frame = 0;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const content = await embed().evaluate(() => Math.ceil(document.querySelector('.embed').getBoundingClientRect().height));
    frame = await page.evaluate(() => document.getElementById('frame').getBoundingClientRect().height);
    if (content === frame) break;
    await page.waitForTimeout(50);
  }
  return frame;
}

// The embed posts a valid height, and the host is seen applying it.
async function followedByValidHeight(page, height) {
  const embed = page.frame({ url: /embed\.html/ });
  await embed.evaluate(([type, value]) => window.parent.postMessage({ type, height: value }, '*'), [HEIGHT_MESSAGE_TYPE, height]);
  await page.waitForFunction((wanted) => document.getElementById('frame').getBoundingClientRect().height === wanted, height);
}

const waitForElementResult = (page) => page.waitForFunction(() => {
  const element = document.getElementById('calc');
  const output = element?.shadowRoot?.getElementById('effective-batch');
  return output && output.textContent !== '—';
});

test('the element computes from its attributes on another origin', async () => {
  const { context, page, problems } = await openHost('/element.html');
  await waitForElementResult(page);
  const state = await page.evaluate(() => {
    const element = document.getElementById('calc');
    return {
      effectiveBatch: element.effectiveBatch,
      tokensPerStep: element.tokensPerStep,
      shown: element.shadowRoot.getElementById('tokens-per-step').textContent,
      micro: element.micro,
    };
  });
  assert.deepEqual(state, { effectiveBatch: '2048', tokensPerStep: '8388608', shown: '8.388.608', micro: '8' });
  await page.locator('#calc').locator('#micro-batch').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#calc').locator('#micro-batch').inputValue(), '8');
  await assertClean(page, problems);
  await context.close();
});

test('missing attributes take the defaults, and theme="dark" forces the dark scheme', async () => {
  const { context, page, problems } = await openHost('/defaults.html', { colorScheme: 'light' });
  await waitForElementResult(page);
  assert.equal(await page.evaluate(() => document.getElementById('calc').effectiveBatch), '4096');
  await page.locator('#calc').locator('#micro-batch').waitFor({ state: 'visible' });
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('calc')).colorScheme), 'dark');
  await assertClean(page, problems);
  await context.close();
});

test('an attribute change recomputes and fires the event with exact strings', async () => {
  const { context, page, problems } = await openHost('/element.html');
  await waitForElementResult(page);
  const detail = await page.evaluate(() => new Promise((resolve) => {
    document.body.addEventListener('effective-batch-change', (event) => {
      if (event.detail.effectiveBatch === '18446744065119617025') {
        resolve({ ...event.detail, bubbles: event.bubbles, composed: event.composed });
      }
    });
    const element = document.getElementById('calc');
    element.setAttribute('micro', '4294967295');
    element.dp = '4.294.967.295';
    element.setAttribute('accum', '1');
  }));
  assert.deepEqual(detail, { effectiveBatch: '18446744065119617025', tokensPerStep: '', bubbles: true, composed: true });
  assert.equal(await page.evaluate(() => document.getElementById('calc').getAttribute('dp')), '4.294.967.295');
  assert.equal(await page.evaluate(() => document.getElementById('calc').tokensPerStep), '');
  await assertClean(page, problems);
  await context.close();
});

test('typing inside the element recomputes and fires the event', async () => {
  const { context, page, problems } = await openHost('/element.html');
  await waitForElementResult(page);
  const eventPromise = page.evaluate(() => new Promise((resolve) => {
    document.addEventListener('effective-batch-change', (event) => resolve(event.detail), { once: true });
  }));
  await page.locator('#calc').locator('#accumulation-steps').fill('8');
  assert.deepEqual(await eventPromise, { effectiveBatch: '4096', tokensPerStep: '16777216' });
  await assertClean(page, problems);
  await context.close();
});

test('a bad attribute gives a field error, no figure and no exception', async () => {
  const { context, page, problems } = await openHost('/bad-attribute.html');
  await page.waitForFunction(() => document.getElementById('calc')?.shadowRoot?.getElementById('sequence-length-error')?.textContent);
  const state = await page.evaluate(() => {
    const root = document.getElementById('calc').shadowRoot;
    return {
      effectiveBatch: document.getElementById('calc').effectiveBatch,
      tokensPerStep: document.getElementById('calc').tokensPerStep,
      shown: root.getElementById('tokens-per-step').textContent,
      invalid: root.getElementById('sequence-length').getAttribute('aria-invalid'),
      error: root.getElementById('sequence-length-error').textContent,
      injected: root.querySelectorAll('b').length,
    };
  });
  // The batch does not depend on the sequence length, so it stays; the tokens go.
  assert.equal(state.effectiveBatch, '2048');
  assert.equal(state.tokensPerStep, '');
  assert.equal(state.shown, '—');
  assert.equal(state.invalid, 'true');
  assert.match(state.error, /algarismos/);
  assert.equal(state.injected, 0);
  await page.evaluate(() => { document.getElementById('calc').seq = 'NaN'; });
  await page.evaluate(() => { document.getElementById('calc').removeAttribute('seq'); });
  await page.waitForFunction(() => document.getElementById('calc').tokensPerStep === '8388608');
  await assertClean(page, problems);
  await context.close();
});

test('a second include of widget.js is harmless', async () => {
  const { context, page, problems } = await openHost('/twice.html');
  await waitForElementResult(page);
  assert.equal(await page.evaluate(() => document.getElementById('calc').effectiveBatch), '2048');
  assert.equal(await page.evaluate(() => document.getElementById('calc').shadowRoot.querySelectorAll('input').length), 4);
  await assertClean(page, problems);
  await context.close();
});

test('without JavaScript the text inside the tag is shown', async () => {
  const { context, page } = await openHost('/element.html', { javaScriptEnabled: false });
  assert.match(await page.textContent('body'), /Fallback: enable JavaScript\./);
  await context.close();
});

test('the iframe computes from its URL and the host sizes it from the posted height', async () => {
  const { context, page, problems } = await openHost('/iframe.html');
  const frame = page.frameLocator('#frame');
  await frame.locator('#effective-batch[data-value="2048"]').waitFor();
  assert.equal(await frame.locator('#tokens-per-step').getAttribute('data-value'), '4194304');
  // Values from the URL are regrouped as if typed.
  assert.equal(await frame.locator('#sequence-length').inputValue(), '2.048');

  const contentHeight = () => page.frame({ url: /embed\.html/ }).evaluate(
    () => Math.ceil(document.querySelector('.embed').getBoundingClientRect().height));
  const frameHeight = () => page.evaluate(() => document.getElementById('frame').getBoundingClientRect().height);
  await waitForSettledFrame(page);
  assert.equal(await frameHeight(), await contentHeight());

  // Content grows (a field error appears): the host follows.
  const before = await frameHeight();
  await frame.locator('#micro-batch').fill('8,5');
  await page.waitForFunction((previous) => document.getElementById('frame').getBoundingClientRect().height > previous, before);
  assert.equal(await frameHeight(), await contentHeight());

  // The link to the full calculator carries the current values.
  await frame.locator('#micro-batch').fill('4');
  const link = new URL(await frame.locator('#full-calculator-link').getAttribute('href'));
  assert.equal(link.origin, calculator.origin);
  assert.equal(link.pathname, '/');
  assert.equal(link.searchParams.get('micro'), '4');
  assert.equal(link.searchParams.get('seq'), '2048');
  await assertClean(page, problems);
  await context.close();
});

test('embed.js listens once, even when included twice, and ignores other origins', async () => {
  const { context, page, problems } = await openHost('/iframe.html');
  await waitForSettledFrame(page);
  const session = await context.newCDPSession(page);
  const { result } = await session.send('Runtime.evaluate', { expression: 'window' });
  const { listeners } = await session.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
  assert.equal(listeners.filter((listener) => listener.type === 'message').length, 1);

  const height = await page.evaluate(() => document.getElementById('frame').getBoundingClientRect().height);
  await page.evaluate((type) => window.postMessage({ type, height: 4000 }, '*'), HEIGHT_MESSAGE_TYPE);
  // A valid height from the frame afterwards proves the listener has run past the foreign one.
  await followedByValidHeight(page, height + 1);
  assert.equal(await page.evaluate(() => document.getElementById('frame').getBoundingClientRect().height), height + 1);
  await assertClean(page, problems);
  await context.close();
});

test('the iframe follows the theme parameter', async () => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${calculator.origin}/embed.html?theme=dark`);
  await page.locator('#effective-batch[data-value="2048"]').waitFor();
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'dark');
  await page.goto(`${calculator.origin}/embed.html?theme=<script>`);
  await page.locator('#effective-batch[data-value="2048"]').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an embed is light for a dark-system reader unless the host asks for dark or auto, and its snippets say so', async () => {
  // Issue 29, item 5: light docs must not show a black box to a reader whose system is dark.
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  const scheme = () => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  await page.goto(`${calculator.origin}/embed.html`);
  await page.locator('#effective-batch[data-value="2048"]').waitFor();
  assert.equal(await scheme(), 'light');
  await page.goto(`${calculator.origin}/embed.html?theme=auto`);
  await page.locator('#effective-batch[data-value="2048"]').waitFor();
  assert.equal(await scheme(), 'light dark');
  assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), true);
  // The element: light by default, auto on request.
  await page.goto(`${host.origin}/element-en.html`);
  await page.waitForFunction(() => document.getElementById('calc')?.effectiveBatch !== '');
  const hostScheme = () => page.evaluate(() => getComputedStyle(document.getElementById('calc')).colorScheme);
  assert.equal(await hostScheme(), 'light');
  await page.evaluate(() => document.getElementById('calc').setAttribute('theme', 'auto'));
  assert.equal(await hostScheme(), 'light dark');
  // The snippets document the choice.
  await page.goto(`${calculator.origin}/en/`);
  await waitForCalculator(page);
  assert.match(await page.textContent('#iframe-snippet'), /^<!-- Light theme by default\. Add &theme=dark/);
  assert.match(await page.textContent('#element-snippet'), /^<!-- Light theme by default\. Add theme="dark"/);
  assert.deepEqual(problems.filter((problem) => !/host/.test(problem)), []);
  await context.close();
});

test('the full page itself refuses to be framed by other sites', async () => {
  // The refusal itself is waited for: Chromium reports the blocked frame on the
  // host's console, naming frame-ancestors, and the frame never shows the page.
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  const refused = page.waitForEvent('console', { predicate: (message) => /frame-ancestors/.test(message.text()), timeout: 15_000 });
  await page.goto(`${host.origin}/main-page-frame.html`);
  assert.match((await refused).text(), /frame-ancestors 'none'/);
  const framed = page.frames().find((frame) => frame !== page.mainFrame());
  const text = await framed.evaluate(() => document.body?.innerText ?? '').catch(() => '');
  assert.doesNotMatch(text, /Tamanho efetivo de lote/);
  assert.ok(problems.every((problem) => /frame-ancestors|Refused to (frame|display)/i.test(problem)), problems.join('\n'));
  await context.close();
});

test('"Incorporar" gives snippets with the current values that work when pasted into another site', async () => {
  const context = await browser.newContext({ locale: 'pt-BR' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: calculator.origin });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${calculator.origin}/?micro=2&dp=8&accum=128&seq=2048`);
  await page.locator('#effective-batch[data-value="2048"]').waitFor();
  await page.fill('#micro-batch', '4');
  // Snippets follow typing in batches (like the URL), so wait for them.
  await page.waitForFunction(() => document.getElementById('element-snippet').textContent.includes('micro="4"'));
  const iframeCode = await page.textContent('#iframe-snippet');
  const elementCode = await page.textContent('#element-snippet');
  assert.match(iframeCode, new RegExp(`src="${calculator.origin}/embed\\.html\\?micro=4&amp;dp=8&amp;accum=128&amp;seq=2048"`));
  assert.match(elementCode, /<effective-batch-calculator lang="pt-BR" micro="4" dp="8" accum="128" seq="2048">/);
  assert.match(elementCode, new RegExp(`src="${calculator.origin}/widget\\.js"`));

  await page.click('#copy-element-snippet');
  await page.waitForFunction(() => document.getElementById('copy-element-status').textContent !== '');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), elementCode);
  await page.click('#copy-iframe-snippet');
  await page.waitForFunction(() => document.getElementById('copy-iframe-status').textContent !== '');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), iframeCode);
  assert.deepEqual(problems, []);
  await context.close();

  hostPages['/pasted-element.html'] = elementCode.replace('<effective-batch-calculator ', '<effective-batch-calculator id="calc" ');
  hostPages['/pasted-iframe.html'] = iframeCode.replace('<iframe ', '<iframe id="frame" ');
  const pastedElement = await openHost('/pasted-element.html');
  await waitForElementResult(pastedElement.page);
  assert.equal(await pastedElement.page.evaluate(() => document.getElementById('calc').effectiveBatch), '4096');
  await assertClean(pastedElement.page, pastedElement.problems);
  await pastedElement.context.close();

  const pastedFrame = await openHost('/pasted-iframe.html');
  await pastedFrame.page.frameLocator('#frame').locator('#effective-batch[data-value="4096"]').waitFor();
  await pastedFrame.page.waitForFunction(() => document.getElementById('frame').getBoundingClientRect().height !== 460);
  await assertClean(pastedFrame.page, pastedFrame.problems);
  await pastedFrame.context.close();
});

test('while a field is invalid the snippets ask for a fix and cannot be copied', async () => {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${calculator.origin}/`);
  await page.locator('#effective-batch[data-value="2048"]').waitFor();
  await page.fill('#micro-batch', '"><script>x</script>');
  await page.locator('#micro-batch').blur();
  await waitForCalculator(page);
  assert.match(await page.textContent('#element-snippet'), /^Corrija os campos destacados/);
  assert.match(await page.textContent('#iframe-snippet'), /^Corrija os campos destacados/);
  assert.equal(await page.isDisabled('#copy-element-snippet'), true);
  assert.equal(await page.isDisabled('#copy-iframe-snippet'), true);
  await page.fill('#micro-batch', '16');
  await page.locator('#micro-batch').blur();
  await waitForCalculator(page);
  assert.match(await page.textContent('#element-snippet'), /micro="16"/);
  assert.equal(await page.isDisabled('#copy-element-snippet'), false);
  assert.equal(await page.locator('script:not([src])').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('hostile values in the embed URL become field errors', async () => {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  const hostile = encodeURIComponent('<img src=x onerror="window.pwned=1">');
  await page.goto(`${calculator.origin}/embed.html?micro=${hostile}&seq=1e3&theme=${hostile}`);
  await page.locator('#micro-batch-error:not(:empty)').waitFor();
  assert.equal(await page.getAttribute('#micro-batch', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#sequence-length', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#data-parallel', 'aria-invalid'), 'false');
  assert.equal(await page.getAttribute('#effective-batch', 'data-value'), '');
  assert.equal(await page.locator('img').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.deepEqual(problems, []);
  await context.close();
});

test('axe finds no violations in the embed (light, dark, field error) or the element', async () => {
  for (const [options, url] of [
    [{ colorScheme: 'light' }, `${calculator.origin}/embed.html`],
    [{ colorScheme: 'dark' }, `${calculator.origin}/embed.html?micro=0`],
    [{ colorScheme: 'light' }, `${calculator.origin}/embed.html?theme=dark&seq=8,5`],
  ]) {
    const context = await browser.newContext({ locale: 'pt-BR', ...options });
    const page = await context.newPage();
    await page.goto(url);
    await waitForCalculator(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(violations.map(({ id }) => id), [], url);
    await context.close();
  }
  const { context, page } = await openHost('/element.html');
  await waitForElementResult(page);
  await page.locator('#calc').locator('#micro-batch').waitFor({ state: 'visible' });
  const { violations } = await new AxeBuilder({ page }).include('#calc').analyze();
  assert.deepEqual(violations.map(({ id }) => id), []);
  await context.close();
});

test('with no lang of its own, the element speaks the host page\'s language (English here)', async () => {
  const { context, page, problems } = await openHost('/element-en.html');
  await waitForElementResult(page);
  const state = await page.evaluate(() => {
    const root = document.getElementById('calc').shadowRoot;
    return { shown: root.getElementById('tokens-per-step').textContent, label: root.querySelector('label').textContent, value: root.getElementById('sequence-length').value };
  });
  assert.deepEqual(state, { shown: '8,388,608', label: 'Micro-batch per device', value: '4,096' });
  await assertClean(page, problems);
  await context.close();
});

test('the element re-reads its language when a lang changes, keeping its values; a null or undefined property removes the attribute', async () => {
  // Issue 28, item 26.
  const { context, page, problems } = await openHost('/element-en.html');
  await waitForElementResult(page);
  await page.evaluate(() => { document.documentElement.lang = 'pt-BR'; });
  await page.waitForFunction(() => document.getElementById('calc').shadowRoot.querySelector('label')?.textContent !== 'Micro-batch per device');
  await page.waitForFunction(() => document.getElementById('calc').shadowRoot.getElementById('tokens-per-step')?.textContent === '8.388.608');
  assert.equal(await page.evaluate(() => document.getElementById('calc').shadowRoot.getElementById('sequence-length').value), '4.096');
  // The element's own lang wins over the page's.
  await page.evaluate(() => { document.getElementById('calc').lang = 'en'; });
  await page.waitForFunction(() => document.getElementById('calc').shadowRoot.querySelector('label')?.textContent === 'Micro-batch per device');
  for (const empty of [undefined, null]) {
    await page.evaluate((value) => { document.getElementById('calc').micro = value === 'undefined' ? undefined : value; }, empty === undefined ? 'undefined' : null);
    assert.equal(await page.evaluate(() => document.getElementById('calc').hasAttribute('micro')), false);
    const shown = await page.evaluate(() => document.getElementById('calc').shadowRoot.getElementById('micro-batch').value);
    assert.doesNotMatch(shown, /undefined|null/);
  }
  await assertClean(page, problems);
  await context.close();
});

test('properties set before widget.js loads are kept, and later ones still work', async () => {
  const { context, page, problems } = await openHost('/late-definition.html');
  await page.evaluate(async (widgetUrl) => {
    const element = document.createElement('effective-batch-calculator');
    element.id = 'calc';
    element.micro = '16';
    document.getElementById('slot').append(element);
    await import(widgetUrl);
  }, `${calculator.origin}/widget.js`);
  await waitForElementResult(page);
  await page.waitForFunction(() => document.getElementById('calc').effectiveBatch === '4096');
  assert.equal(await page.evaluate(() => document.getElementById('calc').getAttribute('micro')), '16');
  await page.evaluate(() => { document.getElementById('calc').micro = '1'; });
  await page.waitForFunction(() => document.getElementById('calc').effectiveBatch === '256');
  await assertClean(page, problems);
  await context.close();
});

test('the iframe speaks English with ?lang=en and links to the English page', async () => {
  const { context, page, problems } = await openHost('/iframe-en.html');
  const frame = page.frameLocator('#frame');
  await frame.locator('#effective-batch[data-value="2048"]').waitFor();
  assert.equal(await frame.locator('#tokens-per-step').textContent(), '4,194,304');
  assert.equal(await frame.locator('html').getAttribute('lang'), 'en');
  assert.equal(await frame.locator('#full-calculator-link').textContent(), 'open the full calculator');
  const link = new URL(await frame.locator('#full-calculator-link').getAttribute('href'));
  assert.equal(link.pathname, '/en/');
  assert.equal(link.searchParams.get('micro'), '2');
  await assertClean(page, problems);
  await context.close();
});

test('the host ignores heights that are not finite numbers in range', async () => {
  const { context, page, problems } = await openHost('/iframe.html');
  const height = await waitForSettledFrame(page);
  const embed = page.frame({ url: /embed\.html/ });
  for (const bad of [null, '', false, '0x1F4', '500', -5, 1e9, 'NaN']) {
    await embed.evaluate(([type, value]) => window.parent.postMessage({ type, height: value }, '*'), [HEIGHT_MESSAGE_TYPE, bad]);
  }
  // Messages are handled in order: once a valid height posted after them is applied, every bad one has been seen.
  await followedByValidHeight(page, height + 1);
  assert.equal(await page.evaluate(() => document.getElementById('frame').getBoundingClientRect().height), height + 1);
  await assertClean(page, problems);
  await context.close();
});

test('a megabyte attribute, twenty times over, leaves no stale figure on the element', async () => {
  const { context, page, problems } = await openHost('/element.html');
  await waitForElementResult(page);
  const outcome = await page.evaluate(async () => {
    const element = document.getElementById('calc');
    const huge = '9'.repeat(1_000_000);
    const stale = [];
    for (let round = 0; round < 20; round += 1) {
      element.setAttribute('micro', huge);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (element.effectiveBatch !== '') stale.push(round);
      element.setAttribute('micro', String(round + 1));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    element.setAttribute('micro', '2');
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { stale, effectiveBatch: element.effectiveBatch };
  });
  assert.deepEqual(outcome, { stale: [], effectiveBatch: '512' });
  await assertClean(page, problems);
  await context.close();
});

test('a megabyte typed into the iframe embed, twenty times over, leaves no stale figure', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${calculator.origin}/embed.html?micro=2&dp=8&accum=128&seq=2048`);
  await waitForCalculator(page);
  const huge = '9'.repeat(1_000_000);
  for (let round = 0; round < 20; round += 1) {
    await page.fill('#accumulation-steps', huge);
    assert.equal(await page.getAttribute('#effective-batch', 'data-value'), '', `round ${round}`);
    await page.fill('#accumulation-steps', String(round + 1));
  }
  await page.fill('#accumulation-steps', '64');
  assert.equal(await page.getAttribute('#effective-batch', 'data-value'), '1024');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the element works on a host that enforces Trusted Types', async () => {
  const { context, page, problems } = await openHost('/trusted-types.html');
  await waitForElementResult(page);
  assert.equal(await page.evaluate(() => document.getElementById('calc').effectiveBatch), '2048');
  await assertClean(page, problems);
  await context.close();
});

test('the element and the iframe work on a cross-origin-isolated host (COEP require-corp)', async () => {
  const { context, page, problems } = await openHost('/isolated.html');
  assert.equal(await page.evaluate(() => window.crossOriginIsolated), true);
  await waitForElementResult(page);
  assert.equal(await page.evaluate(() => document.getElementById('calc').effectiveBatch), '2048');
  // The stylesheet (a no-cors load) arrived: the shadow content is shown, styled.
  await page.locator('#calc').locator('#micro-batch').waitFor({ state: 'visible' });
  assert.notEqual(await page.locator('#calc').locator('.compact').evaluate((element) => getComputedStyle(element).borderTopStyle), 'none');
  await page.frameLocator('#frame').locator('#effective-batch[data-value="4096"]').waitFor();
  await waitForSettledFrame(page);
  await assertClean(page, problems);
  await context.close();
});

test('an embed of another calculator preloads no module it does not use: no console warning about a preload', async () => {
  // Issue 28, item 24: embed.html preloaded the home calculator's wasm whatever ?calc= chose.
  const context = await browser.newContext();
  const page = await context.newPage();
  const warnings = [];
  page.on('console', (message) => { if (/preload/i.test(message.text())) warnings.push(message.text()); });
  await page.goto(`${calculator.origin}/embed.html?calc=grad-memory`);
  await waitForCalculator(page);
  assert.equal(await page.locator('link[rel="preload"][as="fetch"]').count(), 0);
  // Chromium warns about an unused preload a few seconds after the load event.
  await page.waitForTimeout(3500);
  assert.deepEqual(warnings, []);
  await context.close();
});
