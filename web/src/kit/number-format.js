// Exact decimal strings from the core, shown in a locale. BigInt keeps every
// digit: Number would round anything above 2^53.
const exactFormats = new Map();
const approximateFormats = new Map();

function cached(cache, locale, options) {
  if (!cache.has(locale)) cache.set(locale, new Intl.NumberFormat(locale, options));
  return cache.get(locale);
}

/** "8388608" -> "8.388.608" (pt-BR) or "8,388,608" (en). */
export function formatExact(locale, decimal) {
  return cached(exactFormats, locale).format(BigInt(decimal));
}

/**
 * A short-scale approximation of a count, or null below one thousand where the
 * exact figure reads easily: {amount: "8,4", scale: 2, singular: false} for
 * 8388608 in pt-BR. scaleCount is how many scales the language names.
 */
export function approximateCount(locale, decimal, scaleCount) {
  const value = BigInt(decimal);
  if (value < 1000n) return null;
  let scale = Math.min(Math.floor((decimal.length - 1) / 3), scaleCount - 1);
  let tenths = roundedTenths(value, scale);
  // 999960 rounds to "1000.0 thousand": say "1 million" instead.
  if (tenths >= 10000n && scale < scaleCount - 1) {
    scale += 1;
    tenths = roundedTenths(value, scale);
  }
  const amount = cached(approximateFormats, locale, { maximumFractionDigits: 1 }).format(Number(tenths) / 10);
  return { amount, scale, singular: tenths < 20n };
}

function roundedTenths(value, scale) {
  const unit = 10n ** BigInt(3 * scale);
  return (value * 10n + unit / 2n) / unit;
}
