// The gradient-accumulation memory page's prose in English. Values are trusted
// markup written here (MathML, <i>, <code>); prose.pt-BR.mjs has the same keys.
import { mi, mn, mo } from '../../../pages/mathml.mjs';

export default {
  meta: {
    title: 'Gradient Accumulation Memory Calculator (activations, ZeRO, largest micro-batch)',
    description: 'How much memory the busiest GPU needs for a micro-batch, counted as Megatron-LM counts it for dense, grouped-query and mixture-of-experts models under tensor, pipeline and expert parallelism, or for LoRA and QLoRA fine-tuning: the largest micro-batch that fits, and the accumulation steps that reach a target batch.',
    siteName: 'Effective Batch Size Calculator',
    shareTitle: 'Gradient Accumulation Memory Calculator',
    shareDescription: 'Without pipeline parallelism, gradient accumulation raises the batch without raising activation memory. See how much each GPU holds and the largest micro-batch that fits.',
    ogLocale: 'en_US',
  },
  skipLink: 'Skip to the calculator',
  languageSwitch: { label: 'Português', navLabel: 'Language' },
  // This page's name in the site navigation.
  navName: 'Memory',
  pageNav: { label: 'On this page', calculator: 'Calculator', explanation: 'How it works', embed: 'Embed' },
  heading: 'Gradient Accumulation Memory Calculator',
  lede: 'Find the effective batch reached with gradient accumulation and the memory each device needs for it: activations for the micro-batch, from a measured cost per sample or from the model\'s shape, plus the parameters, gradients and optimizer states under ZeRO. The calculator also finds the largest micro-batch that fits your GPU and the accumulation steps that reach a target batch with it.',
  noscript: 'The calculator needs JavaScript and WebAssembly to redo the arithmetic; the figures above are the worked example\'s. The explanation, the formulas and the example below are all still here.',
  shareHint: 'This page\'s address holds the values you typed: copy it to share exactly this calculation.',
  sections: {
    what: {
      title: 'Gradient accumulation and memory',
      html: '<p>Gradient accumulation runs several forward and backward passes, sums their gradients, and only then updates the weights. The effective batch is the micro-batch times the data-parallel replicas times the accumulation steps, but without pipeline parallelism the memory one device needs is set by the micro-batch alone: the passes run one after another, and each frees its activations before the next begins. That is the whole point of accumulation — a larger batch for the same memory — and this calculator puts numbers on both sides. With pipeline parallelism the first stage keeps several micro-batches in flight, up to one per stage, so there accumulation does raise activation memory until it reaches the number of stages.</p>',
    },
    why: {
      title: 'Why it matters',
      html: '<p>Out-of-memory errors come from the micro-batch, not from the global batch. Knowing how much a sample costs in activations, and how much the model states take before any sample is processed, tells you the largest micro-batch a GPU can hold; the accumulation steps then make up the rest of the batch you want. Getting this right first avoids trial-and-error launches on expensive clusters, and shows when recomputation, sequence parallelism or a higher ZeRO stage is what makes a configuration fit.</p>',
    },
    formula: {
      title: 'The formulas',
      html: `<p>The effective batch is <math>${mi('B')}${mo('=')}${mi('b')}${mo('·')}${mi('d')}${mo('·')}${mi('a')}</math>. Activation memory per device is the micro-batch times the cost of one sample, <math>${mi('M')}<mi mathvariant="normal">act</mi>${mo('=')}${mi('b')}${mo('·')}${mi('m')}</math>, with no <math>${mi('a')}</math> in it.</p>`
        + `<p>From the model's shape — <math>${mi('s')}</math> tokens per sequence, hidden size <math>${mi('h')}</math>, <math>${mi('n')}</math> attention heads, <math>${mi('L')}</math> layers, tensor parallelism <math>${mi('t')}</math> — Korthikanti et al. (2022), <i>Reducing Activation Recomputation in Large Transformer Models</i>, count the bytes each layer keeps for the backward pass, with 16-bit activations:</p>`
        + `<div class="formula"><math display="block">${mi('s')}${mi('b')}${mi('h')}<mrow>${mo('(')}${mn('10')}${mo('+')}<mfrac>${mn('24')}${mi('t')}</mfrac>${mo('+')}<mfrac><mrow>${mn('5')}${mi('n')}${mi('s')}</mrow><mrow>${mi('h')}${mi('t')}</mrow></mfrac>${mo(')')}</mrow></math><math display="block">${mi('s')}${mi('b')}${mi('h')}<mrow>${mo('(')}<mfrac>${mn('34')}${mi('t')}</mfrac>${mo('+')}<mfrac><mrow>${mn('5')}${mi('n')}${mi('s')}</mrow><mrow>${mi('h')}${mi('t')}</mrow></mfrac>${mo(')')}</mrow></math></div>`
        + `<p>The first is tensor parallelism alone (with <math>${mi('t')}${mo('=')}${mn('1')}</math> it is <math>${mi('s')}${mi('b')}${mi('h')}${mo('(')}${mn('34')}${mo('+')}${mn('5')}${mi('n')}${mi('s')}${mo('/')}${mi('h')}${mo(')')}</math>, no parallelism); the second adds sequence parallelism. Selective recomputation drops the attention term <math>${mn('5')}${mi('n')}${mi('s')}${mo('/')}${mo('(')}${mi('h')}${mi('t')}${mo(')')}</math>. That term is the attention's <math>${mi('s')}${mo('×')}${mi('s')}</math> scores, softmax and dropout mask, which only eager attention stores: FlashAttention and PyTorch's <code>scaled_dot_product_attention</code>, what current frameworks run by default, keep none of them, so with the attention set to flash (the default) the term is dropped under every recomputation setting, the layer re-materialised under full recomputation included; eager keeps Table 2's rows as printed. Full recomputation keeps only each layer's input, <math>${mn('2')}${mi('s')}${mi('b')}${mi('h')}</math>, or <math>${mn('2')}${mi('s')}${mi('b')}${mi('h')}${mo('/')}${mi('t')}</math> with sequence parallelism, where that input is already split over the <math>${mi('t')}</math> GPUs; during the backward pass each layer in turn is recomputed whole, so one layer's full activations (the first formula, or the second with sequence parallelism) come on top of the checkpoints once. The total is <math>${mi('L')}</math> times a layer.</p>`
        + `<p>These are Table 2's rows written, as Megatron-LM's <code>compute_activation_memory</code> (<code>megatron/training/theoretical_memory_usage.py</code> at d98e8a6) writes them, for any MLP width <math>${mi('f')}</math>: the paper's <math>${mn('34')}</math> is <math>${mn('18')}${mo('+')}${mn('4')}${mi('f')}${mo('/')}${mi('h')}</math> at <math>${mi('f')}${mo('=')}${mn('4')}${mi('h')}</math>, so with sequence parallelism and selective recomputation a layer keeps <math>${mi('s')}${mi('b')}${mo('(')}${mn('18')}${mi('h')}${mo('+')}${mn('4')}${mi('f')}${mo(')')}${mo('/')}${mi('t')}</math>, and without sequence parallelism <math>${mi('s')}${mi('b')}${mo('(')}${mn('10')}${mi('h')}${mo('+')}${mo('(')}${mn('8')}${mi('h')}${mo('+')}${mn('4')}${mi('f')}${mo(')')}${mo('/')}${mi('t')}${mo(')')}</math>. Both sources count the keys and values as wide as the queries: grouped-query attention keeps less there (by <math>${mn('4')}${mi('s')}${mi('b')}${mo('(')}${mi('n')}${mo('−')}${mi('g')}${mo(')')}${mi('d')}<mi mathvariant="normal">h</mi>${mo('/')}${mi('t')}</math> per layer), so the figure errs on the safe side where the queries are <math>${mi('h')}</math> wide. Where they are wider (Qwen3-30B-A3B: 32 heads of 128 on <math>${mi('h')}${mo('=')}${mn('2,048')}</math>), Table 2 would count less than the layer keeps, so the page counts the queries, keys, values and the attention's output at their own widths, <math>${mn('4')}${mi('s')}${mi('b')}${mo('(')}${mi('n')}${mo('+')}${mi('g')}${mo(')')}${mi('d')}<mi mathvariant="normal">h</mi>${mo('/')}${mi('t')}</math>, in place of Table 2's <math>${mn('8')}${mi('s')}${mi('b')}${mi('h')}${mo('/')}${mi('t')}</math>. A gated MLP is counted at its width <math>${mi('f')}</math> as that function counts it. A mixture of experts sends each token to <math>${mi('k')}</math> experts: the page counts the routed MLP <math>${mi('k')}</math> times, <math>${mn('4')}${mi('s')}${mi('b')}${mo('(')}${mi('k')}<msub>${mi('f')}${mi('e')}</msub>${mo('+')}<msub>${mi('f')}${mi('s')}</msub>${mo(')')}</math> with the shared experts' width <math><msub>${mi('f')}${mi('s')}</msub></math>, and <math>${mi('k')}${mo('−')}${mn('1')}</math> more copies of its <math>${mn('2')}${mi('s')}${mi('b')}${mi('h')}</math> input. Megatron-LM's estimator counts one dense MLP of <code>--ffn-hidden-size</code> whatever <math>${mi('k')}</math> is; the figure it prints is shown beside the page's.</p>`
        + `<p>Beyond the layers, for each micro-batch in flight, the token ids (<math>${mn('8')}${mi('s')}${mi('b')}</math>) and the embedding's dropout output (<math>${mi('s')}${mi('b')}${mi('h')}</math>); with one pipeline stage, the output layer's input and its fp32 logits for the loss, <math>${mn('4')}${mi('s')}${mi('b')}${mi('h')}${mo('+')}${mn('4')}${mi('s')}${mi('b')}${mi('V')}</math>, which for a 128,256-token vocabulary is several GiB. With sequence parallelism all of it is split over <math>${mi('t')}</math>, as Megatron-LM splits it; without, only the logits are (the output layer is split over the vocabulary). With <math>${mi('p')}</math> stages and the 1F1B schedule the first stage holds <math>${mi('L')}${mo('/')}${mi('p')}</math> layers for each of <math>${mo('min')}${mo('(')}${mi('p')}${mo(',')}${mi('a')}${mo(')')}</math> micro-batches in flight: <math>${mi('L')}${mo('·')}${mo('min')}${mo('(')}${mi('p')}${mo(',')}${mi('a')}${mo(')')}${mo('/')}${mi('p')}</math> layers' worth.</p>`
        + `<p>Model states are counted as Megatron-LM's <code>compute_weight_and_optimizer_memory</code> counts them, on the most loaded GPU. From the shape: attention <math>${mn('2')}${mi('h')}${mi('d')}<mi mathvariant="normal">h</mi>${mo('(')}${mi('n')}${mo('+')}${mi('g')}${mo(')')}</math> per layer (queries and output, keys and values of <math>${mi('g')}</math> groups), an MLP of <math>${mn('2')}${mi('h')}${mi('f')}</math>, or <math>${mn('3')}${mi('h')}${mi('f')}</math> gated, norms of <math>${mi('h')}</math> (RMSNorm) or <math>${mn('2')}${mi('h')}</math> (LayerNorm), and an embedding of <math>${mi('h')}${mi('V')}</math>, with the vocabulary padded up to a multiple of <math>${mn('128')}${mi('t')}</math> as Megatron-LM pads it (<code>--make-vocab-size-divisible-by 128</code>); linear biases are not counted. For a mixture of experts every layer has <math>${mi('E')}</math> routed experts of width <math>${mi('f')}<mi mathvariant="normal">e</mi></math>, a router of <math>${mi('h')}${mi('E')}</math> and shared experts of width <math>${mi('f')}<mi mathvariant="normal">s</mi></math>. The busiest stage holds <math>${mi('L')}${mo('/')}${mi('p')}</math> layers and the embedding (and the output layer when <math>${mi('p')}${mo('=')}${mn('1')}</math> and it is untied): attention, MLPs, shared experts and embedding split over <math>${mi('t')}</math>, norms and routers whole, routed experts over expert-tensor × expert parallelism.</p>`
        + `<p>Each parameter then costs 2 bytes of 16-bit weights, its gradient (4 bytes in fp32, Megatron-LM's main gradients and its default, or 2) and 12 bytes of fp32 optimizer state (master weights, momentum and variance for Adam): 18 bytes per parameter, or <math>${mn('6')}${mo('+')}${mn('12')}${mo('/')}${mi('d')}</math> with Megatron-LM's distributed optimizer (ZeRO stage 1); with 16-bit gradients, the ZeRO paper's 16 bytes (Rajbhandari et al., 2019):</p>`
        + `<div class="formula"><math display="block">${mn('16')}${mi('Ψ')}${mo(',')}<mspace width="1em"/>${mn('4')}${mi('Ψ')}${mo('+')}<mfrac><mrow>${mn('12')}${mi('Ψ')}</mrow>${mi('d')}</mfrac>${mo(',')}<mspace width="1em"/>${mn('2')}${mi('Ψ')}${mo('+')}<mfrac><mrow>${mn('14')}${mi('Ψ')}</mrow>${mi('d')}</mfrac>${mo(',')}<mspace width="1em"/><mfrac><mrow>${mn('16')}${mi('Ψ')}</mrow>${mi('d')}</mfrac></math></div>`
        + `<p>for ZeRO stages 0, 1, 2 and 3 (add <math>${mn('2')}${mi('Ψ')}</math>, or <math>${mn('2')}${mi('Ψ')}${mo('/')}${mi('d')}</math> from stage 2 on, for fp32 gradients), with <math>${mi('Ψ')}</math> the parameters on the GPU. Stages 0 to 2 follow the ZeRO paper and Megatron-LM's estimator: a GPU holds every parameter it computes with. Stage 3 gathers each module's parameters just before the module runs, so on top of its states the page counts what DeepSpeed's <code>estimate_zero3_model_states_mem_needs</code> counts (<code>runtime/zero/stage3.py</code> at edaa722): 4 bytes per parameter of the largest module, split over <math>${mi('t')}</math> where Megatron-LM splits it. For Llama 3.1 8B that is the embedding, 128,256 × 4,096 parameters, so 2,101,346,304 bytes; it is a part of its own below and counts in the fit. Routed experts are sharded over their own data-parallel group, <math>${mi('d')}${mi('t')}${mo('/')}${mo('(')}<mi mathvariant="normal">ETP</mi>${mo('·')}<mi mathvariant="normal">EP</mi>${mo(')')}</math> GPUs. A parameter count typed in replaces the shape's and is spread evenly over <math>${mi('t')}${mo('·')}${mi('p')}</math>. The device's memory is what <code>nvidia-smi</code> reports, and a reserved share <math>${mi('R')}</math> is set aside before anything else: the largest micro-batch that fits is what is left after the reserve and the states, divided by the cost of a sample, rounded down. With a pipeline, that cost grows with <math>${mi('a')}</math> up to <math>${mi('p')}</math>, so the accumulation steps for a target are the fewest with which the largest micro-batch that fits at that <math>${mi('a')}</math> reaches it. The run is refused where Megatron-LM refuses it: layers that do not divide into the stages, heads that do not divide over <math>${mi('t')}</math>, experts that do not divide over expert parallelism.</p>`
        + `<p>Fine-tuning with adapters counts what PEFT builds (<code>src/peft/tuners/lora/layer.py</code> at 5d602fd): each adapted Linear of <math>${mi('i')}</math> inputs and <math>${mi('o')}</math> outputs gets <code>lora_A</code> and <code>lora_B</code>, <math>${mi('r')}${mo('(')}${mi('i')}${mo('+')}${mi('o')}${mo(')')}</math> trainable parameters; <code>"all-linear"</code> adapts every Linear of the layers (queries, keys, values, output, and the MLP's), not the output layer. <code>get_peft_model</code> upcasts the adapters to fp32, so each costs 4 bytes of weight, 4 of gradient and 8 of AdamW moments. The frozen base keeps no gradients or optimizer states: 2 bytes a parameter for LoRA; for QLoRA the layers' Linear weights are NF4 with double quantization (bitsandbytes at 95f9af3: blocks of 64 with an 8-bit scale, the scales quantized in blocks of 256 with an fp32 one), <math><mfrac>${mn('1')}${mn('2')}</mfrac>${mo('+')}<mfrac>${mn('1')}${mn('64')}</mfrac>${mo('+')}<mfrac>${mn('1')}${mn('4096')}</mfrac>${mo('=')}<mfrac>${mn('2113')}${mn('4096')}</mfrac></math> bytes (4.127 bits) a weight, while the embeddings, norms and output layer stay 16-bit. bitsandbytes' 8-bit AdamW keeps two bytes per element and two fp32 maxima per block of 256, and fp32 moments for a tensor under 4,096 elements (<code>optim/optimizer.py</code>). Adapters are counted for a dense model under data parallelism (DDP, FSDP or ZeRO), as PEFT runs; the activations are counted as for full training.</p>`,
    },
    example: {
      title: 'Worked example',
      html: '<p>Take Llama 3.1 8B (<a href="https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json">its config.json</a>: 32 layers, hidden size 4,096, 32 query heads in 8 key-value groups of 128, a gated MLP of 14,336, RMSNorm, 128,256 tokens, an untied output layer) on 4,096-token sequences, with selective recomputation and no tensor or pipeline parallelism, a micro-batch of 1 on 64 replicas with 8 accumulation steps, ZeRO stage 1 with fp32 gradients, on H100 SXM 80GB GPUs.</p>'
        + `<div class="formula"><math display="block">${mi('Ψ')}${mo('=')}${mn('32')}${mo('×')}${mo('(')}${mn('41,943,040')}${mo('+')}${mn('176,160,768')}${mo('+')}${mn('8,192')}${mo(')')}${mo('+')}${mn('4,096')}${mo('+')}${mn('2')}${mo('×')}${mn('525,336,576')}${mo('=')}${mn('8,030,261,248')}</math><math display="block">${mn('6')}${mi('Ψ')}${mo('+')}<mfrac><mrow>${mn('12')}${mi('Ψ')}</mrow>${mn('64')}</mfrac>${mo('=')}${mn('49,687,241,472')}</math><math display="block">${mi('m')}${mo('=')}${mn('17,179,869,184')}${mo('+')}${mn('16,809,984')}${mo('+')}${mn('2,168,455,168')}${mo('=')}${mn('19,365,134,336')}</math></div>`
        + '<p>The parameters are Meta\'s 8,030,261,248 exactly (128,256 is already a multiple of 128). The model states take about 46.3 GiB. A sample keeps 32 × 4,096 × (18 × 4,096 + 4 × 14,336) bytes in its layers, 16,809,984 in the embedding and 2,168,455,168 in the output layer and its logits: about 18 GiB, of which the logits alone are 2 GiB. Megatron-LM\'s own estimator prints the same model states for this run, but not the same activations: at t = 1 it turns sequence parallelism off (<code>arguments.py</code>) and reports <code>compute_activation_memory_without_sp</code>, which counts every MLP as 4h wide, keeps the logits in 16 bits and adds 5%, so it prints 20,322,381,005 bytes for a sample. The page keeps Table 2 with the model\'s own MLP width and fp32 logits, as Megatron-LM\'s <code>compute_activation_memory</code> counts them, and shows the printed figure beside its own. An H100 SXM 80GB has 81,559 MiB as <code>nvidia-smi</code> reports them (85,520,809,984 bytes, 79.6 GiB, not 80); after the 1 GiB reserve and the states, 34,759,826,688 bytes are left, room for 1 sample, not 2. The effective batch is 1 × 64 × 8 = 512 sequences; reaching 1,024 with b = 1 takes ⌈1,024 ÷ 64⌉ = 16 accumulation steps. Without pipeline parallelism, raising the accumulation steps never changes the activation figure.</p>'
        + '<p>With full recomputation (Hugging Face\'s gradient checkpointing, PyTorch\'s activation checkpointing) a sample keeps 32 × 2 × 4,096 × 4,096 bytes of layer inputs, one layer recomputed whole, 4,096 × (18 × 4,096 + 4 × 14,336) = 536,870,912 bytes with FlashAttention, and the same 2,185,265,152 beyond the layers: 3,795,877,888 bytes, so 9 samples fit. With eager attention the recomputed layer also keeps its scores, 5 × 32 × 4,096², for 3,221,225,472 bytes: 6,480,232,448 bytes a sample, and 5 fit.</p>'
        + '<p>Under pipeline parallelism the first stage is the one that runs out, and it holds only its share of the model. GPT-3 175B (96 layers, h 12,288, 96 heads, 2,048 tokens, a tied 50,257-token vocabulary padded to 51,200) at t = 8 and p = 16 with ZeRO 1 over d = 8 holds 1,437,894,144 parameters per GPU, not 175 billion ÷ 8: 10,784,206,080 bytes of states. With sequence parallelism and selective recomputation its first stage keeps 96 × 34 × 2,048 × 12,288 ÷ 8 bytes of layers for 16 micro-batches in flight and 16 embeddings, 10,318,020,608 bytes at b = 1: the figures Megatron-LM\'s estimator gives.</p>',
    },
    limits: {
      title: 'Limits',
      html: '<p>The activation formulas are Korthikanti et al.\'s for a transformer layer with 16-bit activations and dropout, with the MLP\'s width, the embedding and the output layer as Megatron-LM adds them; the attention setting covers FlashAttention and SDPA, which store no attention scores, but the formulas do not see the smaller keys and values of grouped-query attention. Pipeline parallelism is counted as Megatron-LM counts its first stage under 1F1B; the interleaved schedule keeps somewhat more. A measured cost per sample, typed in, replaces the formulas: measure it on the device that matters, pipeline included.</p>'
        + '<p>The model states count mixed-precision Adam (18 bytes per parameter with fp32 gradients, 16 with 16-bit ones); other optimizers change the count, and 8-bit AdamW is counted for adapters only. Adapters keep fewer activations than full training where a frozen layer needs no saved input; that saving is not counted. QLoRA is counted with double quantization, as the QLoRA paper runs it; without it (Transformers\' <code>BitsAndBytesConfig</code> default) a weight takes 4.5 bits. Every layer of a mixture of experts is counted as an expert layer, as Megatron-LM\'s <code>--moe-layer-freq 1</code> builds it; models with dense layers first, or with multi-head latent attention, are counted only through a typed parameter count. Device memory is in GiB (2³⁰ bytes), as <code>nvidia-smi</code> reports it in MiB: an H100 80GB has 81,559 MiB (79.6 GiB, <a href="https://github.com/NVIDIA/nccl/issues/1264">NVIDIA/nccl#1264</a>), an H200 143,771 MiB (140.4 GiB, not 141), a B200 183,359 MiB (179.1 GiB, not 192, <a href="https://github.com/NVIDIA/TensorRT-LLM/issues/10278">NVIDIA/TensorRT-LLM#10278</a>); the A100, L40S, L4, A10 and T4 figures are those listed in <a href="https://github.com/modal-labs/modal-client/pull/2797">modal-labs/modal-client#2797</a>.</p>'
        + '<p>The reserved memory, 1 GiB by default, stands for what the formulas do not see: the CUDA context, which takes several hundred MiB as soon as a process touches the GPU, and NCCL\'s buffers (NCCL_BUFFSIZE is 4 MiB per channel and peer). It is an allowance, not a measurement, and the caching allocator\'s fragmentation comes on top; compare <code>torch.cuda.max_memory_reserved()</code> with the device\'s total on a short run and set your own. A reserve of 0 gives exactly what the formulas give.</p>'
        + '<p>Every figure is an exact number of bytes, with fractions of a byte rounded up, computed in 64-bit integers; a result past 18,446,744,073,709,551,615 bytes is reported as too large.</p>',
    },
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'Does gradient accumulation increase memory?',
        html: '<p>Without pipeline parallelism, not the activation memory: each accumulation step runs its forward and backward pass and frees its activations before the next one starts, so the peak is set by the micro-batch. With pipeline parallelism it does, up to a point: under 1F1B the first stage holds min(p, a) micro-batches in flight, so activations grow with the accumulation steps until a reaches the number of stages p, then stay. The gradient buffer the steps are summed into is part of the model states, which exist with or without accumulation.</p>',
      },
      {
        question: 'What does each ZeRO stage save?',
        html: '<p>Stage 1 shards the optimizer states (12 bytes per parameter for Adam) across the data-parallel replicas, stage 2 also the gradients, and stage 3 also the parameters themselves, which are then gathered layer by layer when needed. Stages 1 and 2 move the same volume as plain data parallelism: a reduce-scatter of the gradients and an all-gather of the parameters, 2Ψ together, as much as one all-reduce. Only stage 3 adds traffic, 1.5 times as much, for gathering the parameters in the forward and the backward pass (Rajbhandari et al., section 7, “Communication Analysis of ZeRO-DP”).</p>',
      },
      {
        question: 'Selective or full recomputation?',
        html: '<p>Selective recomputation keeps most activations but recomputes the attention\'s large intermediate tensors, which grow with the square of the sequence length. With sequence parallelism, Korthikanti et al. report about 5 times less activation memory than tensor parallelism alone without recomputation, and over 90% less recomputation overhead than full recomputation. It still keeps more than full recomputation. For GPT-3\'s shape at t = 8, compared like with like: with sequence parallelism, 34/8 = 4.25 · s·b·h per layer against full recomputation\'s 2/8 = 0.25 · s·b·h, 17 times as much; without it, 10 + 24/8 = 13 · s·b·h against 2 · s·b·h, 6.5 times as much. Full recomputation keeps only each layer\'s input and recomputes the whole layer in the backward pass: the least memory, about one more forward pass of compute.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Disclaimer',
    html: '<p>These are estimates from published formulas, exact for the arithmetic they describe but not a measurement of your run. Frameworks, kernels and allocators add their own overheads; check the peak memory of a short run before committing a large job.</p>',
  },
  related: {
    title: 'Related calculators',
    cards: [
      {
        title: 'Effective Batch Size Calculator',
        text: 'Works out the global batch and the tokens per optimizer step from the micro-batch, the data-parallel replicas and the accumulation steps, and plans a training run from it.',
      },
      {
        title: 'Data-Parallel Scaling Calculator',
        text: 'Shows how training throughput grows as you add data-parallel devices.',
      },
      {
        title: 'Training Compute, Time and Cost Calculator',
        text: 'Counts a model\'s parameters exactly from its config.json, and its training FLOPs (6ND and with attention), days on a cluster, GPU-hours and cost.',
      },
      {
        title: 'Optimal Batch Size Calculator',
        text: 'Gives the batch size and learning rate the scaling-law papers (DeepSeek LLM, Step Law) fit for a model and a token budget, with the range each was fitted on, and hands the batch to the planner.',
      },
      {
        title: 'Parallel Configuration Calculator',
        text: 'Searches every tensor, pipeline, context and data-parallel layout, ZeRO stage, recomputation and micro-batch that fits your GPUs, and ranks them by a predicted step time calibrated on published runs.',
      },
    ],
  },
  embed: {
    title: 'Embed',
    intro: 'Put this calculator in your team\'s training docs — MkDocs, Docusaurus, Sphinx or plain HTML. The snippet below already carries the values in the calculator right now.',
    iframeTitle: 'As an iframe',
    iframeText: 'Works on any page that accepts HTML, including sites with a strict security policy, as long as the site allows frames from this origin (<code>frame-src</code>). The <code>embed.js</code> module sizes the frame to its content.',
    copyIframe: 'Copy iframe code',
  },
  footer: 'The arithmetic happens in your browser, in a C++ core compiled to WebAssembly. No data leaves your computer.',
  // Each field's hint, under its label on the page (the embeds show none, so the run-time words carry none).
  fieldHints: {
    microBatch: 'Sequences in each forward and backward pass.',
    accumulationSteps: 'Passes summed before each update. Without pipeline parallelism they change the batch, not the memory; with it, up to p micro-batches are in flight on the first stage.',
    dataParallel: 'Replicas that each process their own micro-batch; ZeRO shards over them.',
    activationPerSample: 'Bytes per sequence of the micro-batch on this device, pipeline included, if you have measured it (e.g. 2.5G). Left empty, it comes from the model\'s shape below.',
    layers: 'All the model\'s layers; pipeline parallelism splits them below.',
    hiddenSize: 'The model dimension.',
    attentionHeads: 'Query heads per layer.',
    kvHeads: 'Query groups of grouped-query attention (8 for Llama 3). Left empty, as many as the heads.',
    headDim: 'Left empty, the hidden size divided by the heads.',
    ffnHidden: 'The MLP\'s inner width (14,336 for Llama 3 8B). Left empty, 4 × the hidden size.',
    gatedMlp: 'On: three matrices per MLP (gate, up, down), as Llama, Mistral and Qwen have; off: two, as GPT.',
    normalization: 'RMSNorm has a weight per channel, LayerNorm a weight and a bias.',
    vocabulary: 'Tokens in the tokenizer; padded to a multiple of 128 × tensor parallelism, as Megatron-LM pads it.',
    tiedEmbeddings: 'On: one matrix serves both (GPT-2, Gemma); off: two (Llama, Mistral).',
    experts: 'For a mixture of experts: experts per layer (8 for Mixtral). Left empty, a dense model.',
    expertsPerToken: 'The router\'s top-k (2 for Mixtral); needed with experts.',
    expertFfn: 'Each routed expert\'s inner width. Left empty, the FFN hidden size.',
    sharedExpertFfn: 'The inner width of the experts every token goes through (Qwen2-MoE: 20,480). Empty or 0 for none.',
    sequenceLength: 'Tokens per sequence; 4k or 2^12 is 4,096.',
    tensorParallel: 'GPUs that split each layer; 1 for none.',
    pipelineParallel: 'Stages the layers are split into; 1 for none. The first stage (1F1B) keeps min(p, a) micro-batches in flight.',
    expertParallel: 'GPUs the routed experts are spread over; 1 for none.',
    expertTensorParallel: 'GPUs that split each expert. Left empty, the tensor parallelism (Megatron-LM\'s default).',
    sequenceParallel: 'Splits the layer norms and dropouts over the tensor-parallel GPUs too.',
    recompute: 'Selective recomputes the attention\'s large intermediate tensors; full keeps only each layer\'s input: what Hugging Face calls gradient checkpointing (gradient_checkpointing=True) and PyTorch activation checkpointing.',
    attention: 'Flash: FlashAttention or PyTorch\'s SDPA, the default of current frameworks, keeps no s × s attention scores. Eager: Korthikanti et al.\'s Table 2, with them.',
    parameters: 'Left empty, counted from the shape above, stage by stage. A typed count (e.g. 70B) is spread evenly over tensor × pipeline parallelism.',
    zeroStage: '0 replicates all states; 1 shards the optimizer states, 2 also the gradients, 3 also the parameters, and then holds the largest module gathered (DeepSpeed counts 4 bytes a parameter).',
    gradientPrecision: 'fp32: Megatron-LM\'s main gradients, 18 bytes per parameter with Adam; bf16: the ZeRO paper\'s 16.',
    fineTuning: 'Full training, or PEFT adapters on a frozen base: LoRA (16-bit base) or QLoRA (NF4 base with double quantization, 4.127 bits a weight).',
    loraRank: 'r: each adapted Linear of in × out inputs and outputs gets r × (in + out) parameters.',
    loraTargets: 'PEFT\'s "all-linear": every Linear of the layers (attention and MLP, not the output layer); or the attention\'s q, k, v and o.',
    optimizer: 'AdamW keeps two fp32 moments; bitsandbytes\' 8-bit AdamW two bytes and a block scale per 256.',
    device: 'Sets the memory below to what nvidia-smi reports for it, in MiB; the same device sets the peak on the compute page.',
    deviceMemory: 'Memory per GPU in GiB (2³⁰ bytes): an H100 80GB\'s 81,559 MiB are 79.6474609375 GiB. Type another figure to leave the list.',
    reservedMemory: 'Set aside for the CUDA context, NCCL\'s buffers and fragmentation before anything is placed. 0 gives exactly the formulas.',
    targetBatch: 'In sequences: the accumulation steps needed with the largest micro-batch that fits.',
  },
};
