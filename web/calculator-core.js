// Loads the WebAssembly core once and exposes it as idiomatic JS.
import createEffectiveBatchModule from './effective_batch.js';

let corePromise = null;

/**
 * Resolves to { evaluate(texts) }, where texts holds the four fields' raw text
 * ({microBatch, dataParallel, accumulationSteps, sequenceLength}) and the result is
 * {fields: {<key>: {status, value}}, effectiveBatch: {status, value}, tokensPerStep: {status, value}}.
 * Statuses are strings ("ok", "empty", ..., "overflow", "none"); values are exact
 * decimal strings or "". Rejects if the module cannot load.
 */
export function loadCore() {
  corePromise ??= createEffectiveBatchModule({
    // The glue reports load failures through printErr; the caller shows its own message.
    printErr: () => {},
    print: () => {},
  }).then((module) => ({ evaluate: (texts) => toEvaluation(module.evaluate(texts)) }));
  return corePromise;
}

function toEvaluation(report) {
  return {
    fields: {
      microBatch: report.microBatch,
      dataParallel: report.dataParallel,
      accumulationSteps: report.accumulationSteps,
      sequenceLength: report.sequenceLength,
    },
    effectiveBatch: report.effectiveBatch,
    tokensPerStep: report.tokensPerStep,
  };
}
