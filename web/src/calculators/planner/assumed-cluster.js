// The cluster a plan assumes while the reader has not typed one: the
// calculator's d GPUs, with TP = PP = CP = 1 and min(GPUs, 8) GPUs per node.
// Each cluster field left empty takes its assumed value alone, so a typed TP
// of 8 with no world size assumes d × 8 GPUs. Pure: the fields' texts in, the
// texts the core reads and the keys assumed out.

const DEGREES = ['tensorParallel', 'pipelineParallel', 'contextParallel'];
export const CLUSTER_KEYS = ['worldSize', ...DEGREES, 'gpusPerNode'];
// The largest world size the core accepts (planner.hpp: factor_limits).
const MAX_WORLD = 4294967295n;
const NODE_GPUS = 8n;

/**
 * texts: the calculator's and the planner's field texts; count(key, text):
 * that text read by the core as a count (BigInt), or null when it is not one.
 * Returns {texts, assumed: {key: value as a decimal string}, followsCalculator:
 * true when the world and every degree are assumed (no cluster typed at all)}.
 */
export function assumeCluster(texts, count) {
  const blank = (key) => String(texts[key] ?? '').trim() === '';
  const assumed = {};
  for (const key of DEGREES) if (blank(key)) assumed[key] = '1';
  const degree = (key) => (key in assumed ? 1n : count(key, texts[key]));
  let world = blank('worldSize') ? null : count('worldSize', texts.worldSize);
  if (blank('worldSize')) {
    const d = count('dataParallel', texts.dataParallel);
    const degrees = DEGREES.map(degree);
    if (d !== null && degrees.every((value) => value !== null)) {
      const gpus = degrees.reduce((product, value) => product * value, d);
      if (gpus <= MAX_WORLD) {
        world = gpus;
        assumed.worldSize = String(gpus);
      }
    }
  }
  if (blank('gpusPerNode') && world !== null) assumed.gpusPerNode = String(world < NODE_GPUS ? world : NODE_GPUS);
  const followsCalculator = ['worldSize', ...DEGREES].every((key) => key in assumed);
  return { texts: { ...texts, ...assumed }, assumed, followsCalculator };
}
