// The data-parallel scaling page's prose in English. Values are trusted
// markup written here (MathML, <i>, <code>); prose.pt-BR.mjs has the same keys.
import { mi, mn, mo, sub } from '../../../pages/mathml.mjs';

export default {
  meta: {
    title: 'Data-Parallel Scaling Calculator (ring all-reduce, throughput, scaling efficiency)',
    description: 'How training throughput grows as data-parallel GPUs are added: ring all-reduce time from the gradient size and the NCCL bus bandwidth, step time with overlap, tokens per second and scaling efficiency, in weak and strong scaling.',
    siteName: 'Effective Batch Size Calculator',
    shareTitle: 'Data-Parallel Scaling Calculator',
    shareDescription: 'Adding GPUs adds an all-reduce to every step. See how much throughput each replica really adds, and where the efficiency goes.',
    ogLocale: 'en_US',
  },
  // This page's name in the site navigation.
  navName: 'Scaling',
  // How the related cards of every other page describe this calculator.
  card: {
    title: 'Data-Parallel Scaling Calculator',
    text: 'Shows how training throughput grows as you add data-parallel devices.',
  },
  heading: 'Data-Parallel Scaling Calculator',
  lede: 'Find out how throughput grows as you add data-parallel replicas. Every optimizer step ends with an all-reduce of the gradients; from the model\'s size, the network\'s bandwidth and how much of that communication hides behind the backward pass, the calculator gives the step time, the tokens per second and the scaling efficiency at each size, in weak or strong scaling.',
  sections: {
    what: {
      title: 'Data parallelism and its all-reduce',
      html: '<p>With data parallelism, every replica holds the whole model and processes its own micro-batches; before the optimizer step, the replicas average their gradients with an all-reduce, so that all of them apply the same update. Compute per replica stays the same as replicas are added, but the all-reduce does not come for free: it moves about twice the gradients\' size through every GPU\'s links on every step, and across nodes those links are several times slower than inside one. That is why doubling the GPUs rarely doubles the throughput.</p>',
    },
    why: {
      title: 'Why it matters',
      html: '<p>A cluster is bought or rented by the GPU-hour, and the efficiency tells how much of each added GPU turns into training. Knowing where it drops — at the node boundary when the network carries less per GPU than the links inside a node, and steadily as the all-reduce grows against the compute — tells you whether more gradient accumulation (fewer all-reduces per sample), bf16 gradients, better overlap or a faster network would pay, and whether a run on 512 GPUs will finish sooner than on 256 at all. It also separates two different questions: weak scaling (a bigger global batch on more GPUs) and strong scaling (the same batch, faster), which change the optimization in different ways.</p>',
    },
    formula: {
      title: 'The formulas',
      html: `<p>The gradients to reduce take <math>${mi('S')}${mo('=')}${mi('Ψ')}${mo('·')}${mi('g')}</math> bytes (<math>${mi('Ψ')}</math> parameters, <math>${mi('g')}</math> bytes per gradient element). A ring all-reduce over <math>${mi('n')}</math> GPUs sends and receives <math><mfrac><mrow>${mn('2')}${mo('(')}${mi('n')}${mo('−')}${mn('1')}${mo(')')}</mrow>${mi('n')}</mfrac>${mi('S')}</math> bytes per GPU, so at a bus bandwidth <math>${mi('β')}</math> it takes</p>`
        + `<div class="formula"><math display="block">${sub('t', 'AR')}${mo('=')}<mfrac><mrow>${mn('2')}${mo('(')}${mi('n')}${mo('−')}${mn('1')}${mo(')')}</mrow>${mi('n')}</mfrac><mo>·</mo><mfrac>${mi('S')}${mi('β')}</mfrac></math></div>`
        + '<p>This is exactly how the NVIDIA nccl-tests define bus bandwidth (<code>doc/PERFORMANCE.md</code>: for AllReduce, <i>busbw</i> = <i>algbw</i> × 2(n−1)/n), so a bus bandwidth measured with <code>all_reduce_perf</code> can be typed in as it is. Up to the GPUs of one node, <math><mi>β</mi></math> is the intra-node bandwidth; beyond, the inter-node one, as <code>all_reduce_perf</code> reports it across nodes. Left empty, it is the node\'s NICs times their rate, at most the intra-node figure: NCCL\'s rings cross nodes on every NIC at once, so 8 NICs of 200 Gb/s carry about 200 GB/s of bus bandwidth (<a href="https://github.com/NVIDIA/nccl/issues/812">NVIDIA/nccl#812</a> measured 192 GB/s on such nodes), not the 25 GB/s of one NIC.</p>'
        + `<p>With <math>${mi('C')}</math> the compute of one optimizer step on one replica and <math>${mi('o')}</math> the share of the all-reduce overlapped with it, the step takes <math>${mi('t')}${mo('=')}${mo('max')}${mo('(')}${sub('C', 'n')}${mo('+')}${mo('(')}${mn('1')}${mo('−')}${mi('o')}${mo(')')}${sub('t', 'AR')}${mo(',')}${sub('t', 'AR')}${mo(')')}</math>: communication hides only behind computation (the backward pass, where PyTorch DDP launches its bucket all-reduces: Li et al. 2020, <i>PyTorch Distributed</i>, section 3.2.3), so a step never ends before its own all-reduce, whatever the overlap. In weak scaling, <math>${sub('C', 'n')}${mo('=')}${mi('C')}</math> and the global batch is <math>${mi('b')}${mo('·')}${mi('a')}${mo('·')}${mi('n')}</math>; in strong scaling the batch stays <math>${mi('b')}${mo('·')}${mi('a')}</math>, each replica takes <math>${mi('b')}${mo('·')}${mi('a')}${mo('/')}${mi('n')}</math> samples a step (which must be whole), as <math>${mi('a')}${mo('/')}${mi('n')}</math> accumulation steps when <math>${mi('n')}</math> divides <math>${mi('a')}</math>, otherwise as the largest micro-batch up to <math>${mi('b')}</math> that divides them, and <math>${sub('C', 'n')}${mo('=')}${mi('C')}${mo('/')}${mi('n')}</math>. Throughput is the global batch over <math>${mi('t')}</math>, times <math>${mi('L')}</math> for tokens, and the efficiency against perfect linear scaling is</p>`
        + `<div class="formula"><math display="block">${mi('η')}${mo('=')}<mfrac><mrow>${mi('τ')}${mo('(')}${mi('n')}${mo(')')}</mrow><mrow>${mi('n')}${mo('·')}${mi('τ')}${mo('(')}${mn('1')}${mo(')')}</mrow></mfrac>${mo('=')}<mfrac>${sub('C', 'n')}${mi('t')}</mfrac></math></div>`,
    },
    example: {
      title: 'Worked example',
      html: '<p>A 7-billion-parameter model whose gradients are reduced in fp32 (what Megatron-LM does in a bf16 run) has 28,000,000,000 bytes to reduce each step. One H100 takes 4 s for a step of 8 accumulated sequences of 4,096 tokens (8,192 tokens/s); nodes have 8 GPUs with NVLink at 370 GB/s and 8 InfiniBand NDR NICs of 400 Gb/s, one per GPU. Half the communication overlaps the backward pass. Across nodes the ring runs on all 8 NICs: 8 × 400 ÷ 8 = 400 GB/s, capped at the 370 GB/s the ring reaches inside a node.</p>'
        + `<div class="formula"><math display="block">${sub('t', 'AR')}${mo('(')}${mn('8')}${mo(')')}${mo('=')}<mfrac><mrow>${mn('2')}${mo('·')}${mn('7')}</mrow>${mn('8')}</mfrac><mo>·</mo><mfrac>${mn('28')}${mn('370')}</mfrac>${mo('≈')}${mn('0.1324')}${mi('s')}<mspace width="1em"/>${sub('t', 'AR')}${mo('(')}${mn('64')}${mo(')')}${mo('=')}<mfrac><mrow>${mn('2')}${mo('·')}${mn('63')}</mrow>${mn('64')}</mfrac><mo>·</mo><mfrac>${mn('28')}${mn('370')}</mfrac>${mo('≈')}${mn('0.1490')}${mi('s')}</math></div>`
        + '<p>Inside one node the step is 4 + 0.5 × 0.1324 ≈ 4.066 s, an efficiency of 98.4%. At 64 GPUs (8 nodes) it is 4 + 0.5 × 0.1490 ≈ 4.074 s: the global batch of 1 × 8 × 64 = 512 sequences runs at 514,703 tokens/s, an efficiency of 98.2%, hardly less than inside one node, because the NICs together carry as much as NVLink\'s ring. With 2 NICs of 200 Gb/s per node instead (50 GB/s), the all-reduce at 64 GPUs takes 2 × 63/64 × 28/50 = 1.1025 s, the step 4.55125 s, and the efficiency is 87.9%; bf16 gradients halve the bytes and the all-reduce (0.55125 s, 93.6%). In strong scaling the same 8 sequences can be shared by at most 8 replicas: at 16 there is no whole number of samples per replica, and the calculator says so instead of rounding; with b = 4 and a = 2 over 4 replicas, each takes 2 samples as b = 2, a = 1.</p>',
    },
    limits: {
      title: 'Limits',
      html: '<p>The model is the bandwidth term of a ring all-reduce: it leaves out latency (which matters for small gradients and many GPUs), NCCL\'s tree and NVLink SHARP algorithms (which can beat the ring), hierarchical schemes, contention with other jobs, and stragglers. The bandwidths are ceilings, not promises: 370 GB/s is what NCCL reaches on H100 NVLink with the ring algorithm, against a 450 GB/s line rate, as NCCL\'s maintainer explains in <a href="https://github.com/NVIDIA/nccl-tests/issues/212">nccl-tests issue #212</a>; 400 Gb/s is the line rate of an InfiniBand NDR NIC, of which NCCL reaches about 96% (192 of 200 GB/s in NVIDIA/nccl#812). Measure your own with <code>all_reduce_perf</code> when you can.</p>'
        + '<p>The overlap is taken as given, up to the compute: a step is never shorter than its all-reduce. In practice it can hide no more than the backward pass of the last micro-batch lasts (DDP skips the all-reduce during the other accumulation steps), and depends on bucket sizes and the framework. Only data parallelism is modelled; ZeRO stage 3 adds parameter all-gathers (about 1.5 times the communication), and tensor or pipeline parallelism have traffic of their own. Times are estimates in double precision; the batch sizes and byte counts are exact.</p>',
    },
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'What is bus bandwidth?',
        html: '<p>It is the nccl-tests measure that makes all-reduce speeds comparable across GPU counts: the data size over the time (the algorithm bandwidth), times 2(n−1)/n for an all-reduce. It is the speed each GPU\'s links actually run at, so it can be compared with their hardware peak, and it is what this calculator takes.</p>',
      },
      {
        question: 'Weak or strong scaling?',
        html: '<p>Weak scaling keeps each replica\'s work fixed, so more GPUs mean a larger global batch: throughput grows almost linearly, but the optimization changes with the batch (the effective batch calculator and its learning-rate rules come in here). Strong scaling keeps the global batch and splits it over more replicas: the optimization is unchanged, but each replica\'s compute shrinks while the all-reduce does not, so efficiency falls faster, and it stops when the replicas no longer divide the b·a samples of a step.</p>',
      },
      {
        question: 'How does gradient accumulation help scaling?',
        html: '<p>The all-reduce happens once per optimizer step, however many micro-batches were accumulated before it. More accumulation steps mean more compute for the same communication, so the efficiency rises — at the price of a larger global batch.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Disclaimer',
    html: '<p>These are estimates from a simple, published model of communication, not a measurement of your cluster. Real runs add latency, kernel launch gaps, data loading and imbalance; profile a short run on the real hardware before planning a large one.</p>',
  },
  // Each field's hint, under its label on the page (the embeds show none, so the run-time words carry none).
  fieldHints: {
    parameters: 'Every parameter has a gradient to all-reduce, e.g. 7B or 70B.',
    gradientPrecision: 'The precision the gradients are all-reduced in, as on the memory page: fp32 (4 bytes each) is what Megatron-LM does in a bf16 run unless told --grad-reduce-in-bf16; bf16 is 2 bytes.',
    computeSeconds: 'Seconds of forward and backward passes for b·a sequences on one GPU, without communication. Left empty, it comes from tokens/s below.',
    tokensPerSecond: 'Measured on one GPU, without communication: compute = b·a·L ÷ tokens/s. Used only when the compute field is empty.',
    gpusPerNode: 'Up to this many replicas, the ring stays inside one node.',
    intraBandwidth: 'NCCL all-reduce bus bandwidth inside a node, in 10⁹ bytes/s. 370: H100 NVLink with the ring algorithm.',
    interBandwidth: 'What all_reduce_perf reports across nodes, used as given. Left empty: NICs per node × NIC rate ÷ 8, at most the intra-node figure, since NCCL\'s rings cross nodes on every NIC at once.',
    nicsPerNode: 'Network adapters NCCL uses between nodes: 8 on an HGX H100 node, one per GPU. Not read while the inter-node bandwidth is given.',
    nicRate: 'Line rate of each NIC in 10⁹ bits/s: 400 for InfiniBand NDR, 200 for HDR. Not read while the inter-node bandwidth is given.',
    overlap: 'The share of the all-reduce hidden behind the computation: 0 for none, 100 for all. A step never takes less than its all-reduce.',
    dataParallel: 'The n the results are for; the chart runs from 1 to n.',
    mode: 'Weak: each replica keeps b and a, so the batch grows with n. Strong: the batch b·a stays, and each replica takes b·a ÷ n samples a step: a ÷ n steps when n divides a, otherwise a smaller micro-batch.',
    microBatch: 'Sequences in each forward and backward pass.',
    accumulationSteps: 'Weak scaling: per replica. Strong scaling: at n = 1; n replicas share them.',
    sequenceLength: 'Tokens per sequence; 4k or 2^12 is 4,096.',
  },
};
