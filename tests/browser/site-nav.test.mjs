// The site navigation, on every calculator page in both languages (from the
// registry): the site's name, a link to every calculator page in the page's
// language with the current one marked, usable on a phone, and it leads there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { LOCALES } from '../../web/src/i18n/catalogs.js';
import { useServedDistAndBrowser, waitForCalculator, watchForProblems, withPage } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();
const PAGES = CALCULATORS.flatMap((calculator) => LOCALES.map((locale) => ({ calculator, locale, path: `/${calculator.paths[locale]}` })));

for (const { calculator, locale, path } of PAGES) {
  test(`${locale} ${calculator.name}: the navigation links every calculator page in ${locale}, this one marked`, () => withPage(browser, async (page) => {
    const problems = watchForProblems(page);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${site.origin}${path}`);
    const nav = await page.evaluate(() => {
      const element = document.querySelector('nav.site-nav');
      return {
        label: element.getAttribute('aria-label'),
        home: new URL(element.querySelector('.site-name').href).pathname,
        links: [...element.querySelectorAll('li a')].map((link) => ({ path: new URL(link.href).pathname, current: link.getAttribute('aria-current') })),
        // On a phone it wraps inside the screen: no link past the right edge.
        overflow: [...element.querySelectorAll('a')].some((link) => link.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5),
      };
    });
    assert.notEqual(nav.label, '');
    assert.equal(nav.home, `/${CALCULATORS[0].paths[locale]}`);
    assert.deepEqual(nav.links, CALCULATORS.map((other) => ({ path: `/${other.paths[locale]}`, current: other === calculator ? 'page' : null })));
    assert.equal(nav.overflow, false);
    // It leads to the next page, in the same language.
    const next = CALCULATORS[(CALCULATORS.indexOf(calculator) + 1) % CALCULATORS.length];
    await Promise.all([page.waitForURL((url) => url.pathname === `/${next.paths[locale]}`),
      page.locator('nav.site-nav li a').nth(CALCULATORS.indexOf(next)).click()]);
    await waitForCalculator(page);
    assert.equal(await page.getAttribute('html', 'lang'), locale);
    assert.deepEqual(problems, []);
  }));
}
