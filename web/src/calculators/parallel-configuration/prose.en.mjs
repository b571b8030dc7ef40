// The parallel-configuration page's prose in English. Values are trusted
// markup written here (MathML, <i>, <code>); prose.pt-BR.mjs has the same keys.
import { mi, mn, mo, sub } from '../../../pages/mathml.mjs';

export default {
  meta: {
    title: 'Parallel Configuration Calculator (TP, PP, CP, ZeRO, recomputation: the fastest layout that fits)',
    description: 'Which tensor, pipeline, context and data parallelism, ZeRO stage, recomputation and micro-batch train a model fastest on your GPUs? Every layout the frameworks accept is searched, checked against the GPU\'s memory and ranked by a predicted step time, with where the step goes.',
    siteName: 'Effective Batch Size Calculator',
    shareTitle: 'Parallel Configuration Calculator',
    shareDescription: 'TP or PP? Which micro-batch, which ZeRO stage, recompute or not? The fastest layout that fits, chosen in your browser.',
    ogLocale: 'en_US',
  },
  navName: 'Configuration',
  // How the related cards of every other page describe this calculator.
  card: {
    title: 'Parallel Configuration Calculator',
    text: 'Searches every tensor, pipeline, context and data-parallel layout, ZeRO stage, recomputation and micro-batch that fits your GPUs, and ranks them by a predicted step time calibrated on published runs.',
  },
  heading: 'Parallel Configuration Calculator',
  lede: 'Give the model, the GPUs and the batch; the calculator tries every layout Megatron-LM and DeepSpeed accept (tensor, pipeline and context parallelism, experts, data parallelism, ZeRO stage, recomputation, sequence parallelism, micro-batch and accumulation), keeps those that reach your batch exactly and fit in the GPU\'s memory, and ranks them by a predicted step time. Fix any knob to keep it; leave it empty to have it chosen.',
  noscript: 'The calculator needs JavaScript and WebAssembly to search the layouts; the figures above are the worked example\'s. The explanation, the model and the example below are all still here.',
  shareHint: 'This page\'s address holds the values you typed: copy it to share exactly this search.',
  sections: {
    what: {
      title: 'Choosing a layout',
      html: '<p>A large model is trained on many GPUs by splitting it several ways at once: tensor parallelism <i>t</i> splits each layer\'s matrices inside a node, pipeline parallelism <i>p</i> gives each group of GPUs a run of layers (in <i>v</i> chunks when interleaved), context parallelism <i>c</i> splits the sequence, expert parallelism <i>e</i> spreads a mixture of experts, and the <i>d</i> = GPUs ÷ (<i>t</i>·<i>p</i>·<i>c</i>) data-parallel replicas each take <i>b</i> sequences <i>a</i> times per step, so the batch is <i>B</i> = <i>b</i>·<i>d</i>·<i>a</i>. ZeRO shards the optimizer states (stage 1), the gradients (2) and the parameters (3) over the replicas, and recomputation trades compute for activation memory. Each choice changes both the memory and the time; the fastest layout is the one that fits and wastes least.</p>',
    },
    why: {
      title: 'Why it matters',
      html: '<p>The same model on the same GPUs can run twice as fast in one layout as in another (Narayanan et al. 2021 measured up to 2× between combinations of tensor and pipeline parallelism). Trying layouts on the cluster costs GPU-hours and days; trying them by hand on paper means dozens of combinations, each with its own memory and communication. This page does that search at once, with the frameworks\' own rules and the memory page\'s count, and says why each second of the step goes where it goes.</p>',
    },
    formula: {
      title: 'How the step is predicted',
      html: `<p>The step is the sum of named parts, each shown for the chosen layout. Per micro-batch, on the busiest GPU (the last pipeline stage, which also runs the output layer), each of its <math>${mi('L')}${mo('/')}${mi('p')}</math> layers costs what the list below says, and the step is <math>${mi('a')}</math> micro-batches of <math>${sub('t', 'μ')}</math> plus the bubble, the exposed data-parallel reduction, ZeRO-3's exposed gathers and the optimizer:</p>`
        + `<div class="formula"><math display="block">${sub('t', 'step')}${mo('=')}${mo('(')}${mi('a')}${mo('+')}<mfrac><mrow>${mi('p')}${mo('−')}${mn('1')}</mrow>${mi('v')}</mfrac>${mo(')')}${mo('·')}${sub('t', 'μ')}${mo('+')}${sub('t', 'DP')}${mo('+')}${sub('t', 'Z3')}${mo('+')}${sub('t', 'wait')}${mo('+')}${sub('t', 'opt')}<mspace width="1em"/>${mi('η')}${mo('=')}${mn('0.72')}${mo('·')}<mfrac>${mi('W')}<mrow>${mi('W')}${mo('+')}${sub('W', '0')}</mrow></mfrac></math></div>`
        + '<ul>'
        + `<li><b>Compute</b>: the layer's matrix products, forward <math>${mn('2')}${mi('b')}${mi('s')}</math> FLOPs per weight, attention's <math>${mn('4')}${mi('b')}${sup2('s')}${mi('n')}${sub('d', 'h')}</math> (half under a causal FlashAttention kernel), backward twice the forward, full recomputation one more forward and selective recomputation the attention's, over <math>${mi('t')}</math> and <math>${mi('c')}</math>, at the dense peak times an achieved-matmul fraction <math>${mi('η')}${mo('=')}${mn('0.72')}${mo('·')}${mi('W')}${mo('/')}${mo('(')}${mi('W')}${mo('+')}${sub('W', '0')}${mo(')')}</math>, where <math>${mi('W')}</math> is the FLOPs of one MLP up-projection on one GPU and <math>${sub('W', '0')}</math> is 1.3·10¹⁰ FLOPs on an A100, scaled with the peak: small GEMMs run far from the peak;</li>`
        + '<li><b>Memory-bound kernels</b>: the norms, residual adds, activation function and (eager attention only) the scores\' softmax read and write their tensors at 70% of the memory bandwidth; in FP8, so do the casts of every linear layer\'s inputs and output gradients, and of the weights once a step, as Transformer Engine runs them (under torchtitan, torchao\'s casts, the weights again every micro-batch);</li>'
        + `<li><b>Tensor parallelism</b>: four ring collectives of <math>${mi('b')}${mi('s')}${mi('h')}</math> 16-bit elements a layer (six with full recomputation), each <math>${mn('2')}${mo('(')}${mi('t')}${mo('−')}${mn('1')}${mo(')')}${mo('/')}${mi('t')}</math> of its bytes at the link's bus bandwidth; <b>context parallelism</b>: the keys and values around a ring, shown only where they outlast the attention they feed; <b>expert parallelism</b>: two all-to-alls forward and two backward, as the dispatcher field sends them, which the exports write: NCCL's all-to-all (Megatron-LM's <code>alltoall</code>) a copy of each token for each of its <i>k</i> experts, DeepEP and HybridEP (its <code>flex</code> dispatcher) a token once to each other node that holds one of its experts, forwarded there on NVLink; what goes to another node leaves on each GPU's own NIC, since every GPU of the node sends at once;</li>`
        + `<li><b>Pipeline</b>: the activation to the next stage and its gradient back, <math>${mi('v')}</math> times when interleaved; the bubble is <math>${mo('(')}${mi('p')}${mo('−')}${mn('1')}${mo(')')}${mo('/')}${mi('v')}</math> micro-batches' time.</li>`
        + '</ul>'
        + `<p>Then the data-parallel work: the reduction of the stage's gradients once a step, of which only what outlasts the last micro-batch's backward pass shows (ZeRO-1 also gathers the updated parameters after the step); under ZeRO-2 a reduce-scatter of every micro-batch's gradients (FSDP's SHARD_GRAD_OP also gathering the parameters before each forward), and ZeRO-3's gathers, each hidden behind each micro-batch's compute as far as it lasts; the wait for the slowest GPU, as each data-parallel collective ends only when the last of its <i>d</i>·<i>c</i> GPUs joins it: 6.3% of the passes it bounds times the expected largest of <i>d</i>·<i>c</i> normal draws (every pass under ZeRO-3 and SHARD_GRAD_OP, every backward under the other ZeRO-2s, the last micro-batch's backward otherwise); and the optimizer, 30 bytes read and written per parameter held. Tokens per second per GPU are <math>${mi('B')}${mi('s')}${mo('/')}${mo('(')}${sub('t', 'step')}${mo('·')}${mi('N')}${mo(')')}</math>; MFU counts model FLOPs as the compute page does, <math>${mn('6')}${mi('M')}${mo('+')}${mn('6')}${mi('s')}${mi('L')}${mi('n')}${sub('d', 'h')}</math> a token, over the GPUs' dense peak.</p>`
        + '<p>A layout is considered when the frameworks accept it: <i>t</i> divides the heads, the KV heads and the FFN; <i>p</i> divides the layers and <i>v</i> a stage\'s layers (Megatron-LM\'s <code>arguments.py</code> at d98e8a6); 2<i>c</i> divides the sequence; <i>e</i> divides the experts; sequence parallelism needs <i>t</i> &gt; 1; ZeRO-2 and -3 run without a pipeline (DeepSpeed\'s pipeline engine refuses them), but for torchtitan\'s FSDP2; and the framework chosen runs it: DeepSpeed has no interleaved schedule and no ring attention, torchtitan no ZeRO-1 or -2, its experts spread only over FSDP2\'s sharded ranks without TP, and more than two virtual stages only where some layers a stage give exactly <i>p</i>·<i>v</i> of them, PyTorch FSDP data parallelism alone; and <i>b</i>·<i>d</i>·<i>a</i> is the batch exactly. It fits when the memory page\'s count (model states, ZeRO-3\'s gathered module, the first stage\'s activations, × 1 + (p−1)/(p·v) when interleaved, as Megatron-LM counts it; in FP8 with Megatron-LM the GEMMs\' inputs in one byte, as Transformer Engine keeps them) stays under the device\'s memory less the reserve.</p>',
    },
    example: {
      title: 'Worked example',
      html: '<p>Llama 3.1 8B (32 layers, h = 4,096, 32 heads with 8 KV heads, a SwiGLU MLP of 14,336) on 2 nodes of 8 H100 SXM, 8,192-token sequences and 4,194,304 tokens a step, that is 512 sequences, for 100 billion tokens. With Megatron-LM, the default framework, 9,546 layouts reach this batch and 4,137 of them fit in 79.65 GiB less 1 GiB reserved. The fastest splits each sequence over two GPUs: <i>t</i> = <i>p</i> = 1, <i>c</i> = 2 (context parallelism), <i>d</i> = 8, ZeRO-1 (Megatron-LM\'s distributed optimizer), no recomputation, <i>b</i> = 1 and <i>a</i> = 64, at 70.5 GiB on the busiest GPU; <i>c</i> = 4 with <i>b</i> = 2, or <i>c</i> = 8 with <i>b</i> = 4, give each GPU the same tokens and the same time. With whole sequences on each GPU ZeRO-1 does not fit, and ZeRO-2 (Megatron-FSDP) does, but it reduce-scatters every micro-batch\'s gradients and so waits for the slowest of the 16 GPUs in all 32 backward passes: 25.51 s, 1.75 s of it waiting. The fastest\'s predicted step is 24.53 s: 22.26 s of GEMMs at 61% of the peak, 2.23 s of memory-bound kernels, 0.03 s waiting for the slowest of the 16 GPUs while the last micro-batch\'s gradients are reduced, and 0.01 s of optimizer; the keys and values passed between a sequence\'s two GPUs, and the data-parallel traffic, hide behind the compute. That is 10,687 tokens/s per GPU, an MFU of 55.6%, and 6.77 days for the 100 billion tokens. torchtitan has no ZeRO-2: with it the same question gets ZeRO-3 (FSDP2) over the 16 GPUs, <i>b</i> = 1 and <i>a</i> = 32, at 24.73 s a step, of which 2.47 s is every layer\'s gather waiting for the slowest GPU; its kernels alone were fitted slightly faster than Megatron-LM\'s on its own published runs.</p>',
    },
    limits: {
      title: 'Limits, and how far off it is',
      html: '<p>This is a prediction, not a measurement. Its constants were fitted on the 18 published A100 runs in the table below; each is predicted within 10%, the worst at +9.99% and −5.9%. Six further runs of Narayanan et al. 2021 (Table 2, PTD parallelism on 384 to 2,240 GPUs), not used in the fit, are predicted within 7.0%. On another GPU the ceiling of its matrix products is scaled by the share of its peak a matmul was measured to reach (mamf-finder: 794.5 of 989.5 TFLOPS on an H100 SXM, 271.2 of 312 on an A100), and FP8 speeds the linear layers only, as Transformer Engine runs it, while adding the memory-bound passes that cast their inputs, gradients and weights to FP8 (about 58 bytes a token per unit of h and layer at t = 1 without sequence parallelism, from Transformer Engine 1.8\'s kernels; under torchtitan, whose torchao Float8Linear keeps no FP8 copy of the weights and casts each tensor along both axes, about 132 by torchao\'s own model of its compiled casts, and the weights cast again every micro-batch). Thirty-two published H100 runs that set none of its constants (NeMo\'s, Megatron-Bridge\'s, NVIDIA\'s dgxc-benchmarking\'s, the Megatron-MoE-ModelZoo\'s and those of Megatron-LM\'s MoE README and recipes), in the second table below, are predicted with a median error of 8.7%, 29 of them within 20%, the worst at −43.1% (Qwen3 30B-A3B, a mixture of experts, as Megatron-Bridge 25.11 ran it; the same layout in its 25.09 table ran twice as fast and is predicted +13.2%), +24.6% (Qwen3 235B-A22B in 26.04.01, whose all-to-all ran under another micro-batch\'s compute, which is not counted) and +22.3% (the same Qwen3 30B-A3B in Megatron-LM\'s own MoE recipe of 2026, which ran it about twice as fast per sequence, so no one rate fits both): on small models it is optimistic, and on a mixture of experts, whose GEMMs\' efficiency it reads from one expert\'s share of the tokens times the experts whose GEMMs run at once (four under Megatron-LM, which runs Transformer Engine\'s grouped layers on four streams), it can be far off either way. The tokens\' copies into and out of expert order around those GEMMs are counted as each framework\'s dispatcher makes them (four under NCCL\'s all-to-all with several experts a GPU, two under DeepEP and HybridEP), and under full recomputation the all-to-alls run again with the forward. Llama 3 405B\'s own report (43% and 41% MFU on 8,192 and 16,384 H100s) is not in the table, as its interleaving is not published; with four virtual stages the model gives 43.4% and 38.1%. One family it gets badly wrong: the ZeRO-3 runs without model parallelism in Narayanan et al. 2021\'s Table 2 (DeepSpeed, 175B and 530B on 384 to 2,240 A100s) took 1.4 to 4.6 times the step predicted here, their parameter gathers running far below what the NICs carry; so where the fastest layout uses ZeRO-3 across nodes, compare it with the best layout without ZeRO-3 in the table of the ten fastest, and measure both. Data-parallel collectives pay NCCL\'s ring latency and reach 95% of the NICs\' line rate, a group with one GPU a node on that GPU\'s own NIC, less as the ring spans more nodes (H100 reduce-scatter measured from 360 GB/s on 4 nodes to 260 on 128). A collective across the data-parallel GPUs ends when the slowest of them joins it: the step grows by 6.3% of the passes it synchronises for each spread the slowest of d GPUs is expected to lag (Blom\'s expected maximum of d normal draws: 1.43 for 8 GPUs, 2.58 for 128), over every pass under ZeRO-3 and FSDP\'s SHARD_GRAD_OP, over the last micro-batch\'s backward otherwise; the 6.3% was fitted on the 28 pairs of LLM Foundry\'s A100 runs with the same work on each GPU at 16 to 128 GPUs, whose steps grow with the GPUs. With it, torchtitan\'s matrix products were fitted at 1.067 times Megatron-LM\'s rate and PyTorch FSDP\'s at 1.056 (Megatron-LM\'s fitted rate has its own waits inside it), and their attention, FlashAttention-2\'s kernels, at 38.6% of that kernel\'s best measured rate, on their own published A100 runs only (torchtitan\'s 8 in its docs/performance.md, LLM Foundry\'s 139). On H100s, on runs that set nothing here: LLM Foundry\'s 64 BF16 FULL_SHARD runs are predicted a median 1.2% too slow (56 of 64 within 20%), its 7 FP8 ones (Transformer Engine\'s linear layers, 8 GPUs) a median 4.1% too slow (all 7 within 20%), its 6 SHARD_GRAD_OP runs 3.5% too fast, and torchtitan\'s 3 runs, on power-capped H100s, 10.8% too fast, while its FP8, counted as compiled casts with every other kernel eager, is predicted +8.3% to +25.8% too slow on its four published Float8 runs (Llama 3.1 8B on 8 and 128 GPUs, 70B on 256, 405B on 128), which ran compiled and are in no table here, so a torchtitan FP8 step is likely shorter than shown; the table of kinds of prediction below gives each family\'s figures, and each prediction on this page carries its own. The step grows with the data-parallel GPUs less than it did in those runs: LLM Foundry\'s H100 steps with the same work on each GPU were +2.6% to +10.8% longer on 512 GPUs than on 128 (the smaller the model, the more), where the model adds +2.4% to +3.1%, so on hundreds of GPUs a small model\'s step is likely longer than shown. DeepSpeed has no published tokens/s to measure it on and is taken at Megatron-LM\'s rate. Tensor parallelism\'s communication overlapped with its GEMMs (the run\'s field; ten of those runs set it) is counted hidden wherever the GEMMs it runs under outlast it, those GEMMs split into the chunks Transformer Engine splits them into, each at a smaller GEMM\'s efficiency; the SMs its kernels take are not counted: on those ten the median error is +4.5%, where counting the communication exposed gave +6.6% and counting it all hidden under unsplit GEMMs −6.0%. It leaves out kernel launch gaps, data loading, and zero-bubble schedules. Measure a short run before a long one.</p>',
    },
  },
  calibration: {
    title: 'The published runs it was checked on',
    caption: 'Each run\'s published step beside this page\'s prediction for its layout, computed by the same core.',
    columns: { run: 'Run', layout: 'Layout (t · p · v · c · e · d, b)', published: 'Published step (s)', predicted: 'Predicted (s)', error: 'Error' },
    sources: { narayanan2021: 'Narayanan et al. 2021, Table 1', korthikanti2022: 'Korthikanti et al. 2022, Table 5' },
  },
  checks: {
    title: 'Checked, not fitted: published H100 runs',
    caption: 'Each run\'s step as its published tokens/s per GPU give it, beside this page\'s prediction for its layout. None of these runs set a constant of the model. GPT-OSS 120B is shown at micro-batch 1, as its H100 recipe runs it, not at the 4 its table prints, which cannot hold with its accumulation on 64 GPUs at PP 4. Each is priced with its recipe\'s experts\' dispatcher and its TP overlap; a TFLOP/s per GPU is turned into tokens with the FLOP count of the Megatron-LM that printed it.',
    sources: {
      nemo2407: 'NeMo 24.07 performance summary, FP8', bridge2509: 'Megatron-Bridge 25.09 performance summary, FP8', bridge2511: 'Megatron-Bridge 25.11 performance summary',
      bridge2604: 'Megatron-Bridge 26.04.01 performance summary', bridge2606: 'Megatron-Bridge 26.06 performance summary', dgxc: 'NVIDIA dgxc-benchmarking, Nemotron-4',
      modelzoo: 'Megatron-MoE-ModelZoo (NVIDIA)', megatronmoe: 'Megatron-LM\'s MoE README and recipes',
    },
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'Why does it choose ZeRO-3 over tensor parallelism for a small model?',
        html: '<p>When the model\'s states fit once sharded over the replicas, ZeRO-3 keeps each GPU\'s matrices whole (large, efficient GEMMs) and its gathers hide behind the compute, while tensor parallelism splits every GEMM and adds collectives on the critical path. For larger models, or slower networks, the balance turns: the table of the ten fastest shows how close the alternatives are.</p>',
      },
      {
        question: 'Can I keep my current layout and see its prediction?',
        html: '<p>Yes: type every knob (t, p, v, c, e, ZeRO, recomputation, SP, b and a). With all of them set, the page predicts that one layout and says whether it fits.</p>',
      },
      {
        question: 'How reliable is the prediction?',
        html: '<p>On the published A100 runs it was fitted on, within 10% each. On the published runs it was never fitted on (NVIDIA\'s H100 recipes, and FSDP and torchtitan runs on A100s and H100s), each family of layouts has its measured error in the table below, with its number of runs, and the page shows that error beside every prediction. See the tables below and the limits. Use it to choose between layouts, then measure.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Disclaimer',
    html: '<p>These are predictions from a published-run-calibrated model, not a measurement of your cluster. The memory check is the memory page\'s count; frameworks and kernels add buffers of their own. Profile a short run on the real hardware before committing to a layout.</p>',
  },
  fieldHints: {
    layers: 'Transformer layers (num_hidden_layers).',
    hiddenSize: 'The model width h.',
    attentionHeads: 'Query heads; t must divide them.',
    kvHeads: 'Key-value heads (grouped-query attention); empty: as many as the heads.',
    headDim: 'Empty: h ÷ heads.',
    ffnHidden: 'The MLP\'s width; empty: 4h.',
    gatedMlp: 'SwiGLU has three matrices instead of two.',
    normalization: 'Llama-style models use RMSNorm.',
    qkNorm: 'Qwen3 normalizes queries and keys per head, OLMo 2 over all heads.',
    vocabulary: 'The tokenizer\'s; padded to a multiple of 128·t as Megatron-LM pads it.',
    tiedEmbeddings: 'Whether the output layer shares the embedding\'s weights.',
    experts: 'For a mixture of experts: the routed experts in each layer.',
    expertsPerToken: 'k: the experts each token is sent to.',
    expertFfn: 'Each expert\'s MLP width; empty: the FFN size.',
    sharedExpertFfn: 'The shared experts\' total MLP width, if any.',
    gpus: 'Every GPU of the run.',
    gpusPerNode: 'GPUs joined by NVLink; collectives beyond a node go over the NICs.',
    device: 'Sets the memory, the peaks and the bandwidths from the device list\'s sources.',
    deviceMemory: 'What nvidia-smi reports, in GiB.',
    reservedMemory: 'Set aside for the CUDA context, the framework\'s buffers and fragmentation.',
    peakTflops: 'Dense, without sparsity: 989.5 on an H100 SXM.',
    fp8Tflops: 'Dense FP8 peak, for FP8 runs; empty when the device has none.',
    matmulTflops: 'The largest matmul rate measured on this device (mamf-finder): 794.5 on an H100 SXM. Empty: the A100\'s 86.9% of its peak.',
    fp8MatmulTflops: 'The same in FP8: 1,402.6 on an H100 SXM.',
    flash2Tflops: 'FlashAttention-2\'s best measured rate on this device, for attention set to FlashAttention-2: 35% of the peak on an H100 (346.325), 73% on an A100 (227.76), as its authors measured. Empty: the A100\'s 73% of the peak.',
    memoryBandwidth: 'HBM bandwidth from the datasheet: 3,350 on an H100 SXM.',
    intraBandwidth: 'What NCCL\'s all_reduce_perf reports within a node: 370 on H100 NVLink.',
    nicsPerNode: 'Network adapters between nodes: 8 on an HGX H100 node.',
    nicRate: 'Each NIC\'s line rate: 400 for InfiniBand NDR, 200 for HDR.',
    pcieBandwidth: 'Between a GPU and its host, each way: half the datasheet\'s both-ways figure, 64 on an H100 SXM (PCIe Gen5), 32 on an A100 SXM (Gen4). Used only when nothing fits, to time optimizer states kept in CPU memory.',
    sequenceLength: 'Tokens per sequence; 8k or 2^13 is 8,192.',
    target: 'The global batch B = b·d·a, in the unit beside; every layout reaches it exactly.',
    targetUnit: 'In tokens, it must be a whole number of sequences.',
    tokens: 'For the training time; 100B is 10¹¹.',
    precision: 'FP8 runs the GEMMs at the FP8 peak and, as Transformer Engine does, keeps their inputs for the backward in one byte.',
    gradientPrecision: 'As on the memory page: fp32 is what Megatron-LM reduces in a bf16 run.',
    attention: 'Both flash kinds keep no s × s scores and skip the masked half. Fused: Transformer Engine\'s cuDNN attention (Megatron-LM, NeMo) or FlashAttention-3, at the matmuls\' rate. FlashAttention-2 was written for the A100 and reaches 35% of an H100\'s peak: pick it for flash-attn 2, a Triton kernel, or PyTorch SDPA where it picks its flash backend (as in torchtitan\'s 2024 H100 runs: PyTorch issue 142132 measured SDPA at 329 TFLOPS and cuDNN at 631 on an H100); its rate in training was fitted on LLM Foundry\'s A100 runs.',
    framework: 'The layouts it runs are the ones searched, its kernels\' measured speed sets the step, and the plan opens its export. Megatron-LM: TP, PP (interleaved), CP, EP, ZeRO 0–1 with a pipeline; DeepSpeed: no interleaving, no ring attention; torchtitan: FSDP2 (ZeRO-3) also under a pipeline; FSDP: data parallelism alone.',
    dispatcher: 'How the experts\' tokens cross to the GPUs that hold their experts, each way twice a layer. NCCL\'s all-to-all (Megatron-LM\'s alltoall) sends a copy per token and expert; DeepEP and HybridEP (Megatron-LM\'s flex dispatcher, torchtitan\'s comm backend) send a token to each other node once and forward it on NVLink. No effect on a dense model.',
    tensorOverlap: 'Whether tensor parallelism\'s all-gathers and reduce-scatters run under the GEMMs they feed (Megatron-LM\'s --tp-comm-overlap with Transformer Engine\'s userbuffers, which needs sequence parallelism; torchtitan\'s async TP). On, each collective counts only what outlasts the GEMM it runs under, plus what splitting that GEMM into chunks costs; a mixture of experts\' MLP collectives stay exposed. Most of NVIDIA\'s recipes at TP > 1 set it.',
    expertTensorParallel: 'TP inside each expert, Megatron-LM\'s --expert-tensor-parallel-size: TP\'s by default, or 1, each expert whole on its GPU, as NVIDIA runs its large mixtures of experts. At 1 the experts\' tokens stay split along the sequence (their MLP needs no TP collective), their all-to-all runs over consecutive GPUs, and EP × 1 × PP, not EP × TP × PP, must divide the GPUs.',
    tensorParallel: 'Empty: every t that divides the GPUs, the heads, the KV heads and the FFN.',
    pipelineParallel: 'Empty: every p that divides the layers and the GPUs left.',
    virtualStages: 'Interleaved schedule chunks per GPU; 1: none.',
    contextParallel: 'Splits the sequence; 2c must divide it.',
    expertParallel: 'For a mixture of experts; it must divide the experts.',
    zeroStage: 'Stages 2 and 3 only without a pipeline, except torchtitan\'s FSDP2.',
    recompute: 'Full recomputation is what Hugging Face calls gradient checkpointing.',
    sequenceParallel: 'Splits the norms and dropouts over t; needs t > 1.',
    microBatch: 'Sequences per GPU per pass.',
    accumulationSteps: 'Micro-batches per optimizer step.',
    dataParallel: 'Fixing d fixes t·p·c = GPUs ÷ d.',
  },
};

function sup2(base) {
  return `<msup>${mi(base)}${mn('2')}</msup>`;
}
