// The effective-batch calculator's schema: the only list of its fields and
// results. The form view, the URL state, the embed snippets, the custom
// element's attributes and the page templates all read it; a node test checks
// it against what the wasm core registers (describeEffectiveBatch).
//
// Field:  key (the core's), param (URL key and element attribute), id (element
//         id on every surface), symbol, default (plain digits), group, messages
//         (path in the catalogs); its kind and limits (decimal strings) are the
//         core's own (core-fields.js, from describeEffectiveBatch).
// Result: key (the core's), id, symbol, kind, dependsOn (the fields it needs),
//         messages, and optional extras the view knows how to show: primary
//         (the headline figure), breakdown (the factors, fields or results,
//         whose product it is), approximate ("tokens": a short-scale reading).
import { defineSchema, fieldsOfCore } from '../../kit/schema.js';
import described from './core-fields.js';

const coreField = fieldsOfCore(described);
const field = (key, param, id, symbol, fallback, group) => coreField(key, { param, id, symbol, default: fallback, group, messages: `effectiveBatch.fields.${key}` });

export const EFFECTIVE_BATCH = defineSchema({
  name: 'effective-batch',
  core: 'EffectiveBatch',
  messages: 'effectiveBatch',
  groups: ['parallelism', 'sequence'],
  fields: [
    field('microBatch', 'micro', 'micro-batch', 'b', '8', 'parallelism'),
    field('dataParallel', 'dp', 'data-parallel', 'd', '64', 'parallelism'),
    field('accumulationSteps', 'accum', 'accumulation-steps', 'a', '4', 'parallelism'),
    field('sequenceLength', 'seq', 'sequence-length', 'L', '4096', 'sequence'),
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

