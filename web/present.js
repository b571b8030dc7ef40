// Turns exact decimal strings from the core into pt-BR display text.
// BigInt keeps every digit: Number would round anything above 2^53.
import { SCALE_NAMES, approximateTokensText } from './strings.pt-BR.js';

const exactFormat = new Intl.NumberFormat('pt-BR');
const approximateFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

// "8388608" -> "8.388.608"
export function formatExact(decimal) {
  return exactFormat.format(BigInt(decimal));
}

// "8388608" -> "≈ 8,4 milhões de tokens"; "" below one thousand, where the
// exact figure already reads easily.
export function approximateTokens(decimal) {
  const value = BigInt(decimal);
  if (value < 1000n) return '';
  let scaleIndex = Math.min(Math.floor((decimal.length - 1) / 3), SCALE_NAMES.length - 1);
  let tenths = roundedTenths(value, scaleIndex);
  // 999.960 rounds to 1.000,0 mil: say "1 milhão" instead.
  if (tenths >= 10000n && scaleIndex < SCALE_NAMES.length - 1) {
    scaleIndex += 1;
    tenths = roundedTenths(value, scaleIndex);
  }
  const amount = approximateFormat.format(Number(tenths) / 10);
  return approximateTokensText(amount, scaleIndex, tenths < 20n);
}

function roundedTenths(value, scaleIndex) {
  const unit = 10n ** BigInt(3 * scaleIndex);
  return (value * 10n + unit / 2n) / unit;
}
