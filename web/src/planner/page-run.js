// The home page's run in one core evaluation (issue 51): once the planner is
// wanted, the calculator's fields and the planner's go to the planner's core
// together, and one call gives d (the cluster's GPUs ÷ TP·PP·CP until the
// reader sets d, planner.hpp DataParallelSource), B, T and every plan made
// with them. The calculator shows its part of that evaluation and the planner
// the rest, so d is computed once. Each part runs its own loop
// (kit/controller.js) and asks for the run when its fields change; the run is
// evaluated again only when what the core reads has changed, so the part that
// asks second is answered without a call. (Before the planner is wanted the
// calculator runs on its own core, or starts from its build-time evaluation:
// page-entry.js.)
import { PLANNER } from './schema.js';
import { textsFromSearch } from '../kit/url-state.js';
import { fieldDecimal, groupDigits } from '../kit/number-format.js';

/**
 * search: the link the page opened with (not the address as the page has
 * rewritten it since); calculatorSchema: the calculator's (its d field's URL
 * keys); dataParallelTyped(): whether the reader has typed d (the page listens
 * from its start, before the calculator's own listener evaluates);
 * loadPlannerCore(): resolves to the planner's core
 * (core-loader.js; the tests' own instance in Node). Returns:
 * - loadCalculatorCore(): resolves to a core the calculator's loop takes
 *   (evaluate(schema, texts, numberSyntax)), which evaluates the whole run;
 * - evaluate(core, texts, numberSyntax): the run of every field's texts (the
 *   planner's loop calls it), remembered;
 * - plannerTexts(read): the planner's texts come from read() from now on (its
 *   form is built), not from the link; shownTexts(complete): the core is given
 *   complete(texts) from now on (a predicted throughput standing in for an empty one);
 * - loadPlannerCore: the loader it was given, the page's one instance of the core;
 * - follows(): d still follows the cluster; dataParallelSet(): the reader has set d.
 */
export function pageRun({ search, calculatorSchema, dataParallelTyped = () => false, loadPlannerCore }) {
  const dpSpec = calculatorSchema.fields.find(({ key }) => key === 'dataParallel');
  // d follows the cluster until the reader sets it: in the link, by typing it, or by a part that writes it.
  const linked = new URLSearchParams(search);
  let setFromOutside = [dpSpec.param, ...(dpSpec.aliases ?? [])].some((key) => linked.has(key));
  const follows = () => !setFromOutside && !dataParallelTyped();

  // Until the planner's form is built, its fields hold what the link gives, or their defaults (markup.js).
  const linkedTexts = textsFromSearch(PLANNER, search);
  let readPlanner = () => Object.fromEntries(PLANNER.fields.map(({ key, default: text }) => [key, linkedTexts[key] ?? text]));
  let complete = (texts) => texts;

  let last = null;
  const evaluate = (core, typed, numberSyntax) => {
    const texts = complete(typed);
    const following = follows();
    if (!last || !sameRun(last, texts, numberSyntax, following)) {
      const evaluation = core.evaluate(texts, texts.targetUnit, numberSyntax, { dataParallelFollowsCluster: following });
      last = { texts, numberSyntax, following, evaluation };
    }
    return last.evaluation;
  };

  return {
    loadPlannerCore,
    loadCalculatorCore: () => loadPlannerCore().then((core) => ({
      evaluate: (schema, calculatorTexts, numberSyntax) => evaluate(core, { ...calculatorTexts, ...readPlanner() }, numberSyntax),
    })),
    evaluate,
    plannerTexts: (read) => { readPlanner = read; },
    shownTexts: (completeTexts) => { complete = completeTexts; },
    follows,
    dataParallelSet: () => { setFromOutside = true; },
  };
}

// The same run as the one remembered: every text the same, or rewritten as its value is written back once a field
// is left ("4096" -> "4,096": the same reading), and d's any text when the cluster gave d (its text was not read).
// A cluster field the core filled in with what it assumed is not a reading: typed, the same value is another run.
function sameRun(last, texts, numberSyntax, following) {
  if (last.numberSyntax !== numberSyntax || last.following !== following) return false;
  const { fields, marks, dataParallelFromCluster, assumed } = last.evaluation;
  const sameReading = (key, text) => {
    const field = fields[key];
    if (field?.status !== 'ok' || field.kind === 'choice' || key in (assumed?.values ?? {})) return false;
    return text === (field.kind === 'decimal' ? fieldDecimal(field.value, marks) : groupDigits(field.value, marks));
  };
  const keys = new Set([...Object.keys(last.texts), ...Object.keys(texts)]);
  return [...keys].every((key) => {
    const text = String(texts[key] ?? '');
    return String(last.texts[key] ?? '') === text || sameReading(key, text) || (key === 'dataParallel' && dataParallelFromCluster);
  });
}
