// Every page of the site, rendered at build time from the calculator
// registry: each calculator's page in each language (calculator-page.mjs is
// the frame, web/pages/<page>.page.mjs its own slots, <page>.<locale>.mjs its
// prose), each language's web app manifest, and the iframe embed.
// assemble.mjs calls renderSite() with the wasm cores (to put the default
// figures into the HTML) and a linker for asset URLs.
import { CALCULATORS, HOME } from '../src/calculators/registry.js';
import { DEFAULT_LOCALE, LOCALE_ROOTS, LOCALES } from '../src/i18n/catalogs.js';
import { iframeSnippet } from '../src/kit/embed-snippets.js';
import { fieldDecimal, groupDigits } from '../src/kit/number-format.js';
import { presentEvaluation } from '../src/kit/present.js';
import { defaultTexts } from '../src/kit/schema.js';
import { checkDefaults, checkSchema } from '../src/kit/schema-check.js';
import { renderCalculatorPage } from './calculator-page.mjs';
import { renderEmbedPage } from './embed.page.mjs';

// Each language's version of a module: the page prose or a run-time catalog.
const perLocale = async (path) => Object.fromEntries(await Promise.all(LOCALES.map(async (locale) =>
  [locale, (await import(path.replace('LOCALE', locale))).default])));
const CATALOGS = await perLocale('../src/i18n/LOCALE.js');
const PLANNER_CATALOGS = await perLocale('../src/planner/words.LOCALE.js');
const HREFLANG = { 'pt-BR': 'pt-BR', 'en': 'en' };
// What every page says alike, per language (prose.<locale>.mjs): under each page's own prose.
const SHARED_PROSE = await perLocale('./prose.LOCALE.mjs');

// Each calculator with what its pages are made of.
const SITE = await Promise.all(CALCULATORS.map(async (entry) => {
  const calculator = (await entry.load()).default;
  // A schema that breaks a rule stops the build here, before any page is written.
  checkSchema(calculator.schema);
  const words = calculator.catalogs
    ? Object.fromEntries(await Promise.all(LOCALES.map(async (locale) => [locale, (await calculator.catalogs[locale]()).default])))
    : null;
  return {
    entry,
    calculator,
    words,
    prose: Object.fromEntries(Object.entries(await perLocale(`../${calculator.folder}prose.LOCALE.mjs`))
      .map(([locale, own]) => [locale, { ...SHARED_PROSE[locale], ...own }])),
    slots: (await import(`../${calculator.folder}page.mjs`)).default,
  };
}));

/**
 * cores: {calculatorName: adapted wasm core} (core-adapter.js). linkerFor(pagePath)
 * gives {href(sourceId), modulePreloads(entryId), stylesheet(sourceIds), siteRoot}. siteUrl: the
 * deployed origin and path, for canonical and alternate links, which must be
 * absolute. Returns [{path, content}]: the pages and each language's web app manifest.
 */
export function renderSite({ cores, linkerFor, siteUrl }) {
  // A default the core would refuse stops the build too.
  for (const { entry, calculator: { schema } } of SITE) checkDefaults(schema, (texts, syntax) => cores[entry.name].evaluate(schema, texts, syntax).fields);
  const pages = SITE.flatMap((part) => calculatorPages({ ...part, core: cores[part.entry.name], linkerFor, siteUrl }));
  const home = SITE.find((part) => part.entry === HOME);
  for (const locale of LOCALES) {
    pages.push({ path: `${LOCALE_ROOTS[locale]}manifest.webmanifest`, content: webAppManifest(home.prose[locale].meta, locale, linkerFor(`${LOCALE_ROOTS[locale]}index.html`)) });
  }
  const homeMessages = home.calculator.schema.messages;
  pages.push({
    path: 'embed.html',
    content: renderEmbedPage({
      page: { locale: DEFAULT_LOCALE },
      catalog: CATALOGS[DEFAULT_LOCALE],
      link: linkerFor('embed.html'),
      fallbacks: LOCALES.map((locale) => ({ locale, text: CATALOGS[locale][homeMessages].embed.noscript })),
    }),
  });
  return pages;
}

// A calculator's page in each language, with its default figures. Its related
// calculators are all the others, in the registry's order, each as its own card says.
function calculatorPages({ entry, calculator, words, prose, slots, core, linkerFor, siteUrl }) {
  const { schema, coreWhenNeeded = false } = calculator;
  const paths = entry.paths;
  const ownWasm = `src/wasm/${entry.wasm}.wasm`;
  const languages = LOCALES.map((locale) => ({
    locale, hreflang: HREFLANG[locale], ogLocale: prose[locale].meta.ogLocale, url: new URL(paths[locale], siteUrl).href,
  }));
  const defaults = defaultTexts(schema);
  // A key's older names (world=, n=) ask for figures too: the prefill guard reads them as the key.
  const defaultsQuery = new URLSearchParams(schema.fields.flatMap(({ param, key, aliases = [] }) => [param, ...aliases].map((name) => [name, defaults[key]]))).toString();
  // What a field shows once the page has run: counts grouped, decimals in the language's marks.
  const shownText = (spec, value, marks) => {
    if (value === '' || spec.kind === 'choice' || spec.kind === 'preset') return value;
    return spec.kind === 'decimal' ? fieldDecimal(value, marks) : groupDigits(value, marks);
  };
  const others = CALCULATORS.filter((other) => other !== entry);
  return LOCALES.map((locale) => {
    const path = `${paths[locale]}index.html`;
    const link = linkerFor(path);
    const catalog = words ? { ...CATALOGS[locale], [schema.messages]: words[locale] } : CATALOGS[locale];
    const evaluation = core.evaluate(schema, defaults, catalog.numberSyntax);
    const otherLocale = LOCALES.find((candidate) => candidate !== locale);
    const snippetOptions = { siteRoot: siteUrl, schema, evaluation, texts: defaults, locale, themeNotes: catalog.kit.embedTheme };
    const own = slots({ catalog, schema, prose: prose[locale], link, snippetOptions, plannerCatalog: PLANNER_CATALOGS[locale], core });
    return {
      path,
      content: renderCalculatorPage({
        page: { locale, path, siteRoot: link.siteRoot, localeRoot: LOCALE_ROOTS[locale], manifest: `${LOCALE_ROOTS[locale]}manifest.webmanifest` },
        schema,
        catalog,
        prose: prose[locale],
        link,
        prerendered: {
          texts: Object.fromEntries(schema.fields.map((spec) => [spec.key, shownText(spec, defaults[spec.key], evaluation.marks)])),
          presentation: presentEvaluation(schema, catalog, evaluation),
          evaluation: coreWhenNeeded ? evaluation : null,
        },
        languages,
        other: { locale: otherLocale, hreflang: HREFLANG[otherLocale], href: `${link.siteRoot}${paths[otherLocale]}` },
        defaultsQuery,
        prefillParams: calculator.prefillParams ?? [],
        entry: calculator.entry,
        // A core loaded when it is needed is not fetched with the page; the prefill guard asks for it early
        // when the link sets values (data-core).
        wasm: coreWhenNeeded ? null : ownWasm,
        coreWhenNeeded: coreWhenNeeded ? ownWasm : null,
        styles: calculator.styles,
        // Its words, and its own words when it has them, load with the page.
        extraPreloads: [`src/i18n/${locale}.js`, ...(words ? [`${calculator.folder}words.${locale}.js`] : [])]
          .map((id) => ({ entry: calculator.entry, id })),
        related: others.map((other) => ({
          href: `${link.siteRoot}${other.paths[locale]}`, chooses: other.chooses ?? [], ...SITE.find((part) => part.entry === other).prose[locale].card,
        })),
        // Every calculator page in this language, in the registry's order, this one marked.
        siteNav: SITE.map((part) => ({
          href: `${link.siteRoot}${part.entry.paths[locale]}`, label: part.prose[locale].navName, current: part.entry === entry, chooses: part.entry.chooses ?? [],
        })),
        siteHome: `${link.siteRoot}${LOCALE_ROOTS[locale]}`,
        beforeCalculator: own.beforeCalculator,
        afterCalculator: own.afterCalculator,
        afterArticle: own.afterArticle,
        rootAttributes: own.rootAttributes,
        snippets: {
          iframe: iframeSnippet({ ...snippetOptions, title: catalog[schema.messages].embed.frameTitle }),
          ...own.snippets,
        },
      }),
    };
  });
}

// Installable: each language's page is its own app, started where it lives.
function webAppManifest(meta, locale, link) {
  return `${JSON.stringify({
    name: meta.siteName,
    short_name: meta.shortName,
    description: meta.shareDescription,
    lang: locale,
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: '#1d4ed8',
    icons: [{ src: link.href('favicon.svg'), sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  }, null, 2)}\n`;
}
