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

// num_nextn_predict_layers as written (digits), or 0: DeepSeek's multi-token-prediction
// module, which transformers does not build.
function mtpDepthsOf(members) {
  const [, kind, text] = members.find(([key]) => key === 'num_nextn_predict_layers') ?? [];
  return kind === 'number' && /^\d{1,4}$/.test(text) ? Number(text) : 0;
}

// The core's report of a config's members, with its multi-token-prediction depths beside it.
const reportOf = (core, members) => {
  const report = core.readModel(members);
  return report.problem ? report : { ...report, mtpDepths: mtpDepthsOf(members) };
};

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
