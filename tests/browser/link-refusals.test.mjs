// Every key a link gives is read or refused aloud (issue 50, item 4), on every
// calculator's page, in both languages: a choice that is none of the list's
// words names its field and holds the figures back; a device slug the page
// does not offer is refused by name and leaves the device's figures empty for
// the reader to give, never another device's; a key given twice is read as its
// first value, and the page says so. Parametrised over the registry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import { useServedDistAndBrowser, waitForCalculator, withPage } from '../support/browser.mjs';

const KITS = { 'pt-BR': ptBR.kit, 'en': en.kit };
const { site, browser } = useServedDistAndBrowser();
const calculators = await Promise.all(CALCULATORS.map(async (entry) => ({ entry, schema: (await entry.load()).default.schema })));

for (const { entry, schema } of calculators) {
  const choice = schema.fields.find((field) => field.kind === 'choice');
  const preset = schema.fields.find((field) => field.kind === 'preset');
  const count = schema.fields.find((field) => field.kind === 'count' && !field.optional && field.default !== '');
  for (const locale of ['pt-BR', 'en']) {
    const kit = KITS[locale];
    const path = `/${entry.paths[locale]}`;
    const results = (page) => page.locator(`[data-calculator="${schema.name}"] output`).evaluateAll((outputs) => outputs.map((output) => output.dataset.value));

    if (choice) {
      test(`${entry.name} ${locale}: ${choice.param}=7, none of its words, is refused on the field, kept in the address, with no figure that needs it`, () => withPage(browser, async (page) => {
        await page.goto(`${site.origin}${path}?${choice.param}=7`);
        await waitForCalculator(page);
        assert.equal(await page.inputValue(`#${choice.id}`), '7');
        assert.equal(await page.getAttribute(`#${choice.id}`, 'aria-invalid'), 'true');
        assert.equal(await page.textContent(`#${choice.id}-error`), kit.fieldErrors.not_a_choice());
        assert.equal(new URL(page.url()).searchParams.get(choice.param), '7');
        const needing = schema.results.filter((result) => result.dependsOn.includes(choice.key));
        for (const result of needing) assert.equal(await page.getAttribute(`#${result.id}`, 'data-value'), '', result.key);
        // Choosing one of its words takes the refused one out of the list.
        await page.selectOption(`#${choice.id}`, choice.default || choice.choices[0]);
        assert.equal(await page.locator(`#${choice.id} option[data-refused]`).count(), 0);
        assert.equal(await page.textContent(`#${choice.id}-error`), '');
      }));
    }

    if (preset) {
      test(`${entry.name} ${locale}: ${preset.param}=no-such-gpu is refused by name and no other device's figures stand in`, () => withPage(browser, async (page) => {
        await page.goto(`${site.origin}${path}?${preset.param}=no-such-gpu`);
        await waitForCalculator(page);
        assert.equal(await page.inputValue(`#${preset.id}`), 'no-such-gpu');
        assert.equal(await page.textContent(`#${preset.id}-error`), kit.fieldErrors.unknown_preset());
        const target = schema.fields.find((field) => field.key === preset.sets);
        assert.equal(await page.inputValue(`#${target.id}`), '');
        assert.equal(await page.textContent(`#${target.id}-error`), kit.fieldErrors.empty());
        assert.equal(new URL(page.url()).searchParams.get(preset.param), 'no-such-gpu');
        // Typing the device's figure by hand answers for it: the refusal goes.
        await page.fill(`#${target.id}`, '80');
        await page.locator(`#${target.id}`).blur();
        await page.waitForFunction((id) => document.getElementById(`${id}-error`).textContent === '', preset.id);
      }));
    }

    if (count) {
      test(`${entry.name} ${locale}: ${count.param} given twice is read as its first value, and the page says so`, () => withPage(browser, async (page) => {
        await page.goto(`${site.origin}${path}?${count.param}=3&${count.param}=5`);
        await waitForCalculator(page);
        assert.equal(await page.inputValue(`#${count.id}`), '3');
        const note = page.locator(`#${schema.name}-link-note`);
        assert.ok(await note.isVisible());
        assert.equal(await note.textContent(), kit.linkRepeated([{ name: count.param, values: ['3', '5'] }]));
        // Every figure is the one a link giving only the first value shows.
        const twice = await results(page);
        await page.goto(`${site.origin}${path}?${count.param}=3`);
        await waitForCalculator(page);
        assert.deepEqual(await results(page), twice);
        assert.ok(await note.isHidden());
      }));
    }
  }
}
