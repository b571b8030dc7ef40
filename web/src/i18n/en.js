// Every text the calculators write at run time, in English. The page prose is
// in each calculator's prose.en.mjs; pt-BR.js has the same keys.

// Short-scale names for approximate counts (English does not pluralise them after a number).
const SCALE_NAMES = [null, 'thousand', 'million', 'billion', 'trillion', 'quadrillion', 'quintillion'];

export default {
  locale: 'en',
  numberSyntax: 'en',  // the core's NumberSyntax: "4,096", "0.5"
  // The marks that syntax writes (a node test checks them against the core's), for build-time markup.
  marks: { group: ',', decimal: '.' },

  kit: {
    // The site navigation on every page: its name and what the list of pages is called.
    site: { name: 'Batch planner', navLabel: 'Calculators' },
    embedTheme: {
      frame: 'Light theme by default. Add &theme=dark to the src for the dark one, or &theme=auto to follow the reader\'s system setting.',
      element: 'Light theme by default. Add theme="dark" to the element for the dark one, or theme="auto" to follow the reader\'s system setting.',
    },
    loading: 'Loading the calculator…',
    coreFailed: 'The calculation module (WebAssembly) could not be loaded. Your next edit tries again; if it still fails, reload the page or use an up-to-date browser.',
    // The planner's section, when its script could not load.
    sectionFailed: 'The planner could not be loaded. Your next edit tries again; if it still fails, reload the page or use an up-to-date browser.',
    coreCrashed: 'The calculation module failed and is restarting; the results will be back in a moment.',
    modelWithheld: 'No figures: the model chosen is not counted on this page (the reason is given with the model above). Choose another model or edit a field to see the figures of the fields as they stand.',
    // A link's key given more than once: [{name, values}]; the first value is the one read.
    linkRepeated: (keys) => `This link gives ${keys.map(({ name, values }) => `${name} ${values.length} times (${values.map((value) => `“${value}”`).join(', ')})`).join(' and ')}: the page reads the first of each, as it reads every repeated key.`,
    noFigure: '—',
    overflow: 'Too large to represent',
    overflowNote: 'The exact value is above 18,446,744,073,709,551,615 (2⁶⁴ − 1), the largest unsigned 64-bit integer.',
    // "a", "a and b", "a, b and c"
    listOf: (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`),
    fillIn: (fields, count) => `To see ${count > 1 ? 'the results' : 'the result'}, fill in ${count > 1 ? 'these fields' : 'this field'}: ${fields}.`,
    review: (fields, count) => `To see every result, check ${count > 1 ? 'these fields' : 'this field'}: ${fields}.`,
    fieldErrors: {
      not_a_choice: () => 'Not one of this field’s choices: choose one from the list.',
      unknown_preset: () => 'This page offers no device by that name with every figure it needs: choose one from the list, or type the device’s figures in the fields below.',
      empty: () => 'Enter a value.',
      notInDeviceList: ({ device }) => `The device list has no such figure for the ${device}: type it from its datasheet or a measurement.`,
      too_long: ({ maxTextLength }) => `Too long for a number: use at most ${maxTextLength} characters.`,
      not_a_number: () => 'Use the digits 0 to 9 only, with no letters or signs (commas between thousands are optional, as in 4,096).',
      below_minimum: ({ minimum }) => `The value must be at least ${minimum}.`,
      negative: () => 'Use a positive number, without a minus sign.',
      fractional: () => 'Use a whole number: the point marks decimals, which do not apply here.',
      above_maximum: ({ maximum }) => `The largest accepted value is ${maximum}.`,
      malformed_grouping: () => 'Thousands separator out of place: group the digits in threes, as in 4,096 or 1,000,000.',
      unfinished_grouping: () => 'Unfinished number: each thousands separator is followed by three digits, as in 4,096 or 1,000,000.',
      ambiguous_suffix: ({ readings: [decimal, binary] }) =>
        `Ambiguous: ${decimal} or ${binary}? Type the number in full, or write 2^n (binary) if you mean a power of two.`,
      conflicting: () => 'This value does not go with the other fields: see the field\'s hint.',
    },
    copy: {
      link: 'Copy link',
      linkCopied: 'Link copied!',
      codeCopied: 'Code copied!',
      linkFailed: 'Copying did not work: the link is in the field below, selected for you to copy.',
      linkField: 'Link to this calculation',
      failed: 'Copying did not work. Select the text and copy it by hand.',
    },
    scaleCount: SCALE_NAMES.length,
    exactBytes: (bytes) => `= ${bytes} bytes`,
    approximateTokens: (amount, scale) => `≈ ${amount} ${SCALE_NAMES[scale]} tokens`,
    approximateCount: (amount, scale) => `≈ ${amount} ${SCALE_NAMES[scale]}`,
  },

  effectiveBatch: {
    title: 'Effective Batch Size Calculator',
    inputsTitle: 'Inputs',
    resultsTitle: 'Results',
    formLabel: 'Effective batch size calculator inputs',
    groups: { parallelism: 'Parallelism', sequence: 'Sequence' },
    fields: {
      microBatch: { label: 'Micro-batch per device' },
      dataParallel: { label: 'Data-parallel devices' },
      accumulationSteps: { label: 'Gradient accumulation steps' },
      sequenceLength: { label: 'Sequence length' },
    },
    results: {
      effectiveBatch: { label: 'Effective batch size', bar: 'Batch', barUnit: 'sequences', unit: 'sequences per optimizer step' },
      tokensPerStep: { label: 'Tokens per optimizer step', bar: 'Tokens/step', unit: '' },
    },
    embed: {
      frameTitle: 'Effective batch size calculator',
      openFull: 'open the full calculator',
      needsValidInput: 'Fix the highlighted fields in the calculator to get code with your values.',
      noscript: 'The calculator needs JavaScript and WebAssembly to do the arithmetic.',
      fallback: 'Effective batch size calculator: enable JavaScript to compute the global batch and the tokens per step.',
    },
  },
};
