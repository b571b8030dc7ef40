// One training run across the site: the URL keys of the quantities a run has,
// each the same on every page that uses it, so a link from one page to
// another opens the same run. A page keeps these keys in its address even when
// it has no field for them (the memory page holds no token budget), so they
// reach the next page; its own fields it writes itself.

/**
 * model: a published model's slug; gpus: every GPU; gpn: GPUs per node;
 * device: the accelerator's slug (hardware/devices.js), with gpu (its memory,
 * GiB) and peak (its dense BF16 TFLOPS) when typed by hand; tp, pp, cp, ep:
 * the model-parallel degrees; etp: the experts' own TP (empty: TP's); vpp: the virtual stages per pipeline rank; zero: the ZeRO stage; precision: bf16, fp16 or fp32; micro, accum, dp: b, a
 * and d; seq: L; target and unit: the batch aimed at, in sequences or
 * tokens; tokens: the training budget; tps: tokens/s per GPU; mfu; price;
 * lr, minlr, warmup, decay, decaystyle: the schedule; recompute and sp: the
 * activation recomputation and sequence parallelism (memory page, exports); dispatcher and tpoverlap: how a
 * mixture of experts' tokens travel and whether TP's collectives run under its GEMMs (configuration page,
 * exports); grads: the gradients'
 * precision (memory, scaling and batch-size pages). A parameter count does not travel
 * by itself: each page reads it against its own model fields, so the model
 * (model=, or the shape a page's link writes) carries it.
 */
export const RUN_KEYS = Object.freeze([
  'model', 'gpus', 'gpn', 'device', 'gpu', 'peak', 'mfu', 'price', 'tp', 'pp', 'cp', 'ep', 'etp', 'vpp', 'zero', 'precision',
  'micro', 'accum', 'dp', 'seq', 'target', 'unit', 'tokens', 'tps', 'lr', 'minlr', 'warmup', 'decay', 'decaystyle',
  'recompute', 'sp', 'grads', 'dispatcher', 'tpoverlap',
]);

/**
 * The gradient precision (grads=) a link of an earlier scaling or batch-size
 * page gave in bytes per element (gradbytes=): 4 is fp32, 2 is bf16; any
 * other count is passed on as written, for the field to refuse.
 */
export const gradientPrecisionOfBytes = (bytes) => (bytes === null ? {} : { grads: { 4: 'fp32', 2: 'bf16' }[bytes.trim()] ?? bytes });

/**
 * The link's URL with the run's values from the page's address (fromHref)
 * that the link does not set itself: what the reader set travels, each
 * page's own example values (its defaults) stay on it. A target in tokens
 * goes as sequences when the sequence length divides it, since the pages
 * without a unit read a target in sequences; otherwise it stays behind.
 */
export function carryRun(fromHref, linkHref, { chooses = [] } = {}) {
  const from = new URL(fromHref).searchParams;
  const link = new URL(linkHref);
  // A page that chooses some keys itself (the configuration page's layout) is not handed them.
  const carried = new Map(RUN_KEYS.filter((key) => from.has(key) && !chooses.includes(key)).map((key) => [key, from.get(key)]));
  if (carried.get('unit') === 'tok') {
    carried.delete('unit');
    const [target, sequence] = [carried.get('target'), carried.get('seq')];
    carried.delete('target');
    if (/^\d+$/.test(target ?? '') && /^[1-9]\d*$/.test(sequence ?? '') && BigInt(target) % BigInt(sequence) === 0n) {
      carried.set('target', String(BigInt(target) / BigInt(sequence)));
    }
  }
  for (const [key, value] of carried) if (!link.searchParams.has(key)) link.searchParams.set(key, value);
  return link.href;
}

/**
 * Keeps every link marked data-carry-run (the site navigation, the related
 * cards, a page's own "open this run there" links) carrying the run of the
 * page's address. A link's own URL is its href when first seen, or the
 * data-own-href a page sets on it; data-chooses names the keys the page it
 * leads to chooses itself, left out.
 */
// The run the page shows now (carryRunOnLinks), for a link a page sets later.
let shownRunHref = null;

export function carryRunOnLinks(root, pageHref) {
  shownRunHref = pageHref;
  // The page's own entry in the navigation reopens it as it starts.
  for (const link of root.querySelectorAll('a[data-carry-run]:not([aria-current])')) {
    link.dataset.ownHref ??= link.href;
    link.href = carryRun(pageHref, link.dataset.ownHref, { chooses: (link.dataset.chooses ?? '').split(' ').filter(Boolean) });
  }
}

/**
 * Points a page's own "open this run there" link at url (a URL or string),
 * with the rest of the run from the page's address but the keys the page it
 * leads to chooses itself (`chooses`), and keeps it so at every address write
 * (carryRunOnLinks).
 */
export function showRunLink(link, url, { chooses = [] } = {}) {
  link.dataset.carryRun = '';
  link.dataset.ownHref = String(url);
  if (chooses.length > 0) link.dataset.chooses = chooses.join(' ');
  link.href = carryRun(shownRunHref ?? location.href, link.dataset.ownHref, { chooses });
}

/**
 * d from the cluster a link brings (issue 41): when the address gives the GPUs
 * (gpus=) but not d, a page with d opens at GPUs ÷ (TP·PP·CP), each degree
 * from the address or the page's own field default (1 where the page has
 * none), when that divides (the core's quotient); {} otherwise, or when the
 * core cannot load (the page then says so itself).
 */
export async function dataParallelFromCluster(schema, search, loadCore) {
  const params = new URLSearchParams(search);
  const field = schema.fields.find(({ param }) => param === 'dp');
  if (!field || !params.has('gpus') || [field.param, ...(field.aliases ?? [])].some((key) => params.has(key))) return {};
  const [gpus, tp, pp, cp] = ['gpus', 'tp', 'pp', 'cp'].map((key) => params.get(key) ?? schema.fields.find(({ param }) => param === key)?.default ?? '1');
  try {
    const d = (await loadCore()).dataParallelOfCluster({ gpus, tp, pp, cp });
    return d === '' ? {} : { [field.key]: d };
  } catch {
    return {};
  }
}

/** The run every page carries, as kit/calculator-page.js takes it (its `run` option). */
export const SITE_RUN = Object.freeze({ keys: RUN_KEYS, carryLinks: carryRunOnLinks, textsFromLink: dataParallelFromCluster });
