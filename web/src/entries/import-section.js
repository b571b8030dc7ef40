// The planner's import: a pasted config fills in the calculator and the
// planner, as if typed there. The reader (and its command-line parser) loads
// on the first import; every number is judged by the planner's core alone
// (readField), in the field whose limits fit it.
import { loadPlannerCore } from '../calculators/planner/core-loader.js';
import { groupDigits } from '../kit/number-format.js';

/**
 * calculator: the page's calculator (kit/calculator-page.js: texts(),
 * setTexts()); planner: {inputs, update(cause)}, the planner's fields and loop.
 */
export function startImport({ document, catalog, plannerCatalog, calculator, planner }) {
  const words = plannerCatalog.export.import;
  const message = document.getElementById('import-message');
  const say = (code, text) => {
    message.dataset.error = code;
    message.textContent = text;
  };
  document.getElementById('import-button').addEventListener('click', async () => {
    let readConfig;
    let core;
    try {
      [{ readConfig }, core] = await Promise.all([import('../calculators/config-import/read.js'), loadPlannerCore()]);
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
      { dataParallel: current('dataParallel'), worldSize: current('worldSize') });
    if (result.error) {
      const { code, ...numbers } = result.error;
      say(code, words.errors[code](Object.fromEntries(Object.entries(numbers).map(([name, value]) =>
        [name, typeof value === 'bigint' ? digits(value) : value]))));
      return;
    }
    const shown = (text) => (/^\d+$/.test(text) ? digits(text) : text);
    const forCalculator = {};
    for (const [key, text] of Object.entries(result.texts)) {
      if (key in calculatorTexts) forCalculator[key] = shown(text);
      else planner.inputs[key].value = shown(text);
    }
    // The planner follows the calculator: setting its fields recomputes both.
    await calculator.setTexts(forCalculator);
    await planner.update('change');
    say('', words.done({ format: words.formats[result.format], b: digits(result.texts.microBatch),
      d: digits(result.texts.dataParallel), a: digits(result.texts.accumulationSteps) }));
  });
}
