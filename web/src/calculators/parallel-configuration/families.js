// Families of like predictions, whose published runs measure one error: the
// framework, what is sharded (ZeRO-3 the parameters; ZeRO-2 the gradients, reduce-scattered every micro-batch; or
// neither, the gradients reduced once a step), the device class, and whether the model is dense or a mixture of
// experts (whose routed GEMMs, permutations and all-to-alls err apart from a dense model's).
// Kept apart from the runs themselves (prediction-error.js), which only the
// page's build and the bench load.

// The BF16 dense peak (TFLOPS) that names a device class: H200s share the H100's.
const DEVICE_CLASSES = new Map([[312, 'a100'], [989.5, 'h100']]);

/** The device class of a peak, or null for a device no published run measured. */
export const deviceClassOf = (peakTflops) => DEVICE_CLASSES.get(peakTflops) ?? null;

/** What a ZeRO stage shards, as a family names it: zero3, zero2, or unsharded (stages 0 and 1). */
const shardingOf = (zero) => ({ 3: 'zero3', 2: 'zero2' })[String(zero)] ?? 'unsharded';

/** The kind of model a family names from its experts field's text: moe with experts, dense without. */
export const modelKindOf = (experts) => (Number(experts) > 0 ? 'moe' : 'dense');

/** A family's key: framework.zero3|zero2|unsharded.a100|h100|other.dense|moe. */
export const familyKey = (framework, zero, deviceClass, kind) => `${framework}.${shardingOf(zero)}.${deviceClass ?? 'other'}.${kind}`;
