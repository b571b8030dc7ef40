// The effective-batch calculator's schema: the only list of its fields and
// results. The form view, the URL state, the embed snippets, the custom
// element's attributes and the page templates all read it; a node test checks
// it against what the wasm core registers (describeEffectiveBatch).
//
// Field:  key (the core's), param (URL key and element attribute), id (element
//         id on every surface), symbol, default (plain digits), minimum and
//         maximum (decimal strings), group, messages (path in the catalogs).
// Result: key (the core's), id, symbol, kind, dependsOn (the fields it needs),
//         messages, and optional extras the view knows how to show: primary
//         (the headline figure), breakdown (the factors, fields or results,
//         whose product it is), approximate ("tokens": a short-scale reading).
import { defineSchema } from '../../kit/schema.js';

const COUNT_LIMITS = { minimum: '1', maximum: '4294967295' };

export const EFFECTIVE_BATCH = defineSchema({
  name: 'effective-batch',
  core: 'EffectiveBatch',
  messages: 'effectiveBatch',
  groups: ['parallelism', 'sequence'],
  fields: [
    { key: 'microBatch', param: 'micro', id: 'micro-batch', symbol: 'b', default: '8', ...COUNT_LIMITS,
      group: 'parallelism', kind: 'count', messages: 'effectiveBatch.fields.microBatch' },
    { key: 'dataParallel', param: 'dp', id: 'data-parallel', symbol: 'd', default: '64', ...COUNT_LIMITS,
      group: 'parallelism', kind: 'count', messages: 'effectiveBatch.fields.dataParallel' },
    { key: 'accumulationSteps', param: 'accum', id: 'accumulation-steps', symbol: 'a', default: '4', ...COUNT_LIMITS,
      group: 'parallelism', kind: 'count', messages: 'effectiveBatch.fields.accumulationSteps' },
    { key: 'sequenceLength', param: 'seq', id: 'sequence-length', symbol: 'L', default: '4096', ...COUNT_LIMITS,
      group: 'sequence', kind: 'count', messages: 'effectiveBatch.fields.sequenceLength' },
  ],
  results: [
    { key: 'effectiveBatch', id: 'effective-batch', symbol: 'B', kind: 'exact-integer', primary: true,
      breakdown: ['microBatch', 'dataParallel', 'accumulationSteps'],
      dependsOn: ['microBatch', 'dataParallel', 'accumulationSteps'], messages: 'effectiveBatch.results.effectiveBatch' },
    { key: 'tokensPerStep', id: 'tokens-per-step', symbol: 'T', kind: 'exact-integer', approximate: 'tokens',
      breakdown: ['effectiveBatch', 'sequenceLength'],
      dependsOn: ['microBatch', 'dataParallel', 'accumulationSteps', 'sequenceLength'],
      messages: 'effectiveBatch.results.tokensPerStep' },
  ],
});

