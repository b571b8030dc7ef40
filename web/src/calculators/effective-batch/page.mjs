// The effective-batch calculator's page, one per language (calculator-page.mjs
// is the frame): a link down to the planner after the calculator, the planner's
// shell after the seed page's sections, and both kinds of embed code.
import { EFFECTIVE_BATCH_ELEMENT } from './element/names.js';
import { plannerParams, plannerShellTree } from '../../planner/markup.js';
import { PLANNER } from '../../planner/schema.js';
import { elementSnippet } from '../../kit/embed-snippets.js';
import { escapeHtml as text, toHtml } from '../../../pages/html.mjs';

/**
 * The page's own slots in the frame (calculator-page.mjs); options: as
 * site.mjs gives them, plus the planner's catalog for the page's language.
 */
export default function pageSlots({ catalog, schema, prose, link, snippetOptions, plannerCatalog }) {
  const words = catalog[schema.messages].embed;
  return {
    afterCalculator: `    <p class="planner-link"><a href="#planner">${text(prose.plannerLink)}</a></p>\n`,
    afterArticle: `\n    ${toHtml(plannerShellTree(PLANNER, plannerCatalog, { stylesheet: link.href('src/planner/styles.css') }))}\n`,
    snippets: { element: elementSnippet({ ...snippetOptions, tagName: EFFECTIVE_BATCH_ELEMENT.tagName, fallback: words.fallback }) },
    // A link with any of the planner's keys is one run on the planner's core (planner/page-run.js), whose wasm the
    // prefill guard then fetches at once, in place of the calculator's own.
    rootAttributes: { 'data-run-core': link.href('src/wasm/planner.wasm'), 'data-run-params': plannerParams(PLANNER).join(',') },
  };
}
