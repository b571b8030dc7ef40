// The planner's words in English: its labels and hints (rendered into the
// page at build time) and every text it writes at run time. Loaded with the
// planner, so the first load of the page does not carry it.
// planner.pt-BR.js has the same keys.

const MEGATRON_CALCULATOR = 'megatron/core/num_microbatches_calculator.py';

export default {
  title: 'Plan a training run',
  intro: 'The questions that come right after the global batch: how many replicas your cluster gives, which accumulation steps hit a target batch, how many optimizer steps a token budget takes, how to scale the learning rate, and what a batch-size ramp-up looks like step by step. It uses b, d, a and L from the calculator above; every figure is computed by the same WebAssembly core, exactly where the quantity is a whole number.',
  loading: 'Loading the planner…',
  failed: 'The planner module (WebAssembly) could not be loaded. Reload the page or use an up-to-date browser.',
  crashed: 'The planner module failed and is restarting; the results will be back in a moment.',
  formLabel: 'Training-run planner',

  groups: {
    cluster: {
      title: 'Cluster → data-parallel degree',
      hint: 'd = GPUs ÷ (TP·PP·CP): tensor, pipeline and context parallelism split each model replica, and only the replicas multiply the batch. Expert parallelism (EP) does not enter: MoE experts are sharded over their own grid inside the data-parallel ranks, so the dense d that sets the batch is unchanged.',
    },
    target: {
      title: 'Solve for the missing factor',
      hint: 'A target global batch, in sequences or in tokens per step; b, d and L come from the calculator.',
    },
    budget: {
      title: 'Token budget → optimizer steps',
      hint: 'Token counts take decimal shorthand as well as digits: 2T, 300B, 4.5M.',
    },
    learningRate: {
      title: 'Learning-rate scaling',
      hint: 'The learning rate and its decay, written into the exported configs; with a reference batch B₀, the rate tuned there rescaled for the current batch B.',
    },
    ramp: {
      title: 'Batch-size ramp-up (Megatron-LM)',
      hint: 'Megatron-LM’s --rampup-batch-size START INCR SAMPLES: the batch starts at START and grows by INCR over SAMPLES samples, up to the calculator’s B. Leave the three fields empty for a constant batch.',
    },
  },

  fields: {
    worldSize: { label: 'GPUs (world size)', hint: 'Every GPU of the job.' },
    tensorParallel: { label: 'Tensor parallelism (TP)', hint: 'GPUs that split each layer.' },
    pipelineParallel: { label: 'Pipeline parallelism (PP)', hint: 'Stages the layers are split into.' },
    contextParallel: { label: 'Context parallelism (CP)', hint: 'GPUs that split each sequence.' },
    gpusPerNode: { label: 'GPUs per node', hint: 'Only for the launch commands of the exported configs: nodes = GPUs ÷ GPUs per node.' },
    target: { label: 'Target global batch', hint: 'In the unit chosen beside it. In tokens it takes shorthand: 4M is 4,000,000; 2^22 is 4,194,304.' },
    budget: { label: 'Training tokens', hint: 'The whole run, e.g. 2T or 300B.' },
    dataset: { label: 'Dataset size in tokens (optional)', hint: 'For the number of epochs.' },
    warmup: { label: 'Warmup in tokens (optional)', hint: 'Turned into optimizer steps, rounded up; with a ramp-up, counted through its smaller batches.' },
    throughput: { label: 'Throughput per GPU (optional)', hint: 'Measured tokens per second per GPU, e.g. 3500 or 3.5e3, for the wall-clock time.' },
    referenceBatch: { label: 'Reference batch B₀', hint: 'In sequences, the batch the learning rate was tuned at.' },
    learningRate: { label: 'Learning rate (at B₀, if given)', hint: 'The peak rate, e.g. 3e-4 or 0.0003. With B₀ empty, it is the rate for this batch, and the exports write it.' },
    minLearningRate: { label: 'Minimum learning rate (optional)', hint: 'Where the decay ends, e.g. 6e-6 (Megatron-LM --min-lr).' },
    decay: { label: 'Decay length in tokens (optional)', hint: 'Tokens over which the rate decays to the minimum (Megatron-LM --lr-decay-samples × L); empty: the framework decays over the whole run.' },
    rampStart: { label: 'Start batch (START)', hint: 'Sequences per step at the beginning.' },
    rampIncrement: { label: 'Increment (INCR)', hint: 'Sequences added at each stage.' },
    rampSamples: { label: 'Ramp-up samples (SAMPLES)', hint: 'Samples over which the batch reaches B; takes 10M and the like.' },
  },
  unit: { label: 'Unit of the target', seq: 'sequences', tok: 'tokens per step' },

  // Wording of field errors where the planner's fields differ from plain counts.
  fieldErrors: {
    tokens: {
      not_a_number: () => 'Use digits, or a shorthand such as 2T, 300B or 4.5M (K, M, B, T are thousands to trillions).',
      fractional: () => 'That leaves a fraction: use a whole number, or a shorthand that comes out whole (4.5M, not 4.5000001M).',
    },
    decimal: {
      not_a_number: () => 'Use a number such as 3e-4, 0.0003 or 3,500 (the point marks decimals).',
      below_minimum: ({ minimum }) => `Use at least ${minimum}.`,
      above_maximum: ({ maximum }) => `The largest accepted value is ${maximum}.`,
    },
  },
  percent: (number) => `${number}%`,
  results: {
    dataParallel: 'Data-parallel replicas d',
    accumulationSteps: 'Accumulation steps a',
    batchBelow: 'Nearest batch below',
    batchAbove: 'Nearest batch above',
    dataParallelNeeded: 'Replicas d for the target, with b and a',
    microBatchNeeded: 'Micro-batch b for the target, with d and a',
    optimizerSteps: 'Optimizer steps',
    lastStepTokens: 'Tokens in the last step',
    warmupSteps: 'Warmup steps',
    epochs: 'Epochs over the dataset',
    duration: 'Wall-clock time',
    stepsWithRamp: 'Optimizer steps with the ramp-up',
    learningRateLinear: 'Linear rule η·B/B₀',
    learningRateSqrt: 'Square-root rule η·√(B/B₀)',
    decaySteps: 'Decay steps',
    rampSteps: 'Steps until the full batch',
    rampSamples: 'Samples until the full batch',
    rampTokens: 'Tokens until the full batch',
  },

  // Why a figure is missing, short enough to sit in its place.
  reasons: {
    target_divides: 'the target divides: see a',
    no_achievable_batch: 'none',
    missing_input: 'fill in the fields above',
    invalid_input: 'fix the highlighted fields',
    not_divisible: 'not divisible',
    not_whole_sequences: 'not whole sequences',
    overflow: 'too large',
    start_above_final: 'start above B',
    no_increments: 'start equals B',
    increment_not_dividing: 'increment does not divide',
    stage_not_divisible: 'stage not divisible',
    too_many_stages: 'too many stages',
  },
  calculatorInvalid: 'Fix the calculator’s fields above first: the planner uses its b, d, a and L.',

  cluster: {
    matches: 'The calculator above uses this d.',
    assumedReading: (value) => `Empty: the plan assumes ${value}, from the calculator’s d.`,
    differs: (calculatorValue) => `The calculator above uses d = ${calculatorValue}.`,
    use: (value) => `Use d = ${value} in the calculator`,
    // Megatron-LM's own wording (megatron/training/arguments.py), with the product spelled out.
    notDivisible: ({ world, tp, pp, cp, product }) =>
      `World size (${world}) is not divisible by TP·PP·CP = ${tp}·${pp}·${cp} = ${product}; Megatron-LM stops at launch.`,
    nearest: ({ below, above }) => (below ? `Nearest valid world sizes: ${below} and ${above} GPUs.` : `The smallest valid world size is ${above} GPUs.`),
  },

  solve: {
    exact: ({ b, d, a, batch, unit }) => `b·d·a = ${b} × ${d} × ${a} = ${batch} ${unit}.`,
    notDivisible: ({ target, b, d, step }) => `${target} sequences is not a multiple of b·d = ${b} × ${d} = ${step}.`,
    notWhole: ({ target, length }) => `${target} tokens is not a whole number of sequences of ${length} tokens.`,
    achievable: ({ batch, unit, a, drift }) => `${batch} ${unit} (a = ${a}, ${drift} from the target)`,
    units: { seq: 'sequences', tok: 'tokens' },
    frameworksTitle: 'What the frameworks do with this target',
    megatron: ({ target, b, d }) =>
      `Megatron-LM refuses it at launch: “global batch size (${target}) is not divisible by micro batch size (${b}) times data parallel size (${d})” (${MEGATRON_CALCULATOR}, ConstantNumMicroBatchesCalculator).`,
    deepspeed: ({ target, b, d, accumulation }) => (accumulation === '0'
      ? `DeepSpeed computes gradient_accumulation_steps = ${target} // ${b} // ${d} = 0 and stops: “Gradient accumulation steps: 0 has to be greater than 0” (deepspeed/runtime/config.py, _set_batch_related_parameters and _batch_assertion).`
      : `DeepSpeed, given train_batch_size and the micro-batch, computes gradient_accumulation_steps = ${target} // ${b} // ${d} = ${accumulation}, then stops at its check: “${target} != ${b} * ${accumulation} * ${d}” (deepspeed/runtime/config.py, _set_batch_related_parameters and _batch_assertion).`),
    olmo: ({ device, batch, d }) =>
      `OLMo sets the per-device batch to global // world size = ${device} without a warning (scripts/train.py), so with ${d} GPUs the optimizer sees ${batch} sequences per step.`,
    gpusNeeded: ({ gpus, model }) => `${gpus} GPUs at TP·PP·CP = ${model}`,
    exactMicroTitle: 'Other micro-batch sizes that hit it exactly on the same d',
    exactMicro: ({ b, a }) => `b = ${b} (a = ${a})`,
    noExactMicro: 'none up to b = 4,096.',
    notMultipleOfD: 'none: the target is not a multiple of d.',
  },

  budget: {
    warmupWithRamp: ({ full }) => `through the ramp-up: Megatron-LM counts --lr-warmup-samples in consumed samples (${full} at the full batch)`,
    lastStep: ({ tokens, full }) => (tokens === full ? 'a full step' : `${tokens} of ${full} tokens`),
    epochs: (value) => `${value} epochs`,
    gpus: (count) => `on ${count} GPUs (d·TP·PP·CP)`,
    // "12 d 5 h 3 min"; under a minute, seconds.
    duration: ({ days, hours, minutes, seconds }) => (days + hours + minutes === 0
      ? `${seconds} s`
      : [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`].filter(Boolean).join(' ')),
    needsThroughput: 'enter a throughput',
    needsDataset: 'enter a dataset size',
    needsWarmup: 'enter a warmup',
    needsRamp: 'set a ramp-up',
    needsDecay: 'enter a decay length',
    decayWithRamp: ({ full }) => `through the ramp-up, as Megatron-LM counts --lr-decay-samples (${full} at the full batch)`,
  },

  learningRate: {
    caveatsTitle: 'Before you use these',
    linear: 'Linear scaling with a warmup is a heuristic for SGD: Goyal et al. 2017, “Accurate, Large Minibatch SGD: Training ImageNet in 1 Hour”.',
    sqrt: 'The square-root rule comes from an SDE analysis of Adam and RMSprop: Malladi et al. 2022, “On the SDEs and Scaling Rules for Adaptive Gradient Algorithms”. Their full rule, for a batch κ times larger, also sets 1 − β₁ and 1 − β₂ to κ times their values and ε to ε/√κ.',
    critical: 'Neither rule holds past the critical batch size, beyond which a larger batch stops buying proportionally fewer steps: McCandlish et al. 2018, “An Empirical Model of Large-Batch Training”.',
  },

  ramp: {
    // Megatron's own wording for each refusal (RampupBatchsizeNumMicroBatchesCalculator).
    start_above_final: ({ start, final }) =>
      `Megatron-LM refuses it: “expected global batch size to be greater than or equal to start batch size, got ${final} and ${start}” (${MEGATRON_CALCULATOR}).`,
    increment_not_dividing: ({ difference, increment }) =>
      `Megatron-LM refuses it: “expected global batch size interval (${difference}) to be divisible by global batch size increment (${increment})” (${MEGATRON_CALCULATOR}).`,
    no_increments: ({ start }) =>
      `The ramp starts at the final batch (${start}): there is nothing to ramp, and Megatron-LM would divide the samples by zero increments. Leave the ramp fields empty for a constant batch.`,
    stage_not_divisible: ({ batch, b, d }) =>
      `Megatron-LM stops when the batch reaches ${batch}: “current global batch size (${batch}) is not divisible by micro-batch-size (${b}) timesdata parallel size (${d})” (${MEGATRON_CALCULATOR}; the missing space is Megatron’s).`,
    too_many_stages: ({ count }) => `More than ${count} stages: too many to list. Use a larger increment.`,
    overflow: 'The final batch is too large to ramp up to.',
    incomplete: 'Fill in all three ramp fields, or none.',
    caption: 'Ramp-up stages: the batch at each stage, its microbatches per step, how many optimizer steps it lasts, and where it starts',
    columns: { batch: 'Global batch', microbatches: 'Microbatches per step (batch ÷ b·d)', steps: 'Optimizer steps', firstSample: 'First sample', firstToken: 'First token' },
    finalRow: 'then the full batch',
    untilEnd: 'to the end',
    chartTitle: 'Global batch against tokens consumed',
    chartDescription: (stages, final) => `A step chart of ${stages} ramp-up stages, rising to ${final} sequences; the table below has the same numbers.`,
    axisTokens: 'tokens',
    axisBatch: 'batch',
    oldMegatron: 'Megatron-LM before core 0.18',
    newMegatron: 'Megatron-LM core 0.18 and later',
    oldNote: 'Core 0.18 still accepts --rampup-batch-size but no longer passes it to the batch calculator (megatron/training/global_vars.py), so the ramp is ignored without a word.',
    newNote: 'The same schedule as --step-batch-size-schedule; thresholds are in tokens because Megatron passes --seq-length with it. Leave out --global-batch-size: Megatron refuses both together (megatron/training/arguments.py).',
  },

  apply: {
    use: (what) => `Use ${what} in the calculator`,
    inUse: (what) => `${what}: in the calculator`,
    pair: ({ b, a }) => `b = ${b} and a = ${a}`,
  },
  summary: {
    title: 'The plan',
    product: 'b·d·a', batch: 'B (sequences)', tokens: 'T (tokens/step)', steps: 'Optimizer steps', warmup: 'Warmup steps', duration: 'Wall clock',
    fill: (label) => `fill in: ${label}`,
    fix: (label) => `fix: ${label}`,
  },

  recipes: {
    title: 'Published recipes',
    hint: 'Real training runs, each one link that fills in the calculator and the planner with its numbers. Each says where its numbers come from.',
    source: 'Source',
    derived: 'Derived, not published: chosen so that the published values hold (b·d·a = B, d = GPUs ÷ (TP·PP·CP)); any split with the same product trains on the same batch.',
    keys: { micro: 'b', dp: 'd', accum: 'a', seq: 'L', target: 'B', world: 'GPUs', tp: 'TP', pp: 'PP', cp: 'CP', gpn: 'GPUs/node', ramp: 'ramp-up',
      budget: 'tokens', warmup: 'warmup tokens', lr: 'lr', minlr: 'min lr', decay: 'decay tokens' },
    loaded: ({ name, b, d, a, L, batch }) => `${name} loaded: b = ${b}, d = ${d}, a = ${a}, L = ${L}, B = ${batch}. The planner below follows.`,
  },
  export: {
    title: 'Export config',
    hint: 'The batch above, written into each framework’s own config, checked against that framework’s own rule: applied to the numbers written here, it gives back B. Where a framework would refuse or change the values, the note beside it says so. Ready to paste, or to download as a file.',
    versions: {
      megatron: { label: 'Megatron-LM version', options: { legacy: 'before core 0.18 (--rampup-batch-size)', 'core-0.18': 'core 0.18 and later (--step-batch-size-schedule)' } },
      torchtitan: { label: 'torchtitan version', options: { 'v0.2.2': 'v0.2.2 (TOML, batch in sequences)', main: 'main at b5bcd76 (Python config, batch in tokens)' } },
    },
    blockedBy: ({ fields, count }) => `No configs yet: ${count === 1 ? 'this field needs' : 'these fields need'} a valid value: ${fields}.`,
    rampBlocks: (message) => `No configs while the ramp-up cannot run: ${message}`,
    titles: {
      deepspeed: 'DeepSpeed (JSON)', hfPython: 'Hugging Face TrainingArguments and TRL SFTConfig (Python)', hfCli: 'Hugging Face Trainer (command line)',
      accelerate: 'Accelerate (accelerate launch)', lightning: 'PyTorch Lightning (Python)', megatron: 'Megatron-LM (arguments)',
      torchtitan: 'torchtitan (v0.2.2 TOML or main Python)', nanotron: 'nanotron (YAML)', maxtext: 'MaxText (YAML)', olmo: 'OLMo and llm-foundry (YAML)',
    },
    import: {
      title: 'Import',
      label: 'Paste a config',
      hint: 'A DeepSpeed JSON, a Megatron-LM argument line or Hugging Face Trainer flags (with the torchrun or accelerate launch, if any). The values fill in the calculator and the planner; every number is checked like a typed one.',
      button: 'Import',
      formats: { deepspeed: 'DeepSpeed JSON', megatron: 'Megatron-LM arguments', huggingface: 'Hugging Face Trainer flags' },
      done: ({ format, b, d, a }) => `Imported from ${format}: b = ${b}, d = ${d}, a = ${a}. Where each value came from:`,
      summaryTitle: 'Where each value came from',
      empty: '(empty)',
      source: {
        read: ({ label, value }) => `${label}: ${value}, read from the paste`,
        kept: ({ label, value }) => `${label}: ${value}, kept from before`,
        reset: ({ label, value }) => `${label}: ${value}, reset to its default (not in the paste)`,
      },
      errors: {
        failed: () => 'The import could not start: reload the page and try again.',
        empty: () => 'Paste a config first.',
        tooLong: ({ limit }) => `Too long for a batch config: at most ${limit} characters. Nothing was read.`,
        unknownFormat: () => 'Not a DeepSpeed JSON (it starts with “{”), a Megatron-LM line (--micro-batch-size, --global-batch-size) or Hugging Face flags (--per_device_train_batch_size).',
        badJson: () => 'Not valid JSON: the browser’s JSON parser refused it.',
        badCommandLine: () => 'The command line could not be split into words.',
        repeatedFlag: ({ name }) => `--${name} is given twice; keep one.`,
        repeatedUnknownFlag: () => 'A flag is given twice; keep one.',
        duplicateKey: ({ name }) => (name ? `${name} is given twice; DeepSpeed refuses a key given twice.` : 'A key is given twice; DeepSpeed refuses a key given twice.'),
        notANumber: ({ name }) => `${name} must be a whole number written as a JSON number, not a string, list or object.`,
        deepspeedAuto: ({ name }) => `${name} is "auto": the Hugging Face integration fills it in from TrainingArguments (per_device_train_batch_size, gradient_accumulation_steps) when DeepSpeed starts. Paste the TrainingArguments flags instead, or write the number.`,
        scheduleAndBatch: () => 'Megatron-LM refuses --step-batch-size-schedule beside --global-batch-size or --rampup-batch-size: keep one.',
        badSchedule: () => '--step-batch-size-schedule takes TOKENS:BATCH pairs separated by spaces.',
        scheduleNeedsLength: () => 'The schedule counts tokens: add --seq-length to turn them into samples.',
        scheduleNotRamp: () => 'This --step-batch-size-schedule is not a ramp of equal increments that --rampup-batch-size can describe; the planner cannot show it.',
        badNumber: ({ name, status }) => `${name}: ${status === 'empty' ? 'no value' : 'not a whole number the calculator accepts'}.`,
        deepspeedNeedsTwo: () => 'DeepSpeed needs at least two of train_batch_size, train_micro_batch_size_per_gpu and gradient_accumulation_steps.',
        deepspeedContradiction: ({ train, micro, accumulation }) => `The config contradicts itself: train_batch_size ${train} must be ${micro} × ${accumulation} × the data-parallel world, but ${train} is not a multiple of ${micro} × ${accumulation}.`,
        deepspeedAssertion: ({ train, micro, accumulation, dataParallel }) => `DeepSpeed would stop: with ${dataParallel} data-parallel GPUs it derives ${micro} × ${accumulation} × ${dataParallel}, not train_batch_size ${train} (_batch_assertion).`,
        needsDataParallel: () => 'Fill in the calculator’s data-parallel replicas first: the config leaves them out.',
        needsWorldInVariable: ({ variables }) => `The world size is not in the paste: it is probably in ${variables}, a shell variable the paste does not expand. Paste the launch with its numbers (torchrun --nnodes … --nproc_per_node …), or fill in the planner’s GPUs.`,
        runNeedsBatch: ({ name }) => `${name} is counted in steps or samples: the batch and the sequence length are needed to turn it into tokens. Fill in the calculator first.`,
        runTooLong: ({ name }) => `${name} comes to more tokens than the planner accepts (10¹⁸).`,
        needsWorld: () => 'Fill in the planner’s GPUs first, or include the torchrun or accelerate launch: the config leaves the world size out.',
        megatronNeedsBoth: () => 'Megatron-LM needs --micro-batch-size and --global-batch-size.',
        rampNeedsThree: () => '--rampup-batch-size takes three values: start, increment, samples.',
        megatronWorld: ({ world, tp, pp, cp, modelParallel }) => `Megatron-LM would refuse it: ${world} GPUs are not divisible by TP × PP × CP = ${tp} × ${pp} × ${cp} = ${modelParallel}.`,
        megatronBatch: ({ global, micro, dataParallel }) => `Megatron-LM would refuse it: global batch ${global} is not divisible by micro-batch ${micro} × data-parallel ${dataParallel}.`,
      },
    },
    source: 'Rule read in',
    copy: 'Copy',
    printNote: 'To print one framework\'s config with the plan, copy or download it first, or select its code.',
    download: 'Download',
    missing: {
      nodesNotWhole: ({ gpus, gpusPerNode }) => `The launch command needs whole nodes: ${gpus} GPUs ÷ ${gpusPerNode} GPUs per node is not a whole number.`,
      needsGpusPerNode: () => 'Fill in the GPUs per node for the launch command.',
      scheduleNotExact: () => 'No exact --step-batch-size-schedule exists for this ramp (a threshold past 2⁵³ tokens); use the version before core 0.18.',
    },
    notes: {
      worldDiffers: ({ world, gpus }) => `The cluster has ${world} GPUs, but d·TP·PP·CP = ${gpus}: these configs are for ${gpus} GPUs.`,
      noRamp: () => 'This framework has no batch ramp-up: the config holds the full batch from the first step.',
      ruleGives: ({ framework, value, batch }) => `${framework} would train on a batch of ${value}, not ${batch}: it counts every process as a data-parallel replica, and this config has model parallelism (TP·PP·CP > 1).`,
      refuses: ({ framework, batch, gpus }) => `${framework} refuses it: the global batch ${batch} is not divisible by the ${gpus} processes.`,
      fractional: ({ value, gpus }) => `MaxText counts all ${gpus} devices, so the per-device batch is fractional (${value}); MaxText accepts that.`,
      truncates: ({ value, batch }) => `MaxText would train on int(devices × per_device_batch_size) × accumulation = ${value}, not ${batch}: the per-device batch does not survive the float product exactly.`,
      deepspeedWorld: ({ d, gpus, value, batch }) => `DeepSpeed counts the ${d} data-parallel replicas only when your model-parallel mpu or device mesh is passed to deepspeed.initialize; otherwise its world size is dist.get_world_size() = ${gpus} (deepspeed/runtime/config.py), and it refuses this config (${value}, not ${batch}).`,
      huggingFaceVersions: ({ everyProcess, tensorOnly, tensorContext, batch }) => `The Trainer's batch depends on its version: ${everyProcess} before PR #38286 (merged 2025-05-22: every process counted), ${tensorOnly} from it (world ÷ TP), ${tensorContext} from PR #41832 (merged 2025-11: world ÷ (TP·CP·SP)); this plan is ${batch}.`,
      noPipeline: ({ framework }) => `${framework} has no pipeline parallelism: PP > 1 cannot be run with it as written.`,
      maxtextRamp: () => 'MaxText ramps in its own way: each stage lasts until it has loaded global_rampup_samples ÷ increments samples (rampup_batch.py), and its manager counts devices × per-device batch a step, without the accumulation steps; with a > 1, check the stages in its log.',
      clusterAssumed: ({ gpus, gpusPerNode }) => `No cluster typed: these configs assume ${gpus} GPUs (the calculator’s d), TP = PP = CP = 1 and ${gpusPerNode} GPUs per node. Fill in the cluster above for yours.`,
      noTrainLength: ({ framework }) => `The training length is left out: fill in the training tokens above for ${framework}’s step count.`,
      noWarmup: ({ framework }) => `No warmup given: ${framework}’s own default applies.`,
      noLearningRate: ({ framework }) => `No learning rate given: ${framework}’s own default applies until you set one.`,
      rateNotChosen: ({ linear, sqrt }) => `The learning rate is left out: the one typed is for B₀, and the linear rule gives ${linear}, the square-root rule ${sqrt}. Leave B₀ empty to write a rate for this batch.`,
      decayLeftOut: ({ framework }) => `The minimum learning rate and the decay length are left out: ${framework} decays over the whole run in its own schedule.`,
      deepspeedShortWarmup: ({ steps }) => `DeepSpeed warms up over at least 2 steps (WarmupLR: max(2, warmup_num_steps)), not ${steps}.`,
      runInScript: ({ framework }) => `${framework} takes the training length, warmup and learning rate in your training script, not in the launch: use the figures above there.`,
      trainSamplesInexact: ({ steps }) => `No --train-samples gives exactly ${steps} steps in this Megatron-LM version’s count (update_train_iters); set --train-samples by hand.`,
      torchtitanMainSchedule: ({ warmup, rate }) => `On main the warmup goes in LRSchedulersContainer.Config(warmup_steps=${warmup || '…'}) and the rate in the optimizer’s param groups (lr=${rate || '…'}): components/optimizer at b5bcd76.`,
      maxtextWarmup: ({ warmup }) => `MaxText takes the warmup as warmup_steps_fraction of learning_rate_schedule_steps, a float: ${warmup} steps ÷ the steps above.`,
      llmFoundryDuration: () => 'llm-foundry spells the same lengths with a unit: max_duration: “…ba” and t_warmup: “…ba” (batches).',
      noTrainSteps: () => 'nanotron requires train_steps: fill in the training tokens above to get it, or set it by hand.',
    },
    comments: {
      perProcess: ({ b, a, processes, batch }) => `${b} per device x ${a} accumulation steps x ${processes} processes = ${batch} sequences per optimizer step`,
      batchInScript: ({ b }) => `In train.py: DataLoader(..., batch_size=${b}) and Accelerator(); with accelerator.accumulate(model) in the loop`,
      trlLength: 'TRL takes the same arguments and the sequence length',
      megatron: ({ b, d, a, batch }) => `${b} x ${d} data-parallel x ${a} micro-batches = ${batch} sequences per step`,
      torchtitan: ({ b, d, a, batch }) => `${b} x ${d} (batch degree) x ${a} accumulation steps = ${batch} sequences per step`,
      nanotron: ({ b, a, d, batch }) => `${b} x ${a} x ${d} = ${batch} sequences per step`,
      maxtext: ({ b, d, devices, bd, a, batch }) => `per_device_batch_size = ${b} x ${d} / ${devices} devices; ${bd} x ${a} = ${batch} sequences per step (one slice)`,
      olmo: ({ batch, gpus, b }) => `device batch = ${batch} // ${gpus} GPUs, in micro-batches of ${b}`,
      trainStepsNeeded: 'set the number of optimizer steps',
      accelerateAccumulation: 'Accelerator() reads the accumulation from this variable in every launch mode; the flag alone reaches it only with DeepSpeed',
      torchtitanMain: ({ b, L, d, a, batch, perRank, perStep }) => `tokens: ${b} x ${L} = ${perRank} per data-parallel rank and forward; ${perStep} per step = ${d} ranks x ${a} accumulation steps x ${perRank} (${batch} sequences). Put these in the Trainer.Config your --config function returns.`,
    },
  },
};
