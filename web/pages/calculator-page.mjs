// A calculator's page, one per language: the calculator first (with the
// default figures already in the HTML), then the seed page's sections
// (explanation, formula, example, limits, FAQ, disclaimer, related
// calculators), then the embed code. Every calculator page of the site is
// this frame; each fills its slots. All words come from the catalogs.
import { calculatorTree } from '../src/kit/calculator-markup.js';
import { h } from '../src/kit/tree.js';
import { headHtml, htmlAttributes } from './layout.mjs';
import { escapeHtml as text, toHtml } from './html.mjs';

/**
 * page: {locale, path, siteRoot}; schema; catalog: the run-time catalog (with
 * the calculator's words); prose: the page catalog; link: the page's linker;
 * prerendered: {texts, presentation, evaluation} for the defaults (evaluation: null, or the core's, for a page
 * that starts from it); languages: [{locale,
 * hreflang, url, ogLocale}] for every version of this page; other: the one
 * the switch leads to; entry, wasm, styles, extraPreloads: what the page loads; coreWhenNeeded: null, or the
 * wasm of a core the page loads only when needed (data-core, for the prefill guard);
 * beforeCalculator, afterCalculator, afterArticle: trusted HTML slots; rootAttributes: the page's own attributes
 * on <html> (the home page's run core, for the prefill guard); snippets: {iframe,
 * element?} embed code for the defaults (JS rewrites it for the values on
 * screen); related: [{title, text, href, chooses?}] the related cards, in their order (each calculator's own card);
 * siteNav: [{href, label, current, chooses?}] every calculator page in this language
 * (chooses: the run keys that page chooses itself, which its links do not carry),
 * siteHome: this language's root, for the site's name.
 */
export function renderCalculatorPage({
  page, schema, catalog, prose, link, prerendered, languages, other, defaultsQuery, prefillParams = [], entry, wasm, coreWhenNeeded = null, extraPreloads = [],
  styles = ['styles/calculator.css', 'styles/page.css'],
  beforeCalculator = '', afterCalculator = '', afterArticle = '', rootAttributes = {}, snippets, related = [], siteNav = [], siteHome = './',
}) {
  const self = languages.find((language) => language.locale === page.locale);
  // From the top of the page to each of its parts: the calculator, the page's own (the planner), the explanation, the embed code.
  const pageLinks = [
    { href: `#${schema.name}-calculator`, label: prose.pageNav.calculator },
    ...(prose.pageNav.planner && afterArticle ? [{ href: '#planner', label: prose.pageNav.planner }] : []),
    { href: '#explanation', label: prose.pageNav.explanation },
    { href: '#embed-title', label: prose.pageNav.embed },
  ];
  const copy = catalog.kit.copy;
  const shareBlock = [
    h('noscript', {}, h('p', { class: 'results-status' }, prose.noscript)),
    h('div', { class: 'share' },
      h('button', { type: 'button', id: 'copy-link', class: 'button', hidden: true }, copy.link),
      h('p', { class: 'copy-status', id: 'copy-status', role: 'status' }),
      h('input', { type: 'text', id: 'copy-link-fallback', class: 'copy-fallback', readonly: true, hidden: true, 'aria-label': copy.linkField }),
      h('p', { class: 'share-hint' }, prose.shareHint)),
  ];
  const calculator = calculatorTree(schema, catalog, {
    layout: 'full', texts: prerendered.texts, presentation: prerendered.presentation, state: 'static', resultsExtra: shareBlock, hints: prose.fieldHints,
    evaluation: prerendered.evaluation,
  });

  // One way to embed: its title, how it fits (trusted catalog markup), the code, and a copy button.
  const snippetBlock = (kind, title, html, code, copyLabel) => `        <h3>${text(title)}</h3>
        <p>${html}</p>
        <pre class="snippet" tabindex="0"><code id="${kind}-snippet">${text(code)}</code></pre>
        <div class="snippet-actions">
          <button type="button" class="button" id="copy-${kind}-snippet" hidden>${text(copyLabel)}</button>
          <p class="copy-status" id="copy-${kind}-status" role="status"></p>
        </div>`;
  const section = (id, { title, html }) => `
      <section aria-labelledby="${id}-title">
        <h2 id="${id}-title">${text(title)}</h2>
        ${html}
      </section>`;
  const { embed } = prose;
  const card = ({ title, text: description, href, chooses: chosen = [] }) => {
    const chooses = chosen.length ? ` data-chooses="${text(chosen.join(' '))}"` : '';
    return `<li class="related-card">
            <h3>${href ? `<a href="${text(href)}" data-carry-run${chooses}>${text(title)}</a>` : text(title)}</h3>
            <p>${text(description)}</p>
          </li>`;
  };

  return `<!doctype html>
<html${htmlAttributes({ 'lang': page.locale, 'data-site-root': page.siteRoot, 'data-defaults': defaultsQuery, ...(prefillParams.length ? { 'data-prefill-params': prefillParams.join(',') } : {}), ...(coreWhenNeeded ? { 'data-core': link.href(coreWhenNeeded) } : {}), ...rootAttributes })}>
<head>
${headHtml({
    title: prose.meta.title,
    description: prose.meta.description,
    link,
    styles,
    entry,
    wasm,
    extraPreloads,
    canonical: self.url,
    manifest: `${page.siteRoot}${page.manifest}`,
    alternates: [...languages.map(({ hreflang, url }) => ({ hreflang, href: url })), { hreflang: 'x-default', href: languages[0].url }],
    social: {
      locale: prose.meta.ogLocale,
      alternateLocales: languages.filter((language) => language !== self).map((language) => language.ogLocale),
      siteName: prose.meta.siteName,
      title: prose.meta.shareTitle,
      description: prose.meta.shareDescription,
      url: self.url,
    },
  })}
</head>
<body>
  <a class="skip-link" href="#${schema.name}-calculator">${text(prose.skipLink)}</a>
  <nav class="site-nav" aria-label="${text(catalog.kit.site.navLabel)}">
    <a class="site-name" href="${text(siteHome)}">${text(catalog.kit.site.name)}</a>
    <ul>
      ${siteNav.map(({ href, label, current, chooses = [] }) => `<li><a href="${text(href)}"${current ? ' aria-current="page"' : ' data-carry-run'}${chooses.length && !current ? ` data-chooses="${text(chooses.join(' '))}"` : ''}>${text(label)}</a></li>`).join('\n      ')}
    </ul>
  </nav>
  <div class="page-bar" data-sticky-bar>
    <nav class="page-nav" aria-label="${text(prose.pageNav.label)}">
      ${pageLinks.map(({ href, label }) => `<a href="${text(href)}">${text(label)}</a>`).join('\n      ')}
    </nav>
    <nav class="language-nav" aria-label="${text(prose.languageSwitch.navLabel)}">
      <a id="language-switch" href="${text(other.href)}" hreflang="${text(other.hreflang)}" lang="${text(other.locale)}">${text(prose.languageSwitch.label)}</a>
    </nav>
  </div>
  <header class="page-header">
    <h1>${text(prose.heading)}</h1>
    <p class="lede">${text(prose.lede)}</p>
  </header>

  <main>
    <script src="${text(link.href('src/kit/prefill-guard.js'))}"></script>
${beforeCalculator}    ${toHtml(calculator)}
${afterCalculator}
    <article class="explanation" id="explanation">${Object.entries(prose.sections).map(([id, content]) => section(id, content)).join('')}

      <section aria-labelledby="faq-title" class="faq">
        <h2 id="faq-title">${text(prose.faq.title)}</h2>
        ${prose.faq.items.map(({ question, html }) => `<details>
          <summary>${text(question)}</summary>
          ${html}
        </details>`).join('\n        ')}
      </section>
${section('disclaimer', prose.disclaimer)}

      <section aria-labelledby="related-title" class="related">
        <h2 id="related-title">${text(prose.related.title)}</h2>
        <ul class="related-list">
          ${related.map(card).join('\n          ')}
        </ul>
      </section>
    </article>
${afterArticle}
    <section aria-labelledby="embed-title" class="embed-section">
      <h2 id="embed-title">${text(embed.title)}</h2>
      <p>${text(embed.intro)}</p>
${snippetBlock('iframe', embed.iframeTitle, embed.iframeText, snippets.iframe, embed.copyIframe)}
${snippets.element === undefined ? '' : snippetBlock('element', embed.elementTitle, embed.elementText, snippets.element, embed.copyElement)}
    </section>
  </main>

  <footer class="page-footer">
    <p>${text(prose.footer)}</p>
  </footer>
</body>
</html>
`;
}
