// embed.html: the shell of the iframe embed. Its calculator is built at run
// time (src/entries/embed-frame.js) in the language ?lang= asks for; the
// static words here are the default language's, with an English fallback for
// readers without JavaScript.
import { headHtml } from './layout.mjs';
import { escapeHtml as text } from './html.mjs';

export function renderEmbedPage({ page, catalog, fallbacks, link }) {
  const messages = catalog.effectiveBatch;
  return `<!doctype html>
<html lang="${text(page.locale)}" data-theme="light">
<head>
${headHtml({
    title: messages.embed.frameTitle,
    robots: 'noindex',
    link,
    styles: ['styles/calculator.css'],
    entry: 'src/entries/embed-frame.js',
    wasm: null,
  })}
</head>
<body class="embed-body">
  <main class="embed">
    <h1 class="visually-hidden" id="embed-title">${text(messages.title)}</h1>
    <noscript>${fallbacks.map(({ locale, text: message }) => `<p lang="${text(locale)}">${text(message)}</p>`).join('')}</noscript>
    <a class="compact-link" id="full-calculator-link" href="${text(link.siteRoot)}" target="_blank" rel="noopener">${text(messages.embed.openFull)}</a>
  </main>
</body>
</html>
`;
}
