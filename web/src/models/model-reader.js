// A model as every page with a model picker reads it: a published one
// (models.js, the site's one list) or a pasted config.json, read by the
// site's model reader (models.wasm, its own core module). Loaded only when a
// model is asked for.
import { loadModelsCore } from './core-loader.js';
import { modelNamed } from './models.js';
import { configMembers, presentModel, presetMembers } from './model-config.js';

const WORDS = { 'en': () => import('./words.en.js'), 'pt-BR': () => import('./words.pt-BR.js') };

/** The reader's words in a language: {problems}. */
export async function modelWords(locale) {
  return (await (WORDS[locale] ?? WORDS.en)()).default;
}

/** A preset's core report, or {problem: 'unknown_preset'}; and the preset. */
export async function readPreset(slug) {
  const preset = modelNamed(slug);
  if (!preset) return { report: { problem: 'unknown_preset', key: slug.slice(0, 64) }, preset: null };
  return { report: (await loadModelsCore()).readModel(presetMembers(preset.config)), preset };
}

/** A pasted config.json's core report, or the paste's problem. */
export async function readPaste(text) {
  const read = configMembers(text);
  if (read.problem) return { problem: read.problem };
  return (await loadModelsCore()).readModel(read.members);
}

/** Why a report has no model, in the catalog's language; '' when it has one. */
export async function problemText(report, catalog) {
  if (!report.problem) return '';
  const [words, core] = await Promise.all([modelWords(catalog.locale), loadModelsCore()]);
  return presentModel(words, report, core.marks(catalog.numberSyntax)).error;
}
