// How a page reads a model: a published one (models.js, the site's one list)
// or a pasted config.json, read by a core that binds the site's model reader
// (models.wasm, or the compute page's own training_compute.wasm). Pure apart
// from that core, so a page with its own core loads no second one.
import { modelNamed } from './models.js';
import { configMembers, presentModel, presetMembers } from './model-config.js';

const WORDS = { 'en': () => import('./words.en.js'), 'pt-BR': () => import('./words.pt-BR.js') };

/** The reader's words in a language: {problems}. */
async function modelWords(locale) {
  return (await (WORDS[locale] ?? WORDS.en)()).default;
}

// The core's report of a config's members (its mtpDepths: DeepSeek's multi-token-prediction modules, left out).
const reportOf = (core, members) => core.readModel(members);

/**
 * loadCore(): resolves to a core with readModel(members) and marks(numberSyntax). Returns
 * {readPreset(slug) -> {report, preset}, readPaste(text) -> report, problemText(report, catalog) -> '' or why}.
 */
export function modelReader(loadCore) {
  return {
    async readPreset(slug) {
      const preset = modelNamed(slug);
      if (!preset) return { report: { problem: 'unknown_preset', key: slug.slice(0, 64) }, preset: null };
      return { report: reportOf(await loadCore(), presetMembers(preset.config)), preset };
    },
    async readPaste(text) {
      const read = configMembers(text);
      if (read.problem) return { problem: read.problem };
      return reportOf(await loadCore(), read.members);
    },
    async problemText(report, catalog) {
      if (!report.problem) return '';
      const [words, core] = await Promise.all([modelWords(catalog.locale), loadCore()]);
      return presentModel(words, report, core.marks(catalog.numberSyntax)).error;
    },
  };
}
