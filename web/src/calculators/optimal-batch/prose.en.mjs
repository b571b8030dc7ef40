// The optimal batch size page's prose in English. Values are trusted markup
// written here (MathML, <i>, <code>); prose.pt-BR.mjs has the same keys.
import { mi, mn, mo, sub } from '../../../pages/mathml.mjs';

const sup = (base, exponent) => `<msup>${base}<mn>${exponent}</mn></msup>`;

export default {
  meta: {
    title: 'Optimal Batch Size Calculator (DeepSeek LLM and Step Law scaling laws, learning rate, gradient noise scale)',
    description: 'Which batch size and learning rate should a pre-training run use? The fits of DeepSeek LLM (from the compute) and Step Law (from the parameters and tokens), each with the range it was fitted on, the steps-against-data trade-off of the gradient noise scale, the cluster\'s floor, and a link that plans the batch.',
    siteName: 'Effective Batch Size Calculator',
    shareTitle: 'Optimal Batch Size Calculator',
    shareDescription: 'The batch and learning rate the scaling-law papers give for your run, said with the range each was fitted on, then planned as b × d × a.',
    ogLocale: 'en_US',
  },
  // This page's name in the site navigation.
  navName: 'Batch size',
  // How the related cards of every other page describe this calculator.
  card: {
    title: 'Optimal Batch Size Calculator',
    text: 'Gives the batch size and learning rate the scaling-law papers (DeepSeek LLM, Step Law) fit for a model and a token budget, with the range each was fitted on, and hands the batch to the planner.',
  },
  heading: 'Optimal Batch Size Calculator',
  lede: 'Before "how do I reach this batch?" comes "which batch, and which learning rate?". From the model\'s shape and the training tokens, this page gives the answer of two scaling-law papers, DeepSeek LLM\'s and Step Law\'s, says whether your run lies inside the range each was fitted on, weighs the batch against a measured gradient noise scale and against what your cluster needs to hide its all-reduce, and hands the batch to the planner, which solves b, d and a for it.',
  sections: {
    what: {
      title: 'What the scaling laws of hyperparameters say',
      html: `<p>For a fixed model and data budget, the loss reached depends on the batch size and the learning rate, and near their best values it is flat: a wide band of batches and rates trains almost equally well. Papers that trained hundreds or thousands of small models fitted where that band lies as a power law of the scale, so that a large run can read its batch and rate off the law instead of searching for them. DeepSeek LLM (Bi et al. 2024, arXiv <a href="https://arxiv.org/abs/2401.02954">2401.02954</a>, section 3.1) fits both to the compute budget <math>${mi('C')}</math>; Step Law (Li et al. 2025, arXiv <a href="https://arxiv.org/abs/2503.04715">2503.04715</a>) fits the batch to the training tokens <math>${mi('D')}</math> alone and the learning rate to the parameters <math>${mi('N')}</math> and <math>${mi('D')}</math>.</p>`,
    },
    why: {
      title: 'Why it matters',
      html: '<p>Too small a batch wastes the cluster: every step ends with an all-reduce that a small batch cannot hide, and more steps mean more of them. Too large a batch wastes data: past the gradient noise scale, doubling the batch no longer halves the steps (McCandlish et al. 2018, arXiv <a href="https://arxiv.org/abs/1812.06162">1812.06162</a>). A learning rate chosen for another batch either diverges or trains slowly. Reading both off a law fitted on real runs, and knowing whether yours is inside what was fitted, turns a guess into a decision you can defend before the money is spent.</p>',
    },
    formula: {
      title: 'The formulas',
      html: `<p><b>DeepSeek LLM.</b> The model\'s scale is its non-embedding FLOPs per token, which count the attention over the context (section 3.2 of the paper):</p>`
        + `<div class="formula"><math display="block">${mi('M')}${mo('=')}${mn('72')}${mo('·')}${sub('n', 'layer')}${mo('·')}${sup(sub('d', 'model'), '2')}${mo('+')}${mn('12')}${mo('·')}${sub('n', 'layer')}${mo('·')}${sub('d', 'model')}${mo('·')}${sub('l', 'seq')}<mspace width="1em"/>${mi('C')}${mo('=')}${mi('M')}${mo('·')}${mi('D')}</math></div>`
        + `<p>and the fits of section 3.1, with <math>${sub('B', 'opt')}</math> in tokens, are</p>`
        + `<div class="formula"><math display="block">${sub('B', 'opt')}${mo('=')}${mn('0.2920')}${mo('·')}<msup>${mi('C')}<mn>0.3271</mn></msup><mspace width="1em"/>${sub('η', 'opt')}${mo('=')}${mn('0.3118')}${mo('·')}<msup>${mi('C')}<mrow>${mo('−')}${mn('0.1250')}</mrow></msup></math></div>`
        + '<p>They were fitted on compute budgets from 10<sup>17</sup> to 2 × 10<sup>19</sup> FLOPs, and the paper checked them on models of 10<sup>20</sup>; a figure outside 10<sup>17</sup> to 2 × 10<sup>19</sup> is marked as an extrapolation. Its 72 · <i>n</i><sub>layer</sub> · <i>d</i><sub>model</sub>² is 6 times a dense model\'s 12 · <i>n</i><sub>layer</sub> · <i>d</i><sub>model</sub>² layer parameters; a mixture of experts sends a token through its active parameters only, so with its active non-embedding parameters given, <i>M</i> = 6 · <i>N</i><sub>active</sub> + 12 · <i>n</i><sub>layer</sub> · <i>d</i><sub>model</sub> · <i>l</i><sub>seq</sub>: for Mixtral 8x7B, 6 × 12,617,515,008 + 12 × 32 × 4,096 × 4,096 = 82,147,540,992, where the dense formula gives 45,097,156,608.</p>'
        + `<p><b>Step Law.</b> With <math>${mi('N')}</math> the non-embedding parameters and <math>${mi('D')}</math> the training tokens:</p>`
        + `<div class="formula"><math display="block">${mi('B')}${mo('=')}${mn('0.58')}${mo('·')}<msup>${mi('D')}<mn>0.571</mn></msup><mspace width="1em"/>${mi('η')}${mo('=')}${mn('1.79')}${mo('·')}<msup>${mi('N')}<mrow>${mo('−')}${mn('0.713')}</mrow></msup>${mo('·')}<msup>${mi('D')}<mn>0.307</mn></msup></math></div>`
        + '<p>The grid of dense models the authors released with it (<code>data/dense_lr_bs_loss.csv</code> in <a href="https://github.com/step-law/steplaw">step-law/steplaw</a> at commit 32a8f4c) spans <i>N</i> from 214,663,680 to 1,073,741,824 and <i>D</i> from 4 to 100 billion tokens; every run in it has at least 18.6 tokens per parameter (10 billion tokens for 536,872,960 parameters), so a point inside those ranges with fewer, such as 1.07B parameters on 4B tokens, lies outside the grid. Outside it, the figures are marked as extrapolated, and when only one of the two laws is inside its own range, that one recommends. For a mixture of experts <i>N</i> stays the total: the authors\' own MoE grid (<code>data/moe_lr_bs_loss.csv</code>) is fitted on total <i>N</i>. Their <i>N</i> counts each layer\'s attention and MLP matrices, without embeddings, output head or norms: for a 7-layer model of width 960 and MLP width 9,368, 7 × (4 × 960² + 3 × 960 × 9,368) = 214,663,680. Left empty here, <i>N</i> is 12 · <i>n</i><sub>layer</sub> · <i>d</i><sub>model</sub>², Kaplan et al. 2020\'s count (section 2.1) for an MLP four times the width.</p>'
        + `<p><b>Steps against data.</b> With a measured gradient noise scale <math>${sub('B', 'noise')}</math>, McCandlish et al. 2018 (section 2) give the steps and examples a run needs to reach a given loss at batch <math>${mi('B')}</math>:</p>`
        + `<div class="formula"><math display="block">${mi('S')}${mo('=')}${sub('S', 'min')}${mo('(')}${mn('1')}${mo('+')}<mfrac>${sub('B', 'noise')}${mi('B')}</mfrac>${mo(')')}<mspace width="1em"/>${mi('E')}${mo('=')}${sub('E', 'min')}${mo('(')}${mn('1')}${mo('+')}<mfrac>${mi('B')}${sub('B', 'noise')}</mfrac>${mo(')')}</math></div>`
        + `<p><b>The cluster\'s floor.</b> Each of the <math>${mi('d')}</math> data-parallel replicas runs the ring all-reduce of <math>${mi('N')}${mi('g')}</math> bytes of gradients, <math>${mn('2')}${mo('(')}${mi('d')}${mo('−')}${mn('1')}${mo(')')}${mo('/')}${mi('d')}${mo('·')}${mi('N')}${mi('g')}${mo('/')}${mi('β')}</math> (the scaling calculator\'s model), while the backward pass of the step\'s last micro-batch runs: PyTorch DDP and Megatron-LM reduce the gradients only on the last micro-batch, and the forward pass comes before any gradient exists. The backward is 4 of a token\'s <math>${mn('6')}${mi('N')}</math> FLOPs, so for its <math>${mi('T')}</math> tokens, at the peak times the MFU, it hides the all-reduce when</p>`
        + `<div class="formula"><math display="block">${mi('T')}${mo('≥')}<mfrac><mrow>${mo('(')}${mi('d')}${mo('−')}${mn('1')}${mo(')')}${mo('·')}${mi('g')}${mo('·')}${mi('P')}${mo('·')}${mi('u')}</mrow><mrow>${mn('2')}${mo('·')}${mi('d')}${mo('·')}${mi('β')}</mrow></mfrac></math></div>`
        + `<p>where <math>${mi('N')}</math> cancels: the floor depends on the cluster, not the model. It is rounded up to whole sequences per replica, and the smallest global batch is <math>${mi('d')}</math> times that, with no accumulation; with accumulation steps, the last micro-batch alone must reach it.</p>`
        + `<p><b>A batch that splits.</b> A batch is run as <math>${mi('B')}${mo('=')}${mi('b')}${mo('·')}${mi('d')}${mo('·')}${mi('a')}</math> with whole numbers, so in sequences it must be a multiple of <math>${mi('d')}</math>, and of <math>${mi('b')}${mo('·')}${mi('d')}</math> for a given micro-batch. With the GPUs given, the recommended sequences move to the nearest such multiple (at least one of it), and the page says by how much: DeepSeek 7B\'s 2,252 sequences (2² × 563) split over no cluster of 64 GPUs; 2,240 do, 0.53% fewer, and with a micro-batch of 4, 2,304, the batch DeepSeek trained with.</p>`,
    },
    example: {
      title: 'Worked example',
      html: '<p>DeepSeek LLM 7B, as Table 2 of the paper gives it: 30 layers, <i>d</i><sub>model</sub> = 4,096, a context of 4,096 tokens and 2 trillion training tokens. Then <i>M</i> = 72 × 30 × 4,096² + 12 × 30 × 4,096 × 4,096 = 42,278,584,320 FLOPs per token, and <i>C</i> = <i>M</i> × 2 × 10<sup>12</sup> = 84,557,168,640,000,000,000,000 ≈ 8.46 × 10<sup>22</sup> FLOPs.</p>'
        + '<p>The fits give <i>B</i><sub>opt</sub> = 0.2920 × <i>C</i><sup>0.3271</sup> ≈ 9,222,608 tokens (9.22M) and <i>η</i><sub>opt</sub> = 0.3118 × <i>C</i><sup>−0.1250</sup> ≈ 4.25 × 10<sup>−4</sup>. The paper chose 2,304 sequences of 4,096 tokens, 9,437,184 tokens (9.44M), and 4.2 × 10<sup>−4</sup>: the law lands within 2.3% and 1.1% of what DeepSeek trained with. In whole sequences the recommendation is 9,222,608 ÷ 4,096 ≈ 2,251.6, so 2,252 sequences, 9,224,192 tokens. Its 67B (95 layers, width 8,192) gives <i>M</i> = 497,276,682,240, about 20.65M tokens and 3.12 × 10<sup>−4</sup>, beside the 4,608 sequences (18.87M tokens) and 3.2 × 10<sup>−4</sup> of Table 2.</p>'
        + '<p>Both runs lie far beyond the 2 × 10<sup>19</sup> FLOPs the fits came from, so the page marks them as extrapolated, which is what DeepSeek itself did in applying them. Step Law, with <i>N</i> = 12 × 30 × 4,096² = 6,039,797,760, gives 0.58 × (2 × 10<sup>12</sup>)<sup>0.571</sup> ≈ 6.13M tokens and 1.14 × 10<sup>−3</sup>: also an extrapolation, past its 1.07B parameters and 100B tokens.</p>',
    },
    limits: {
      title: 'Limits',
      html: '<p>These are fits, each from its own setup: DeepSeek\'s data, AdamW and a multi-step schedule; Step Law\'s AdamW, a decay to a fixed minimum rate of 10<sup>−5</sup> (the <code>mlr</code> of its released runs\' names) and its data mixes. Another optimizer, tokenizer or schedule moves the optimum, and the band around it is wide: near it, a batch twice or half as large trains almost as well. Far outside the fitted range — and most production runs are — the laws are extrapolations, and the two can disagree by a factor of two or more, as in the example; treat the pair as a range to test with short runs, not a single truth. The gradient noise scale is not predicted here: it must be measured on your run, and it grows as the loss falls, so the best batch grows during training. The floor assumes pure data parallelism, a bandwidth-bound ring (no latency) and that the backward pass of the last micro-batch can hide all of the all-reduce; tensor and pipeline parallelism and ZeRO-3 change the traffic. It also takes the same <i>N</i> for the compute and the gradients: a mixture of experts computes with its active parameters but reduces the gradients of all of them, so its floor is higher by their ratio. Other laws (Kaplan et al. 2020\'s critical batch, Zhang et al. 2025, Power Lines) are not included: this page shows only formulas whose units and range were read in the papers.</p>',
    },
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'Why do the two laws disagree?',
        html: '<p>They were fitted on different models, data, schedules and scales, and they depend on different things: DeepSeek\'s batch grows with the compute, so a larger model with the same data asks for a larger batch; Step Law\'s batch depends on the data alone. Inside their ranges both are close to their authors\' measured optima; far outside, the difference between them is a fair measure of how uncertain the answer is.</p>',
      },
      {
        question: 'Is the batch in tokens or in sequences?',
        html: '<p>Both laws give it in tokens. The page rounds it to whole sequences of your length and shows both; the planner link carries it in tokens, and the planner finds the micro-batch, data-parallel replicas and accumulation steps that reach it, or the nearest batch it can.</p>',
      },
      {
        question: 'What if my cluster\'s floor is above the recommended batch?',
        html: '<p>Then at that batch every step would wait for its all-reduce: the GPUs are too many, or the network too slow, for that batch. Use fewer GPUs for the same batch, a larger batch (the band near the optimum is wide), or a faster interconnect; the scaling calculator shows the efficiency at each size.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Disclaimer',
    html: '<p>These are the published fits evaluated exactly as the papers write them, not a guarantee for your run. Check the recommendation with a few short runs around it before committing a large budget.</p>',
  },
  // Each field's hint, under its label on the page (the embeds show none, so the run-time words carry none).
  fieldHints: {
    layers: 'Transformer blocks, e.g. 30 for DeepSeek LLM 7B, 32 for Llama 3.1 8B.',
    hiddenSize: 'The hidden size, e.g. 4096.',
    sequenceLength: 'Tokens per sequence; 4k or 2^12 is 4,096. The batch is rounded to whole sequences of this length.',
    nonEmbeddingParameters: 'For Step Law\'s learning rate: every parameter but the embeddings and the output head, e.g. 6.5B. Left empty: 12·n_layer·d_model².',
    activeNonEmbeddingParameters: 'A mixture of experts only: the non-embedding parameters one token uses, e.g. 12.6B for Mixtral 8x7B. DeepSeek\'s M counts 6 × these.',
    tokens: 'The whole run\'s budget, e.g. 2T or 100B.',
    law: 'The law whose batch and learning rate are handed to the planner. Both are shown below either way.',
    noiseScale: 'From your own run (McCandlish et al. 2018, appendix A), e.g. 4M. It is not predicted here: it rises as the loss falls.',
    gpus: 'All data-parallel. With them the floor below is worked out, and the batch moved to one that splits over them.',
    microBatch: 'Sequences per GPU per micro-batch; with it, the batch that splits is a multiple of b × the GPUs.',
    gpusPerNode: 'Up to this many GPUs the ring stays inside one node.',
    device: 'Sets the peak below from the vendor\'s datasheet.',
    peakTflops: 'Without sparsity (an H100 SXM has 989.5). Type another figure to leave the list.',
    utilization: 'The share of the peak the run sustains, e.g. 41.',
    gradientPrecision: 'As on the memory page: fp32 (4 bytes, Megatron-LM\'s reduction in a bf16 run) or bf16 (2 bytes).',
    intraBandwidth: 'NCCL all-reduce bus bandwidth inside a node: 370 on H100 NVLink.',
    interBandwidth: 'What all_reduce_perf reports across nodes. Left empty: NICs per node × NIC rate ÷ 8, at most the intra-node figure.',
    nicsPerNode: 'Not read while the inter-node bandwidth is given.',
    nicRate: '400 for InfiniBand NDR. Not read while the inter-node bandwidth is given.',
  },
};
