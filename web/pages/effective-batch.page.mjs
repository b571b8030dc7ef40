// The effective-batch calculator's page, one per language (calculator-page.mjs
// is the frame): a link down to the planner after the calculator, the planner's
// shell after the seed page's sections, and both kinds of embed code.
import { EFFECTIVE_BATCH } from '../src/calculators/effective-batch/schema.js';
import { escapeHtml as text } from './html.mjs';
import { renderCalculatorPage } from './calculator-page.mjs';

/** options: as renderCalculatorPage's, plus planner (the planner shell's HTML). */
export function renderEffectiveBatchPage({ page, prose, planner, ...options }) {
  return renderCalculatorPage({
    ...options,
    page: { ...page, manifest: `${page.localeRoot}manifest.webmanifest` },
    prose,
    schema: EFFECTIVE_BATCH,
    entry: 'src/entries/page.js',
    wasm: 'src/wasm/batch_planner.wasm',
    extraPreloads: [`src/i18n/${page.locale}.js`],
    afterCalculator: `    <p class="planner-link"><a href="#planner">${text(prose.plannerLink)}</a></p>\n`,
    afterArticle: `\n    ${planner}\n`,
  });
}
