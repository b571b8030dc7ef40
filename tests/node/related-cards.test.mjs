// The related cards come from one source: every page lists every other
// calculator of the registry, in its order, each with the card that
// calculator gives of itself in its prose, word for word on every page of a
// language. Read from the built pages (dist/), as a reader gets them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { LOCALES } from '../../web/src/i18n/catalogs.js';

const dist = resolve(import.meta.dirname, '..', '..', 'dist');
const decode = (html) => html.replace(/<[^>]+>/g, '').replace(/&#39;|&apos;/g, '\'').replace(/&quot;/g, '"').replace(/&lt;/g, '<')
  .replace(/&gt;/g, '>').replace(/&amp;/g, '&').trim();

// [{href, title, text}] of a built page's related cards, hrefs resolved against the page.
function cardsOf(pagePath) {
  const html = readFileSync(join(dist, pagePath, 'index.html'), 'utf8');
  const section = html.slice(html.indexOf('class="related-list"'), html.indexOf('</ul>', html.indexOf('class="related-list"')));
  return [...section.matchAll(/<li class="related-card">\s*<h3><a href="([^"]+)"[^>]*>([\s\S]*?)<\/a><\/h3>\s*<p>([\s\S]*?)<\/p>/g)]
    .map(([, href, title, text]) => ({ href: new URL(href, `https://site.test/${pagePath}`).pathname, title: decode(title), text: decode(text) }));
}

for (const locale of LOCALES) {
  test(`${locale}: every page's related cards are the other calculators, in the registry's order, each as its own prose describes it`, async () => {
    for (const entry of CALCULATORS) {
      const cards = cardsOf(entry.paths[locale]);
      const others = CALCULATORS.filter((other) => other !== entry);
      assert.deepEqual(cards.map(({ href }) => href), others.map((other) => `/${other.paths[locale]}`), entry.name);
      for (const [index, other] of others.entries()) {
        const { card } = (await import(`../../web/src/calculators/${other.name}/prose.${locale}.mjs`)).default;
        assert.equal(cards[index].title, decode(card.title), `${entry.name} -> ${other.name}`);
        assert.equal(cards[index].text, decode(card.text), `${entry.name} -> ${other.name}`);
      }
    }
  });
}

test('the shared page prose has the same keys in both languages, none left empty', async () => {
  const shapes = await Promise.all(LOCALES.map(async (locale) => {
    const prose = (await import(`../../web/pages/prose.${locale}.mjs`)).default;
    const leaves = (value, path = '') => (typeof value === 'object'
      ? Object.keys(value).sort().flatMap((key) => leaves(value[key], path ? `${path}.${key}` : key))
      : [assert.ok(String(value).trim() !== '', `${locale} ${path}`) ?? path]);
    return leaves(prose);
  }));
  assert.deepEqual(shapes[0], shapes[1]);
});
