// The effective-batch page's prose in English. Values are trusted markup
// written here (MathML, <i>, <code>); prose.pt-BR.mjs has the same keys.
export default {
  meta: {
    title: 'Effective Batch Size Calculator (global batch and tokens per step)',
    description: 'Work out the effective (global) batch size of a distributed training run from the micro-batch per device, the data-parallel replicas and the gradient accumulation steps, and see how many tokens the optimizer gets per step.',
    siteName: 'Effective Batch Size Calculator',
    shortName: 'Batch size',
    shareTitle: 'Effective Batch Size Calculator',
    shareDescription: 'How many sequences and tokens does your optimizer really see per step? Global batch = micro-batch × data-parallel replicas × accumulation steps.',
    ogLocale: 'en_US',
  },
  plannerLink: 'Plan a training run: cluster, target batch, token budget, learning rate, ramp-up ↓',
  // This page's name in the site navigation.
  navName: 'Batch size and planner',
  // How the related cards of every other page describe this calculator.
  card: {
    title: 'Effective Batch Size Calculator',
    text: 'Works out the global batch and the tokens per optimizer step from the micro-batch, the data-parallel replicas and the accumulation steps, and plans a training run from it.',
  },
  pageNav: { label: 'On this page', calculator: 'Calculator', planner: 'Planner', explanation: 'How it works', embed: 'Embed' },
  heading: 'Effective Batch Size Calculator',
  lede: 'Find the effective — or global — batch size of your distributed training run from three numbers: the micro-batch on each device, how many devices do data parallelism, and how many gradient accumulation steps come before each update. The calculator also shows how many tokens the optimizer gets per step.',
  noscript: 'The calculator needs JavaScript and WebAssembly to redo the arithmetic; the figures above are the worked example\'s. The explanation, the formula and the example below are all still here.',
  sections: {
    what: {
      title: 'Effective batch size',
      html: '<p>The effective batch size is the number of training examples that go into a single optimizer update. On one device it is simply the micro-batch. Distributed training, though, spreads the work over many accelerators and often sums several passes before the weights change, so the global batch the optimizer actually sees can be hundreds of times larger than what fits on any one chip. This calculator rebuilds that global number — and the tokens it stands for — from the three factors that produce it.</p>',
    },
    why: {
      title: 'Why the global batch matters',
      html: '<p>Nearly every published learning-rate schedule, warmup length and convergence result is stated in terms of the global batch, not the per-device micro-batch. A team that goes from 8 to 64 devices without recomputing the effective batch quietly changes the optimization dynamics. Because gradients are averaged, the step does not become 8 times larger; what changes is everything around it: each epoch now has 8 times fewer updates, each update\'s gradient is less noisy, and the learning rate and warmup tuned for the old batch are no longer the right ones. Training can then diverge or stall. Knowing the effective batch is therefore a prerequisite for tuning the learning rate, reproducing a published recipe, or comparing two runs on clusters of different sizes.</p>',
    },
    formula: {
      title: 'The formula',
      html: '<p>Three independent factors multiply. Let <math><mi>b</mi></math> be the micro-batch per device, <math><mi>d</mi></math> the number of data-parallel replicas and <math><mi>a</mi></math> the number of gradient accumulation steps. With sequences of length <math><mi>L</mi></math>, the effective batch <math><mi>B</mi></math> and the tokens per optimizer step <math><mi>T</mi></math> are:</p>'
        + '<div class="formula"><math display="block"><mi>B</mi><mo>=</mo><mi>b</mi><mo>·</mo><mi>d</mi><mo>·</mo><mi>a</mi></math><math display="block"><mi>T</mi><mo>=</mo><mi>B</mi><mo>·</mo><mi>L</mi></math></div>'
        + '<p>Each data-parallel replica processes its own micro-batch and the gradients of all of them are averaged, so the replicas multiply the batch. Accumulation sums successive passes before an update and multiplies it again. The token count is simply the number of sequences times the length of each.</p>',
    },
    example: {
      title: 'Worked example',
      html: '<p>Take a micro-batch of 8 sequences on each of 64 devices, with 4 accumulation steps and a 4,096-token context:</p>'
        + '<div class="formula"><math display="block"><mi>B</mi><mo>=</mo><mn>8</mn><mo>×</mo><mn>64</mn><mo>×</mo><mn>4</mn><mo>=</mo><mn>2,048</mn></math><math display="block"><mi>T</mi><mo>=</mo><mn>2,048</mn><mo>×</mo><mn>4,096</mn><mo>=</mo><mn>8,388,608</mn></math></div>'
        + '<p>The optimizer sees 2,048 sequences — about 8.4 million tokens — per update, even though no single device ever holds more than 8 sequences at a time. Doubling the accumulation steps to 8 would raise the effective batch to 4,096 without any change in per-device memory, at the cost of twice as many passes between updates.</p>',
    },
    limits: {
      title: 'Limits',
      html: '<p>The model covers data-parallel replication and gradient accumulation, the two factors that change the global batch. It leaves out tensor, pipeline and sequence parallelism on purpose: they split one model or one sequence across devices to fit it in memory, but they do not enlarge the global batch. That is why <math><mi>d</mi></math> counts replicas, not devices: with tensor (TP), pipeline (PP) and context (CP) parallelism, <math><mi>d</mi></math> = devices ÷ (TP·PP·CP).</p>'
        + '<p>The token figure also assumes a fixed sequence length; variable-length or packed batches need token accounting of their own. The memory side of choosing a micro-batch is covered by the Gradient Accumulation Memory Calculator, and how throughput grows as devices are added, by the Data-Parallel Scaling Calculator.</p>'
        + '<p>Each input takes whole numbers from 1 to 4,294,967,295 (2³² − 1), with or without a thousands separator: a comma (4,096) or a space (4 096). Results are computed with exact 64-bit integers: when a product goes past 18,446,744,073,709,551,615 (2⁶⁴ − 1), the calculator says it is too large to represent instead of rounding it.</p>',
    },
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'What is the effective batch size?',
        html: '<p>It is the number of training examples that contribute to a single optimizer update, also called the global batch size. In distributed training it is the micro-batch per device times the number of data-parallel replicas times the gradient accumulation steps, because all of those passes are summed before the weights change once.</p>'
          + '<p>That number, not the smaller micro-batch that fits on one device, is what matters for learning-rate scaling and for reproducing results.</p>',
      },
      {
        question: 'Why use gradient accumulation?',
        html: '<p>Gradient accumulation runs several forward and backward passes and sums their gradients before applying one optimizer step, which raises the effective batch without keeping more activations in memory at once. It lets a memory-bound setup reproduce the large-batch behaviour of a bigger cluster, at the cost of more wall-clock time per update.</p>'
          + '<p>The trade is throughput for memory: every accumulation step is real compute, but there is only one optimizer update and one round of communication per cycle.</p>',
      },
      {
        question: 'How do batch size and tokens per step differ?',
        html: '<p>Batch size counts sequences; tokens per step counts the individual tokens inside them, that is, the batch times the sequence length. Token-budget planning and many published learning-rate schedules are stated per token, so the token figure is often the one that carries over best between setups.</p>'
          + '<p>Two runs with the same number of sequences but different sequence lengths see different token counts per step, which is why the calculator reports both numbers.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Disclaimer',
    html: '<p>This calculator covers only data-parallel replication and gradient accumulation. It does not model tensor, pipeline or sequence parallelism, which change how a global batch is split across devices but not the size of that batch. Check that your framework counts micro-batches and accumulation steps the same way.</p>',
  },
  embed: {
    title: 'Embed',
    intro: 'Put the calculator in your team\'s training docs — MkDocs, Docusaurus, Sphinx or plain HTML. The snippets below already carry the values in the calculator right now.',
    iframeTitle: 'As an iframe',
    iframeText: 'Works on any page that accepts HTML, including sites with a strict security policy, as long as the site allows frames from this origin (<code>frame-src</code>). The <code>embed.js</code> module sizes the frame to its content.',
    copyIframe: 'Copy iframe code',
    elementTitle: 'As an HTML element',
    elementText: 'The <code>&lt;effective-batch-calculator&gt;</code> element flows with the page, follows the width of the text and fires an <code>effective-batch-change</code> event with every new result. Its <code>lang</code> attribute picks the language (<code>en</code> or <code>pt-BR</code>). The site\'s security policy must allow scripts, styles and connections from this origin, plus <code>\'wasm-unsafe-eval\'</code>.',
    copyElement: 'Copy element code',
  },
  // Each field's hint, under its label on the page (the embeds show none, so the run-time words carry none).
  fieldHints: {
    microBatch: 'Sequences each device processes in one forward and backward pass.',
    dataParallel: 'Model replicas: d = devices ÷ (TP·PP·CP). Tensor, pipeline and context parallelism split each replica and do not enlarge the batch.',
    accumulationSteps: 'Passes summed before each optimizer update.',
    sequenceLength: 'Tokens in each sequence (the training context). As people write context lengths, 4k, 32K and 128k are 4,096, 32,768 and 131,072; 2^12 works too.',
  },
};
