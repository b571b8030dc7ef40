// MaxText counts every device: per_device_batch_size = b·d ÷ devices, which
// may be fractional; it trains on int(int(devices × per_device) × accumulation).
import { commonNotes, decayToEndNotes, floatText, floorFraction, runNotes } from '../common.js';

// MaxText (src/maxtext/configs/base.yml at e591f30): steps, learning_rate, the
// activations' dtype; its schedule (lr_schedule_type "cosine", the default)
// warms up linearly over int(learning_rate_schedule_steps ×
// warmup_steps_fraction) steps (utils/maxtext_utils.py,
// create_learning_rate_schedule; the schedule's steps default to steps, the
// fraction to 0.1), then falls along a cosine to learning_rate_final_fraction
// of the rate (default 0.1) at the last step; it has no plain linear decay.
// A fraction of 0 is accepted (types.py: ge=0.0) and skips the warmup's
// linear piece (maxtext_utils.py, create_learning_rate_schedule), so a plan
// without warmup writes 0: the default would warm up over a tenth of the run.
function maxtextRun(plan, notes, { ramped }) {
  const { run } = plan;
  const lines = [`dtype: "${{ bf16: 'bfloat16', fp16: 'float16', fp32: 'float32' }[plan.precision]}"`];
  const steps = run.steps === null ? null : ramped && run.rampSteps !== null ? run.rampSteps : run.steps;
  if (steps !== null) lines.push(`steps: ${steps}`);
  if (run.warmupSteps === null || run.warmupSteps === 0n) {
    lines.push('warmup_steps_fraction: 0.0');
  } else if (steps === null) {
    notes.push({ code: 'maxtextWarmupNeedsSteps', warmup: run.warmupSteps });
  } else {
    const fraction = maxtextWarmupFraction(run.warmupSteps, steps);
    if (fraction === null) notes.push({ code: 'maxtextWarmupTooLong', warmup: run.warmupSteps, steps });
    else lines.push(`warmup_steps_fraction: ${fraction}`);
  }
  if (run.learningRate !== null) {
    lines.push(`learning_rate: ${run.learningRate}`, 'lr_schedule_type: "cosine"',
      `learning_rate_final_fraction: ${floorFraction(run)}`);
    if (plan.decayStyle === 'linear') notes.push({ code: 'maxtextCosine' });
    notes.push(...decayToEndNotes(plan, 'MaxText'));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The shortest warmup_steps_fraction whose product with the schedule's steps,
 * as MaxText takes it (int(steps × fraction), IEEE doubles, truncated), is the
 * warmup; null when the warmup is longer than the run (the field's bound is 1).
 */
export function maxtextWarmupFraction(warmup, steps) {
  if (warmup > steps) return null;
  for (let digits = 1; digits <= 17; digits += 1) {
    const text = floatText(Number((Number(warmup) / Number(steps)).toPrecision(digits)));
    if (BigInt(Math.trunc(Number(steps) * Number(text))) === warmup) return text;
  }
  // The nearest double may fall a hair short: the next one up does not.
  const above = floatText(nextUp(Number(warmup) / Number(steps)));
  return BigInt(Math.trunc(Number(steps) * Number(above))) === warmup ? above : null;
}

// The next double above a positive finite one.
function nextUp(value) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}

// MaxText's RampupBatchManager._verify_inputs (utils/rampup_batch.py at
// e591f30), in Python floats: the end must exceed the start, and
// (end − start) % increment must be 0. The reason, or null when it passes.
function maxtextRampRefusal(end, start, increment) {
  const difference = Number(end) - Number(start);
  if (difference <= 0) return { reason: 'notAbove', end, start };
  const remainder = difference % Number(increment);
  return remainder === 0 ? null : { reason: 'notDivisible', end, start, increment, remainder: String(remainder) };
}

export default {
  key: 'maxtext', id: 'export-maxtext', slug: 'maxtext', file: 'maxtext.yml', type: 'application/yaml',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 3],
  source: 'MaxText at e591f30: src/maxtext/configs/types.py (calculate_global_batch_sizes, enable_rampup_batch_size), configs/base.yml (dtype, lr_schedule_type, learning_rate_final_fraction, warmup_steps_fraction, ici_data_parallelism, ici_fsdp_parallelism); src/maxtext/utils/rampup_batch.py: RampupBatchManager._verify_inputs; utils/maxtext_utils.py: create_learning_rate_schedule',
  write(plan, words) {
    const written = floatText(Number(plan.perPass) / Number(plan.processes));
    // Its fsdp axis shards weights, gradients and optimizer states (ZeRO stage 3);
    // its data axis replicates them (stage 0). MaxText's ramp
    // (src/maxtext/utils/rampup_batch.py, RampupBatchManager) is
    // per device too: a global batch of start is start ÷ (devices × a) per device.
    const perDeviceOf = (batch) => floatText(Number(batch) / Number(plan.devicesTimesAccumulation));
    const notes = [...commonNotes(plan, { ramp: true }), ...runNotes(plan, 'MaxText', { warmup: false, decay: true })];
    const rampRefusal = plan.ramp ? maxtextRampRefusal(written, perDeviceOf(plan.ramp.start), perDeviceOf(plan.ramp.increment)) : null;
    if (rampRefusal) notes.push({ code: 'maxtextRampRefused', ...rampRefusal });
    const ramp = plan.ramp && !rampRefusal ? `enable_rampup_batch_size: true
per_device_batch_size_start: ${perDeviceOf(plan.ramp.start)}
per_device_batch_size_increment: ${perDeviceOf(plan.ramp.increment)}
global_rampup_samples: ${plan.ramp.samples}
` : '';
    const text = `# ${words.maxtext({ b: plan.b, d: plan.d, devices: plan.processes, bd: plan.perPass, a: plan.a, batch: plan.batch })}
per_device_batch_size: ${written}
${ramp}gradient_accumulation_steps: ${plan.a}
max_target_length: ${plan.L}
${maxtextRun(plan, notes, { ramped: plan.ramp !== null && !rampRefusal })}${plan.zeroStage === 0n ? 'ici_data_parallelism' : 'ici_fsdp_parallelism'}: ${plan.d}
ici_tensor_parallelism: ${plan.tp}
ici_pipeline_parallelism: ${plan.pp}
ici_context_parallelism: ${plan.cp}
`;
    if (plan.ramp && !rampRefusal) notes.push({ code: 'maxtextRamp' });
    if (!plan.perPassDividesDevices) notes.push({ code: 'fractional', value: written, gpus: plan.processes });
    // types.py (calculate_global_batch_sizes): below 1 per device it loads one
    // sequence per device and micro-batch, and trains on int(devices × per-device) of them.
    if (Number(written) < 1) notes.push({ code: 'maxtextLoads', loaded: plan.devicesTimesAccumulation, value: written, batch: plan.batch });
    // Python's float product and int() are JavaScript's: IEEE doubles, truncation.
    const trained = BigInt(Math.trunc(Number(plan.processes) * Number(written))) * plan.a;
    if (trained !== plan.batch) notes.push({ code: 'truncates', value: trained, batch: plan.batch });
    return { text, notes };
  },
};
