// The planner's import: a pasted config fills in the calculator and the
// planner, as if typed there, and a summary says where every value came from:
// read from the paste, worked out from it, kept from before, or reset to its default. The reader
// (and its command-line parser) loads on the first import; every number is
// judged by the planner's core alone (readField), in the field whose limits fit it.
import { batchRules } from './core-adapter.js';
import { PLANNER } from './schema.js';
import { groupDigits, localDecimal, plainFromNeutral } from '../kit/number-format.js';

// Planner fields no config format carries: an import keeps them as they are.
const NEVER_IN_A_CONFIG = new Set(['dataset', 'tokensPerSecond', 'referenceBatch']);

/**
 * calculator: the page's calculator (kit/calculator-page.js: texts(),
 * setTexts()); planner: {inputs, update(cause)}, the planner's fields and loop;
 * labels: {fieldKey: label} of every field; loadPlannerCore(): the page's planner core (its run's).
 */
export function startImport({ document, catalog, plannerCatalog, calculator, schema, planner, labels, loadPlannerCore }) {
  const words = plannerCatalog.export.import;
  const message = document.getElementById('import-message');
  const summary = document.getElementById('import-summary');
  const say = (code, text) => {
    message.dataset.error = code;
    message.textContent = text;
  };
  document.getElementById('import-button').addEventListener('click', async () => {
    let readConfig;
    let core;
    try {
      [{ readConfig }, core] = await Promise.all([import('./import/read.js'), loadPlannerCore()]);
    } catch {
      say('failed', words.errors.failed());
      return;
    }
    const judge = (key, text) => core.readField(key, text, catalog.numberSyntax);
    const marks = catalog.marks;
    const digits = (value) => groupDigits(String(value), marks);
    const calculatorTexts = calculator.texts();
    const textOf = (key) => calculatorTexts[key] ?? planner.inputs[key].value;
    const current = (key) => {
      const field = judge(key, textOf(key));
      return field.status === 'ok' ? BigInt(field.value) : null;
    };
    const result = readConfig(document.getElementById('import-text').value, judge,
      { microBatch: current('microBatch'), dataParallel: current('dataParallel'), gpus: current('gpus'),
        tensorParallel: current('tensorParallel'), contextParallel: current('contextParallel') }, batchRules(core));
    if (result.error) {
      const { code, ...numbers } = result.error;
      say(code, words.errors[code](Object.fromEntries(Object.entries(numbers).map(([name, value]) =>
        [name, typeof value === 'bigint' ? digits(value) : value]))));
      summary.replaceChildren();
      return;
    }
    const texts = { ...result.texts };
    const run = runTexts(result, texts, current, judge, core);
    if (run.error) {
      say(run.error.code, words.errors[run.error.code]({ name: run.error.name }));
      summary.replaceChildren();
      return;
    }
    const derived = [...(result.derived ?? []), ...run.derived];
    // Values go into the fields in the page's own syntax ("0,00002" on /), as if typed there.
    const shown = (text) => localDecimal(plainFromNeutral(text), marks);
    const sources = {};
    const forCalculator = {};
    const sourceOf = (key) => (result.kept?.includes(key) ? 'kept' : derived.includes(key) ? 'derived' : 'read');
    for (const { key } of schema.fields) {
      if (key in texts) forCalculator[key] = shown(texts[key]);
      sources[key] = key in texts ? sourceOf(key) : 'kept';
    }
    for (const spec of PLANNER.fields) {
      const { key } = spec;
      if (key in texts) {
        // A choice (the ZeRO stage, the precision, the decay's shape) is its word.
        planner.inputs[key].value = spec.kind === 'choice' ? texts[key] : shown(texts[key]);
        sources[key] = sourceOf(key);
      } else if (NEVER_IN_A_CONFIG.has(key) || result.kept?.includes(key)) {
        sources[key] = 'kept';
      } else {
        // Nothing of an earlier plan stays mixed in: what this paste could carry but does not is reset.
        planner.inputs[key].value = spec.default;
        sources[key] = 'reset';
      }
    }
    // The planner follows the calculator: setting its fields recomputes both.
    await calculator.setTexts(forCalculator);
    await planner.update('change');
    say('', words.done({ format: words.formats[result.format], b: digits(texts.microBatch),
      d: digits(texts.dataParallel), a: digits(texts.accumulationSteps) }));
    const valueOf = (key) => calculator.texts()[key] ?? planner.inputs[key].value;
    // Tokens worked out from steps or samples with a sequence length the paste does not give say which one they took.
    const lengthKept = sources.sequenceLength === 'kept';
    summary.replaceChildren(...Object.entries(sources).filter(([key]) => key !== 'targetUnit').map(([key, source]) => {
      const item = document.createElement('li');
      item.dataset.key = key;
      item.dataset.source = source;
      const said = { label: labels[key] ?? key, value: valueOf(key) || words.empty };
      item.textContent = source === 'derived' && lengthKept && run.derived.includes(key)
        ? words.source.derivedWithKeptLength({ ...said, length: valueOf('sequenceLength') })
        : words.source[source](said);
      return item;
    }));
  });
}

// The run's steps and samples turned into the planner's tokens by the core:
// steps × B × L, samples × L, with B and L as imported (or kept); each judged
// by the core. Writes them into texts; returns {error} or {derived}: the keys worked out.
function runTexts(result, texts, current, judge, core) {
  const derived = [];
  const value = (key) => (key in texts ? BigInt(texts[key]) : current(key));
  const [b, d, a, length] = ['microBatch', 'dataParallel', 'accumulationSteps', 'sequenceLength'].map(value);
  for (const [key, { unit, text }] of Object.entries(result.run ?? {})) {
    if (unit === 'rate') {
      texts[key] = text;
      continue;
    }
    if (length === null || (unit === 'steps' && (b === null || d === null || a === null))) return { error: { code: 'runNeedsBatch', name: key } };
    const each = unit === 'steps' ? core.batchOf(b, d, a) : '1';
    const tokens = each === '' ? '' : core.runTokens(text, each, length);
    if (tokens === '' || judge(key, tokens).status !== 'ok') return { error: { code: 'runTooLong', name: key } };
    texts[key] = tokens;
    // Tokens are worked out from the steps or samples the paste gives.
    derived.push(key);
  }
  return { derived };
}
