// Every page of the site, rendered at build time from its template and its
// catalogs. assemble.mjs calls renderSite() with the wasm core (to put the
// default figures into the HTML) and a linker for asset URLs.
import { EFFECTIVE_BATCH } from '../src/calculators/effective-batch/schema.js';
import { DEFAULT_LOCALE, LOCALE_ROOTS, LOCALES } from '../src/i18n/catalogs.js';
import { elementSnippet, iframeSnippet } from '../src/kit/embed-snippets.js';
import { groupDigits, localDecimal } from '../src/kit/number-format.js';
import { presentEvaluation } from '../src/kit/present.js';
import { defaultTexts } from '../src/kit/schema.js';
import { EFFECTIVE_BATCH_ELEMENT } from '../src/elements/names.js';
import { PLANNER } from '../src/calculators/planner/schema.js';
import { plannerShellTree } from '../src/calculators/planner/markup.js';
import { toHtml } from './html.mjs';
import { renderEffectiveBatchPage } from './effective-batch.page.mjs';
import { renderGradMemoryPage } from './grad-memory.page.mjs';
import { GRAD_MEMORY } from '../src/calculators/grad-memory/schema.js';
import { renderDpScalingPage } from './dp-scaling.page.mjs';
import { DP_SCALING } from '../src/calculators/dp-scaling/schema.js';
import { PAGE_PATHS } from '../src/site-map.js';
import { renderEmbedPage } from './embed.page.mjs';
import { checkSchema } from '../src/kit/schema-check.js';

// A schema that breaks a rule stops the build here, before any page is written.
for (const schema of [EFFECTIVE_BATCH, GRAD_MEMORY, DP_SCALING]) checkSchema(schema);

// Each language's version of a module: the page prose or a run-time catalog.
const perLocale = async (path) => Object.fromEntries(await Promise.all(LOCALES.map(async (locale) =>
  [locale, (await import(path.replace('LOCALE', locale))).default])));
const PROSE = await perLocale('./effective-batch.LOCALE.mjs');
const CATALOGS = await perLocale('../src/i18n/LOCALE.js');
const GRAD_MEMORY_PROSE = await perLocale('./grad-memory.LOCALE.mjs');
const GRAD_MEMORY_CATALOGS = await perLocale('../src/i18n/grad-memory.LOCALE.js');
const DP_SCALING_PROSE = await perLocale('./dp-scaling.LOCALE.mjs');
const DP_SCALING_CATALOGS = await perLocale('../src/i18n/dp-scaling.LOCALE.js');
const PLANNER_CATALOGS = await perLocale('../src/i18n/planner.LOCALE.js');
const HREFLANG = { 'pt-BR': 'pt-BR', 'en': 'en' };

/**
 * core, gradMemoryCore, dpScalingCore: the adapted wasm cores (core-adapter.js). linkerFor(pagePath) gives
 * {href(sourceId), modulePreloads(entryId), siteRoot}. siteUrl: the deployed
 * origin and path, for canonical and alternate links, which must be absolute.
 * Returns [{path, content}]: the pages and each language's web app manifest.
 */
export function renderSite({ core, gradMemoryCore, dpScalingCore, linkerFor, siteUrl }) {
  const languages = LOCALES.map((locale) => ({
    locale,
    hreflang: HREFLANG[locale],
    ogLocale: PROSE[locale].meta.ogLocale,
    url: new URL(LOCALE_ROOTS[locale], siteUrl).href,
  }));
  const defaults = defaultTexts(EFFECTIVE_BATCH);
  const defaultsQuery = new URLSearchParams(EFFECTIVE_BATCH.fields.map(({ param, key }) => [param, defaults[key]])).toString();

  const pages = LOCALES.map((locale) => {
    const path = `${LOCALE_ROOTS[locale]}index.html`;
    const link = linkerFor(path);
    const catalog = CATALOGS[locale];
    const evaluation = core.evaluate(EFFECTIVE_BATCH, defaults, catalog.numberSyntax);
    const otherLocale = LOCALES.find((candidate) => candidate !== locale);
    const snippetOptions = { siteRoot: siteUrl, schema: EFFECTIVE_BATCH, evaluation, texts: defaults, locale };
    return {
      path,
      content: renderEffectiveBatchPage({
        page: { locale, path, siteRoot: link.siteRoot, localeRoot: LOCALE_ROOTS[locale] },
        related: ['grad-memory', 'dp-scaling'].map((name) => ({ href: `${link.siteRoot}${PAGE_PATHS[name][locale]}` })),
        catalog,
        prose: PROSE[locale],
        link,
        prerendered: {
          texts: Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, groupDigits(value, evaluation.marks)])),
          presentation: presentEvaluation(EFFECTIVE_BATCH, catalog, evaluation),
        },
        languages,
        other: { locale: otherLocale, hreflang: HREFLANG[otherLocale], href: `${link.siteRoot}${LOCALE_ROOTS[otherLocale]}` },
        defaultsQuery,
        planner: toHtml(plannerShellTree(PLANNER, PLANNER_CATALOGS[locale], { stylesheet: link.href('styles/planner.css') })),
        snippets: {
          iframe: iframeSnippet({ ...snippetOptions, title: catalog.effectiveBatch.embed.frameTitle }),
          element: elementSnippet({ ...snippetOptions, tagName: EFFECTIVE_BATCH_ELEMENT.tagName, fallback: catalog.effectiveBatch.embed.fallback }),
        },
      }),
    };
  });

  pages.push(...calculatorPages({
    name: 'grad-memory', schema: GRAD_MEMORY, core: gradMemoryCore, prose: GRAD_MEMORY_PROSE, catalogs: GRAD_MEMORY_CATALOGS,
    render: renderGradMemoryPage, related: ['effective-batch', 'dp-scaling'], linkerFor, siteUrl,
  }));
  pages.push(...calculatorPages({
    name: 'dp-scaling', schema: DP_SCALING, core: dpScalingCore, prose: DP_SCALING_PROSE, catalogs: DP_SCALING_CATALOGS,
    render: renderDpScalingPage, related: ['effective-batch', 'grad-memory'], linkerFor, siteUrl,
  }));

  for (const locale of LOCALES) {
    pages.push({ path: `${LOCALE_ROOTS[locale]}manifest.webmanifest`, content: webAppManifest(locale, linkerFor(`${LOCALE_ROOTS[locale]}index.html`)) });
  }

  const embedLink = linkerFor('embed.html');
  pages.push({
    path: 'embed.html',
    content: renderEmbedPage({
      page: { locale: DEFAULT_LOCALE },
      catalog: CATALOGS[DEFAULT_LOCALE],
      link: embedLink,
      fallbacks: LOCALES.map((locale) => ({ locale, text: CATALOGS[locale].effectiveBatch.embed.noscript })),
    }),
  });
  return pages;
}

// A calculator of its own page (its words under schema.messages in the
// run-time catalog), in each language, with its default figures.
function calculatorPages({ name, schema, core, prose, catalogs, render, related, linkerFor, siteUrl }) {
  const paths = PAGE_PATHS[name];
  const languages = LOCALES.map((locale) => ({
    locale, hreflang: HREFLANG[locale], ogLocale: prose[locale].meta.ogLocale, url: new URL(paths[locale], siteUrl).href,
  }));
  const defaults = defaultTexts(schema);
  const defaultsQuery = new URLSearchParams(schema.fields.map(({ param, key }) => [param, defaults[key]])).toString();
  // What a field shows once the page has run: counts grouped, decimals in the language's marks.
  const shownText = (spec, value, marks) => {
    if (value === '' || spec.kind === 'choice') return value;
    return spec.kind === 'decimal' ? localDecimal(value, marks) : groupDigits(value, marks);
  };
  return LOCALES.map((locale) => {
    const path = `${paths[locale]}index.html`;
    const link = linkerFor(path);
    const catalog = { ...CATALOGS[locale], [schema.messages]: catalogs[locale] };
    const evaluation = core.evaluate(schema, defaults, catalog.numberSyntax);
    const otherLocale = LOCALES.find((candidate) => candidate !== locale);
    return {
      path,
      content: render({
        page: { locale, path, siteRoot: link.siteRoot, localeRoot: LOCALE_ROOTS[locale] },
        catalog,
        prose: prose[locale],
        link,
        prerendered: {
          texts: Object.fromEntries(schema.fields.map((spec) => [spec.key, shownText(spec, defaults[spec.key], evaluation.marks)])),
          presentation: presentEvaluation(schema, catalog, evaluation),
        },
        languages,
        other: { locale: otherLocale, hreflang: HREFLANG[otherLocale], href: `${link.siteRoot}${paths[otherLocale]}` },
        defaultsQuery,
        related: related.map((other) => ({ href: `${link.siteRoot}${PAGE_PATHS[other][locale]}` })),
        snippets: {
          iframe: iframeSnippet({ siteRoot: siteUrl, schema, evaluation, texts: defaults, locale, title: catalog[schema.messages].embed.frameTitle }),
        },
      }),
    };
  });
}

// Installable: each language's page is its own app, started where it lives.
function webAppManifest(locale, link) {
  const { meta } = PROSE[locale];
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
    icons: [{ src: link.href('static/favicon.svg'), sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  }, null, 2)}\n`;
}
