// A model as every page with a model picker reads it: a published one
// (models.js, the site's one list) or a pasted config.json, read by the
// training-compute core (the site's one reader of models). Loaded only when a
// model is asked for.
import computeCalculator from './calculator.js';
import { loadCore } from './core-loader.js';
import { modelNamed } from './models.js';
import { configMembers, presentModel, presetMembers } from './model-config.js';

/** A preset's core report, or {problem: 'unknown-preset'}; and the preset. */
export async function readPreset(slug) {
  const preset = modelNamed(slug);
  if (!preset) return { report: { problem: 'unknown-preset', key: slug.slice(0, 64) }, preset: null };
  return { report: (await loadCore()).readModel(presetMembers(preset.config)), preset };
}

/** A pasted config.json's core report, or the paste's problem. */
export async function readPaste(text) {
  const read = configMembers(text);
  if (read.problem) return { problem: read.problem };
  return (await loadCore()).readModel(read.members);
}

/** Why a report has no model, in the catalog's language (the compute page's words); '' when it has one. */
export async function problemText(report, catalog) {
  if (!report.problem) return '';
  const [words, core] = await Promise.all([computeCalculator.catalogs[catalog.locale](), loadCore()]);
  return presentModel(words.default.model, report, core.marks(catalog.numberSyntax)).error;
}
