// The one run loop of every calculator and of the planner, on every surface:
// "loading" until the core answers, recompute on every keystroke, judge an
// unfinished number and regroup a field once it is left, and recover if the
// core ever fails. The container's data-state says where it stands:
// "loading", "ready" or "failed". startController() knows no calculator and
// no markup: the surface hands it how to evaluate, present and show;
// startCalculator() is that for a calculator's form (form-view.js).
import { applyPresentation, readTexts, writeTexts } from './form-view.js';
import { presentEvaluation, presentUnavailable } from './present.js';
import { fieldDecimal, groupDigits, localDecimal } from './number-format.js';

// Every result of an evaluation taken away: what the page shows while its
// fields hold no run it will answer for (a model it refused), so no part of
// the page draws a figure of the fields' other run.
const withoutResults = (evaluation) => ({
  ...evaluation,
  results: Object.fromEntries(Object.keys(evaluation.results).map((key) => [key, { status: 'unavailable', value: '' }])),
});

/**
 * container: the element whose data-state follows the loop; loadCore():
 * resolves to the core (and gives a fresh one after a call into the old one
 * has thrown); evaluate(core, texts); present(evaluation, {typing});
 * show(presentation); showUnavailable(message); readTexts(); regroup(evaluation,
 * keys) after a field is left; inputs: {key: element} listened to; messages:
 * {loading, failed, crashed}; keepShown: the figures on screen are already
 * right (rendered at build time), so nothing is blanked while the core loads;
 * onEvaluate(evaluation, {cause, texts}) after every render, cause being
 * "start", "input", "change", "update" or "withhold"; withheld: a reason to
 * start with the results withheld (see withhold), or ''. startEvaluation: null,
 * or the core's evaluation of the texts on screen, made at build time with the
 * figures keepShown keeps (so only with keepShown): the loop starts from it and loads the core only when
 * a field is first touched, focused or edited, or the page asks for an update;
 * onPending() when a run waits for the core (what was handed on is no longer
 * what the fields say until the next onEvaluate).
 * Resolves to {update(cause?), leave(keys), withhold(reason)}, also when the
 * core cannot load at the start: that is said, and the next edit or update
 * tries a fresh load (module-loader.js drops a failed one), as after a load
 * that fails later. withhold(reason): the fields stay, every result is
 * shown as no figure and handed on as unavailable, the status line says the
 * reason, until the reader edits a field or a field is set from outside.
 */
export function startController({
  container, loadCore, evaluate, present, show, showUnavailable, readTexts: read, regroup = () => {}, inputs,
  messages, keepShown = false, withheld: withheldAtStart = '', onEvaluate = () => {}, startEvaluation = null, onPending = () => {},
}) {
  let withheld = withheldAtStart;
  if (!keepShown || withheld) showUnavailable(withheld || messages.loading);
  container.dataset.state = 'loading';

  const showFailure = () => {
    showUnavailable(messages.failed);
    container.dataset.state = 'failed';
  };

  // Whether what is shown was judged as typing (an unfinished number let
  // through, parts held): it must not outlive the field's focus.
  let typingShown = false;

  // Every evaluation goes through here: a failing core never leaves a figure
  // behind. The loader drops a failed instance, so loadCore() brings a fresh one.
  // Only a failing module is recovered from; a fault in showing its answer is a
  // bug, left to surface rather than retried forever.
  const evaluateAndShow = (core, cause, texts) => {
    let evaluation;
    try {
      evaluation = evaluate(core, texts);
    } catch {
      showUnavailable(messages.crashed);
      container.dataset.state = 'loading';
      loadCore().then(() => run('update'), () => {});
      return null;
    }
    if (withheld) {
      evaluation = withoutResults(evaluation);
      show({ ...present(evaluation, { typing: false }), status: withheld });
    } else {
      show(present(evaluation, { typing: cause === 'input' }));
    }
    typingShown = cause === 'input';
    container.dataset.state = 'ready';
    if (withheld) container.dataset.withheld = '';
    else delete container.dataset.withheld;
    return evaluation;
  };
  // Whether the core has answered once: until then an edit shows no figure of the texts before it.
  let coreLoaded = false;
  // Resolves to the evaluation shown, or null when there is none to show.
  const run = async (cause) => {
    // A field edited or set from outside is a run the page answers for again.
    if (cause === 'input' || cause === 'change') withheld = '';
    if (!coreLoaded) {
      showUnavailable(messages.loading);
      container.dataset.state = 'loading';
      onPending();
    }
    let core;
    try {
      core = await loadCore();
      coreLoaded = true;
    } catch {
      showFailure();
      return null;
    }
    const texts = read();
    const evaluation = evaluateAndShow(core, cause, texts);
    if (evaluation) onEvaluate(evaluation, { cause, texts });
    return evaluation;
  };

  // The start: the build's evaluation when there is one (the core is fetched as the reader comes to a field), else the core's.
  const started = startEvaluation && !withheld
    ? Promise.resolve().then(() => {
      container.dataset.state = 'ready';
      onEvaluate(startEvaluation, { cause: 'start', texts: read() });
      // A core fetched as the reader comes to a field counts as answered, so the first edit shows no "loading".
      const prefetch = () => loadCore().then(() => { coreLoaded = true; }, () => {});
      for (const type of ['focusin', 'pointerdown']) container.addEventListener(type, prefetch, { once: true });
      return startEvaluation;
    })
    : loadCore().then(() => {
      coreLoaded = true;
      return run('start');
    });
  const startedOrFailed = started.then((evaluation) => evaluation, () => {
    showFailure();
    return null;
  });
  return startedOrFailed.then((evaluation) => {
    if (evaluation) regroup(evaluation, Object.keys(inputs));
    // Fields left (by the reader, or set from outside as if typed and left):
    // recompute, then regroup them.
    const leave = async (keys) => {
      const changed = await run('change');
      if (changed) regroup(changed, keys);
      return changed;
    };
    for (const [key, input] of Object.entries(inputs)) {
      input.addEventListener('input', () => run('input'));
      input.addEventListener('change', () => leave([key]));
      // A field left with the text it had when focused fires no change, yet
      // what is shown may still be the typing judgement of a text in between.
      input.addEventListener('blur', () => { if (typingShown) leave([key]); });
    }
    const withhold = (reason) => {
      withheld = reason;
      return run('withhold');
    };
    return { update: (cause = 'update') => run(cause), leave, withhold };
  });
}

/**
 * A calculator's form (form-view.js) on the loop: fills the fields with texts
 * and starts it. catalog: the run-time catalog with the calculator's words;
 * keepShown, startEvaluation, onPending and onEvaluate as startController's.
 */
export function startCalculator({ view, catalog, texts, loadCore, keepShown = false, withheld = '', onEvaluate = () => {}, startEvaluation = null, onPending = () => {} }) {
  const { schema } = view;
  writeTexts(view, texts);
  view.form.addEventListener('submit', (event) => event.preventDefault());
  // A preset chosen (a device) writes its value into the field it sets, in the
  // page's marks, before the loop (whose listeners come later) reads the form.
  let marks = null;
  for (const spec of schema.fields.filter((field) => field.kind === 'preset')) {
    const select = view.inputs[spec.key];
    select.addEventListener('change', () => {
      const option = spec.options.find(({ slug }) => slug === select.value);
      if (!option || !marks) return;
      view.inputs[spec.sets].value = localDecimal(option.value, marks);
      // The other figures the option gives (a device's peak, bandwidths); '' leaves an optional field empty.
      for (const [key, value] of Object.entries(option.also ?? {})) view.inputs[key].value = value === '' ? '' : localDecimal(value, marks);
    });
  }
  return startController({
    container: view.container,
    loadCore,
    evaluate: (core, fieldTexts) => core.evaluate(schema, fieldTexts, catalog.numberSyntax),
    present: (evaluation, { typing }) => presentEvaluation(schema, catalog, evaluation, { typing }),
    show: (presentation) => applyPresentation(view, presentation),
    showUnavailable: (message) => applyPresentation(view, presentUnavailable(schema, catalog, message)),
    readTexts: () => readTexts(view),
    regroup: (evaluation, keys) => regroup(view, evaluation, keys),
    inputs: view.inputs,
    messages: { loading: catalog.kit.loading, failed: catalog.kit.coreFailed, crashed: catalog.kit.coreCrashed },
    keepShown,
    withheld,
    startEvaluation,
    onPending,
    onEvaluate: (evaluation, context) => {
      ({ marks } = evaluation);
      onEvaluate(evaluation, context);
    },
  });
}

// Valid counts are rewritten with the locale's grouping ("4096" -> "4.096")
// once they are left (or arrive from a URL), so the caret never jumps while
// typing; a decimal is written in the page's syntax ("3.7e2" -> "370").
function regroup(view, evaluation, keys) {
  const kinds = new Map(view.schema.fields.map((spec) => [spec.key, spec.kind]));
  for (const key of keys) {
    const field = evaluation.fields[key];
    if (field.status !== 'ok' || kinds.get(key) === 'choice' || kinds.get(key) === 'preset') continue;
    // A decimal as the shortest digits that read back to the same double: what was typed, up to a double's 17 digits.
    view.inputs[key].value = kinds.get(key) === 'decimal'
      ? fieldDecimal(field.value, evaluation.marks) : groupDigits(field.value, evaluation.marks);
  }
}
