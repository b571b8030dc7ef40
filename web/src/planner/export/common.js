// What more than one framework's export writes alike: the notes every
// snippet may carry, the run's values a framework takes, the per-process
// batch rule, numbers as Python and YAML write them, a torchrun line, and a
// launch's nodes. Pure: the planner core's launch report in (write.js, planOf).
// Notes every snippet may carry.
export function commonNotes(plan, { ramp = false } = {}) {
  const notes = [];
  if (plan.assumedCluster) notes.push({ code: 'clusterAssumed', gpus: plan.processes, gpusPerNode: plan.gpusPerNode ?? 0n });
  if (plan.gpus !== null && plan.gpus !== plan.processes) notes.push({ code: 'worldDiffers', world: plan.gpus, gpus: plan.processes });
  if (plan.ramp && !ramp) notes.push({ code: 'noRamp' });
  return notes;
}

// The run's values a framework takes, or the note that says why one is left out.
export function runNotes(plan, framework, { steps = true, warmup = true, rate = true, decay = false } = {}) {
  const { run } = plan;
  const notes = [];
  if (steps && run.steps === null) notes.push({ code: 'noTrainLength', framework });
  if (warmup && run.warmupSteps === null && run.steps !== null) notes.push({ code: 'noWarmup', framework });
  if (rate && run.learningRate === null) notes.push(run.rateChoices ? { code: 'rateNotChosen', ...run.rateChoices } : { code: 'noLearningRate', framework });
  if (!decay && (run.minLearningRate !== null || run.decaySteps !== null)) notes.push({ code: 'decayLeftOut', framework });
  return notes;
}

// A framework that counts every process as a data-parallel replica: its batch
// is per-device × accumulation × processes, so model parallelism breaks it.
export function perProcessRule(plan, framework, notes) {
  const counted = plan.everyProcess;
  if (counted !== plan.batch) notes.push({ code: 'ruleGives', framework, value: counted, batch: plan.batch, modelParallel: plan.modelParallel });
  return notes;
}

// The header of a framework that counts every process as a replica: the
// product it computes, true as written, and this plan's batch beside it when
// model parallelism makes them differ (its note says why).
export function perProcessHeader(plan, words) {
  const counted = plan.everyProcess;
  const header = words.perProcess({ b: plan.b, a: plan.a, processes: plan.processes, batch: counted });
  return counted === plan.batch ? header : `${header} ${words.notThePlan({ batch: plan.batch })}`;
}

// A Python float as YAML writes it: "0.5", "2.0" (a whole number keeps its ".0").
export function floatText(value) {
  const text = String(value);
  return text.includes('.') || text.includes('e') ? text : `${text}.0`;
}

// torchrun (torch/distributed/run.py at 010929f): on one node the static
// rendezvous on 127.0.0.1 needs nothing more; on several, each node runs the
// same line and they meet at a c10d rendezvous on the first node, which gives
// each its rank (no --node_rank to get wrong). What only the reader knows is a
// shell variable the comment above the line names.
export function torchrunLine(plan, script, words) {
  const head = `torchrun --nnodes ${plan.nodes} --nproc_per_node ${plan.perNode}`;
  if (plan.nodes === 1n) return `${head} ${script}`;
  return `# ${words.rendezvous}
${head} \\
  --rdzv_backend c10d --rdzv_endpoint "$MASTER_ADDR:$MASTER_PORT" --rdzv_id "$RUN_ID" \\
  ${script}`;
}

// A ratio of two plain decimals ("0.000006" / "0.00006"), exactly when it ends
// within 15 decimal places, else cut there: "0.1", not 0.09999999999999999.
export function decimalRatio(numerator, denominator) {
  const scaled = (text) => {
    const [whole, fraction = ''] = text.split('.');
    return { digits: BigInt(`${whole}${fraction}`), places: fraction.length };
  };
  const [top, bottom] = [scaled(numerator), scaled(denominator)];
  // value = top.digits / bottom.digits × 10^(bottom.places − top.places)
  const PLACES = 15;
  const exponent = bottom.places - top.places + PLACES;
  const quotient = exponent >= 0 ? (top.digits * 10n ** BigInt(exponent)) / bottom.digits : top.digits / (bottom.digits * 10n ** BigInt(-exponent));
  const text = quotient.toString().padStart(PLACES + 1, '0');
  const plain = `${text.slice(0, -PLACES)}.${text.slice(-PLACES)}`.replace(/\.?0+$/, '');
  return plain === '' ? '0' : plain;
}

// Notes every scheduler that decays to the end of the run carries: the decay
// lasts the whole run after the warmup, and where it ends.
export function decayToEndNotes(plan, framework) {
  const { run } = plan;
  return run.decaySteps !== null && run.steps !== null && run.decaySteps !== run.steps
    ? [{ code: 'decaysToEnd', framework, steps: run.steps, decay: run.decaySteps }] : [];
}

// The final rate as a share of the rate, as a Python float: 0.0 without a floor.
export function floorFraction(run) {
  return run.minLearningRate === null ? '0.0' : floatText(decimalRatio(run.minLearningRate, run.learningRate));
}

// OLMo's and llm-foundry's precision names (composer's "amp_bf16", "amp_fp16",
// "fp32") and torch FSDP's ShardingStrategy for a ZeRO stage; FSDP has no
// stage that shards the optimizer states alone (their zeroStages leave out 1).
export function composerEngine(plan) {
  return {
    precision: { bf16: 'amp_bf16', fp16: 'amp_fp16', fp32: 'fp32' }[plan.precision],
    sharding: { 0: 'NO_SHARD', 2: 'SHARD_GRAD_OP', 3: 'FULL_SHARD' }[String(plan.zeroStage)],
  };
}

export const needsNodes = (plan) => (plan.nodes === null
  ? { missing: plan.gpusPerNode ? 'nodesNotWhole' : 'needsGpusPerNode', gpus: plan.processes, gpusPerNode: plan.gpusPerNode }
  : null);
