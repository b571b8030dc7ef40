// The training-compute page's prose in English. Values are trusted markup
// written here (MathML, <i>, <code>); prose.pt-BR.mjs has the same keys.
import { mi, mn, mo, sub } from '../../../pages/mathml.mjs';

export default {
  meta: {
    title: 'Training Compute Calculator (6ND FLOPs, Megatron-LM FLOPs with attention, GPU-hours, cost)',
    description: 'Training FLOPs by 6ND and with attention as Megatron-LM counts them, time at a given MFU, GPU-hours, cost and tokens/s per GPU, from a model\'s exact parameter count: paste a Hugging Face config.json or pick Llama, Mixtral, Qwen, DeepSeek-V3, GPT-3 or BLOOM.',
    siteName: 'Effective Batch Size Calculator',
    shareTitle: 'Training Compute, Time and Cost Calculator',
    shareDescription: 'From a config.json to exact parameters, training FLOPs, days on your cluster and what they cost.',
    ogLocale: 'en_US',
  },
  // This page's name in the site navigation.
  navName: 'Compute',
  // How the related cards of every other page describe this calculator.
  card: {
    title: 'Training Compute, Time and Cost Calculator',
    text: 'Counts a model\'s parameters exactly from its config.json, and its training FLOPs (6ND and with attention), days on a cluster, GPU-hours and cost.',
  },
  heading: 'Training Compute, Time and Cost Calculator',
  lede: 'Find how many floating-point operations training a model takes, how many days that is on your cluster at a given utilization, the GPU-hours and their cost. Give the parameters and tokens, or a model: pick a published one or paste its config.json, and its parameters are counted exactly — grouped-query attention, gated MLPs, experts, biases and tied embeddings included.',
  sections: {
    what: {
      title: 'Training compute',
      html: `<p>Training a transformer costs, to a very good approximation, 6 floating-point operations per parameter per token: 2 in the forward pass (a multiply and an add for each weight) and 4 in the backward pass (the gradients with respect to the activations and to the weights). That is the <i>6ND</i> rule of Kaplan et al. 2020 (<i>Scaling Laws for Neural Language Models</i>, section 2.1) and Hoffmann et al. 2022 (<i>Training Compute-Optimal Large Language Models</i>), with <math>${mi('N')}</math> the parameters a token goes through and <math>${mi('D')}</math> the training tokens. It leaves out attention's own products, which grow with the sequence length; Megatron-LM counts them, and so does this page when the model's shape is known.</p>`,
    },
    why: {
      title: 'Why it matters',
      html: '<p>Compute is what a training run buys: the FLOPs fix the GPU-hours once the hardware and the utilization are known, and the GPU-hours fix the bill. Estimating them before launching tells you whether a run fits the cluster and the deadline, how many tokens a given budget buys, and how far a plan is from the compute-optimal balance between parameters and data. The same FLOPs per token, with the utilization you measure, give the tokens per second per GPU that the batch planner turns into a wall-clock time.</p>',
    },
    formula: {
      title: 'The formulas',
      html: `<div class="formula"><math display="block">${mi('C')}${mo('=')}${mn('6')}${mi('N')}${mi('D')}</math></div>`
        + `<p>With attention, as Megatron-LM\'s <code>num_floating_point_operations</code> counts a standard transformer (<code>megatron/training/training.py</code> at d98e8a6; the same terms in core_v0.17.1), each token costs</p>`
        + `<div class="formula"><math display="block">${sub('C', 'token')}${mo('=')}${mn('6')}${mi('M')}${mo('+')}${mn('6')}${mi('s')}${mi('L')}${mi('n')}${mi('d')}</math></div>`
        + `<p>where <math>${mi('M')}</math> is the weights of the matrix products a token goes through (the attention projections, the MLP or the experts it is routed to, the shared experts, and the logit layer, even when it is tied to the embeddings; not the embeddings lookup, biases, norms or the router), and <math>${mn('6')}${mi('s')}${mi('L')}${mi('n')}${mi('d')}</math> the core attention, <math>${mi('Q')}<msup>${mi('K')}${mi('T')}</msup></math> and its product with <math>${mi('V')}</math>, over <math>${mi('s')}</math> tokens in each of <math>${mi('L')}</math> layers of <math>${mi('n')}</math> heads of dimension <math>${mi('d')}</math>, halved for the causal mask. For multi-head latent attention (DeepSeek-V3) its formula uses (query-key + value head dimensions) ÷ 2 for <math>${mi('d')}</math> and counts MLA\'s two low-rank norms in <math>${mi('M')}</math>. Time at a model FLOPs utilization <math>${mi('u')}</math> on <math>${mi('G')}</math> GPUs of peak <math>${mi('P')}</math>:</p>`
        + `<div class="formula"><math display="block">${mi('t')}${mo('=')}<mfrac>${mi('C')}<mrow>${mi('G')}${mo('·')}${mi('P')}${mo('·')}${mi('u')}</mrow></mfrac></math></div>`
        + `<p>GPU-hours are <math>${mi('t')}${mo('·')}${mi('G')}</math> ÷ 3,600 and the cost their price. Utilization is measured against FLOPs that count the attention, so the time uses <math>${sub('C', 'token')}</math> when the shape is given and 6ND otherwise; the page says which. Which attention FLOPs is a convention: this page uses Megatron-LM\'s, halved for the causal mask. PaLM (Chowdhery et al. 2022, appendix B) counts <math>${mn('6')}${mi('N')}${mo('+')}${mn('12')}${mi('L')}${mi('H')}${mi('Q')}${mi('T')}</math> a token, every query against every key, which is twice this attention term: 4.0% more FLOPs than here for Llama 3.1 405B at 8,192 tokens, so an MFU published by PaLM\'s count reads that much higher for the same run. The compute-optimal data for <math>${mi('N')}</math> parameters is 20 tokens per parameter, from Hoffmann et al. 2022\'s Table 3 (Approach 1: 1B parameters → 20.2B tokens, 10B → 205.1B, 67B → 1.5T).</p>`,
    },
    example: {
      title: 'Worked example',
      html: '<p>Llama 3 405B was trained on 15.6T tokens of 8,192-token sequences on up to 16,384 H100 GPUs; on 16,384 GPUs with 8,192-token sequences it ran at 400 TFLOPS a GPU, 41% model FLOPs utilization (Llama Team 2024, <i>The Llama 3 Herd of Models</i>, Table 4; its other rows are 43% on 8,192 GPUs, and 38% for the 131,072-token phase). With the rounded 405B, 6ND gives 6 × 405 × 10⁹ × 15.6 × 10¹² = 3.7908 × 10²⁵ FLOPs, the paper\'s 3.8 × 10²⁵. Choosing <i>Llama 3.1 405B</i> counts its parameters from its config.json: 405,853,388,800, so 6ND is 3.7988 × 10²⁵. Its matrix products take M = 403,747,897,344 weights a token, and the attention adds 6 × 8,192 × 126 × 128 × 128 = 101,468,602,368 FLOPs a token: 2,523,955,986,432 in all, 3.9374 × 10²⁵ for the run.</p>'
        + '<p>At 41% of the H100 SXM\'s 989.5 dense TFLOPS on 16,384 GPUs, that is 68.6 days and 27.0 million GPU-hours (Meta\'s model card reports 30.84 million for the whole 405B training, long-context phase included), about 161 tokens/s per GPU. Chinchilla\'s rule would have given 405B parameters 8.1T tokens; Llama 3 trained on almost twice as many, as a smaller model trained longer is cheaper to serve.</p>',
    },
    limits: {
      title: 'Limits',
      html: '<p>FLOPs are exact for the formulas; the formulas are not the run. 6ND leaves out attention and the non-matrix work (norms, softmax, activations); the Megatron-LM count keeps the matrix products and the attention, not the rest, and assumes full sequences with a causal mask (packed, shorter sequences do less attention). Activation recomputation does more work that MFU does not count. The utilization is yours to measure: it moves with the model size, the parallelism, the sequence length and the network. Peaks are the datasheets\' dense BF16 figures (NVIDIA\'s are given with 2:4 sparsity, and the page halves them). The parameter counts follow each family\'s modeling code in Hugging Face transformers. A key config.json leaves out takes the default of the family\'s config class, as transformers gives it (MistralConfig\'s 8 key-value heads; DeepseekV3Config\'s 1 shared expert, 3 dense layers first and query rank 1,536); a count written as 32.0 or 3.2e1 is refused, since Python reads it as a float where the class needs an int. A checkpoint that differs from its config.json, or a model type not listed, is not covered. DeepSeek-V3\'s multi-token-prediction module (14B more parameters in its checkpoint) is not part of the model transformers builds and is not counted, in the parameters or the FLOPs; Megatron-LM\'s count includes it (mtp_num_layers), 4.1% more a token at 4,096 tokens, and the model section says so when a config has one. The compute-optimal rule is one fit of one study (Hoffmann et al. 2022), made on dense models: for a mixture of experts the page shows it for the total parameters and says no study backs it; its Approach 3 and later work (Besiroglu et al. 2024) find more tokens per parameter, and models trained for cheap inference go far past it.</p>',
    },
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'Why do 6ND and the count with attention differ?',
        html: '<p>6ND counts every parameter once per token, and treats the embeddings lookup as if it were a product. The Megatron-LM count takes only the matrix products, including the logit layer, and adds the attention scores and their product with the values, which grow with the sequence length. For Llama 3.1 405B at 8,192 tokens per sequence the attention is 4.0% of the count (101,468,602,368 of 2,523,955,986,432 FLOPs a token); at 131,072 tokens it is 40.1%, and it would pass half only beyond about 195,600 tokens, where <i>6sLnd</i> reaches <i>6M</i>.</p>',
      },
      {
        question: 'Which parameters count for a mixture of experts?',
        html: '<p>The ones a token goes through: for Mixtral 8x7B, 12,879,925,248 of its 46,702,792,704 (two of eight experts per layer), as the Mixtral paper says: "13B active parameters". The memory holds them all; the compute uses the active ones.</p>',
      },
      {
        question: 'What is MFU?',
        html: '<p>Model FLOPs utilization: the FLOPs the model needs per second, divided by the hardware\'s peak. It does not count recomputation or other overheads as useful work, which is why it is lower than the hardware FLOPs utilization a profiler shows. Large dense runs report 35 to 55%.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Disclaimer',
    html: '<p>These are estimates from published formulas and datasheet peaks, not a measurement of your run. Failures, restarts, evaluation, checkpointing and data loading add time that no formula counts; measure a short run on the real hardware before committing a budget.</p>',
  },
  // Each field's hint, under its label on the page (the embeds show none, so the run-time words carry none).
  fieldHints: {
    parameters: 'Every parameter of the model, e.g. 405B or 8,030,261,248; a model chosen or pasted in “The model” fills it in exactly.',
    activeParameters: 'For a mixture of experts: the parameters one token goes through. Left empty, all of them.',
    tokens: 'Tokens seen in training, e.g. 15.6T or 2T.',
    sequenceLength: 'Tokens per sequence; the attention term grows with it. 8k is 8,192.',
    matmulParameters: 'The weights a token is multiplied by, the logit layer included and the embeddings lookup, biases and norms not: Megatron-LM\'s count. A model chosen or pasted in “The model” fills it in.',
    layers: 'Transformer layers with attention.',
    attentionHeads: 'Query heads per layer.',
    headDim: 'Per head; for MLA, (query-key + value dimensions) ÷ 2, as Megatron-LM counts it.',
    gpus: 'Accelerators training together.',
    device: 'Sets the peak below from the vendor\'s datasheet; the same device sets the memory on the memory page.',
    peakTflops: 'From the vendor\'s datasheet, without sparsity (an H100 SXM has 989.5). Type another figure to leave the list.',
    utilization: 'The share of the peak the run sustains: 41% for Llama 3 405B\'s 8,192-token phase on 16,384 H100s (43% on 8,192; 38% at 131,072 tokens).',
    pricePerGpuHour: 'In any currency, e.g. 2.5; the cost comes out in the same one.',
  },
};
