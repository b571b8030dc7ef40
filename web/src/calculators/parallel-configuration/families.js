// Families of like predictions, whose published runs measure one error: the
// framework, what is sharded (ZeRO-3 the parameters; ZeRO-2 the gradients, reduce-scattered every micro-batch; or
// neither, the gradients reduced once a step) and the device class.
// Kept apart from the runs themselves (prediction-error.js), which only the
// page's build and the bench load.

// The BF16 dense peak (TFLOPS) that names a device class: H200s share the H100's.
const DEVICE_CLASSES = new Map([[312, 'a100'], [989.5, 'h100']]);

/** The device class of a peak, or null for a device no published run measured. */
export const deviceClassOf = (peakTflops) => DEVICE_CLASSES.get(peakTflops) ?? null;

/** What a ZeRO stage shards, as a family names it: zero3, zero2, or unsharded (stages 0 and 1). */
export const shardingOf = (zero) => ({ 3: 'zero3', 2: 'zero2' })[String(zero)] ?? 'unsharded';

/** A family's key: framework.zero3|zero2|unsharded.a100|h100|other. */
export const familyKey = (framework, zero, deviceClass) => `${framework}.${shardingOf(zero)}.${deviceClass ?? 'other'}`;
