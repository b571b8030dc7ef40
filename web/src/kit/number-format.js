// Exact decimal strings from the core, written with the marks of the page's
// number syntax, which the core gives (numberMarks): what the page writes,
// the core reads back. Strings and BigInt keep every digit (Number would round
// above 2^53), and no Intl object is built on the way to the first result
// (constructing the first Intl.NumberFormat cost about 46 ms there).

/** "8388608" -> "8.388.608" with marks {group: "."}; "8,388,608" with {group: ","}. */
export function groupDigits(decimal, marks) {
  const digits = String(decimal);
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let index = head; index < digits.length; index += 3) groups.push(digits.slice(index, index + 3));
  return groups.join(marks.group);
}

/**
 * A short-scale approximation of a count, or null below one thousand where the
 * exact figure reads easily: {amount: "8,4", scale: 2, singular: false} for
 * 8388608 with pt-BR marks. scaleCount is how many scales the language names.
 */
export function approximateCount(decimal, marks, scaleCount) {
  const value = BigInt(decimal);
  if (value < 1000n) return null;
  let scale = Math.min(Math.floor((decimal.length - 1) / 3), scaleCount - 1);
  let tenths = roundedTenths(value, scale);
  // 999960 rounds to "1000.0 thousand": say "1 million" instead.
  if (tenths >= 10000n && scale < scaleCount - 1) {
    scale += 1;
    tenths = roundedTenths(value, scale);
  }
  const whole = groupDigits(tenths / 10n, marks);
  const tenth = tenths % 10n;
  return { amount: tenth === 0n ? whole : `${whole}${marks.decimal}${tenth}`, scale, singular: tenths < 20n };
}

function roundedTenths(value, scale) {
  const unit = 10n ** BigInt(3 * scale);
  return (value * 10n + unit / 2n) / unit;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const superscript = (digits) => [...digits].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join('');

/**
 * "3,79 × 10²⁵" for 37908000000000000000000000 with pt-BR marks: three
 * significant digits, rounded half up from the exact digits; null below 10⁴,
 * where the exact figure reads easily.
 */
export function scientific(decimal, marks) {
  const digits = String(decimal);
  if (digits.length < 5) return null;
  let exponent = digits.length - 1;
  let mantissa = BigInt(digits.slice(0, 3)) + (Number(digits[3]) >= 5 ? 1n : 0n);
  if (mantissa === 1000n) {
    mantissa = 100n;
    exponent += 1;
  }
  const text = String(mantissa);
  return `${text[0]}${marks.decimal}${text.slice(1)} × 10${superscript(String(exponent))}`;
}

/** "2²⁴" when a count is an exact power of two (at least 2), else null: engineers read 16777216 as 2^24. */
export function powerOfTwo(decimal) {
  const value = BigInt(decimal);
  if (value < 2n || (value & (value - 1n)) !== 0n) return null;
  const exponent = String(value.toString(2).length - 1);
  return `2${superscript(exponent)}`;
}

/**
 * A positive number as a plain decimal (no exponent) with at most
 * `significant` significant digits, trailing zeros dropped: 0.0004242640687
 * for 4.242640687119285e-4 and 10. The decimal mark is ".", as in data-value
 * attributes and config files; localDecimal() writes it for reading.
 */
export function plainDecimal(value, significant) {
  if (value < 0) return `-${plainDecimal(-value, significant)}`;
  const [mantissa, exponentText] = value.toExponential(significant - 1).split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  if (exponent < 0) return `0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.padEnd(exponent + 1, '0');
  const fraction = whole.slice(exponent + 1);
  return fraction ? `${whole.slice(0, exponent + 1)}.${fraction}` : whole;
}

/** A plain decimal ("12345.5") written with a syntax's marks ("12.345,5" for pt-BR). */
export function localDecimal(plain, marks) {
  const [integer, fraction] = plain.split('.');
  return fraction ? `${groupDigits(integer, marks)}${marks.decimal}${fraction}` : groupDigits(integer, marks);
}

/** A number rounded to at most `places` decimal places, as a plain decimal ("4", "2.35"). */
export function roundedDecimal(value, places) {
  if (value >= 1e21) return plainDecimal(value, 17);  // toFixed() turns to exponents there
  const fixed = value.toFixed(places);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/**
 * A decimal estimate as people read it, in a syntax's marks: whole and grouped
 * from 1,000 up ("231.753"), four significant digits below ("2,263",
 * "0,06622"), and four in scientific notation from 10^15 ("1,235 × 10¹⁷").
 * The exact value travels in data-value (plainDecimal).
 */
export function readableDecimal(value, marks) {
  // A minus sign (U+2212) as type sets it, before the figure of the magnitude.
  if (value < 0) return `−${readableDecimal(-value, marks)}`;
  // From 10^15 a double's whole digits run past what it holds exactly: grouped
  // digits would show rounding noise as if exact (GPU-hours × price ≠ cost).
  if (value >= 1e15) {
    const [mantissa, exponent] = value.toExponential(3).split('e');
    return `${mantissa.replace('.', marks.decimal)} × 10${superscript(String(Number(exponent)))}`;
  }
  return localDecimal(value >= 1000 ? roundedDecimal(value, 0) : plainDecimal(value, 4), marks);
}

/**
 * 0.0003 -> "3e-4", 3500.25 -> "350025e-2", 3500 -> "3500": the shortest
 * digits that read back to the same double (JS's own number to string), and
 * an exponent, which every number syntax reads the same way: how a decimal
 * travels in a link, so one made in one language opens in the other.
 */
export function neutralDecimal(value) {
  const [mantissa, exponentText = '0'] = String(value).split('e');
  const [integer, fraction = ''] = mantissa.split('.');
  const digits = `${integer}${fraction}`.replace(/^0+(?=\d)/, '');
  const exponent = Number(exponentText) - fraction.length;
  return exponent === 0 ? digits : `${digits}e${exponent}`;
}

/**
 * A double as a field shows it once left: the shortest digits that read back
 * to the same double (what was typed, up to 17 digits), in a syntax's marks,
 * never with an exponent: 0.00002 stays "0,00002" for pt-BR.
 */
export function fieldDecimal(value, marks) {
  return localDecimal(plainFromNeutral(neutralDecimal(value)), marks);
}

/**
 * The neutral form back to a plain decimal, exactly, digit for digit:
 * "15e-5" -> "0.00015", "12345678e-3" -> "12345.678", "3e2" -> "300".
 * localDecimal() then writes it in a page's marks.
 */
export function plainFromNeutral(text) {
  const match = /^(-?)(\d+)(?:e([+-]?\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, digits, exponentText = '0'] = match;
  const exponent = Number(exponentText);
  let plain;
  if (exponent >= 0) {
    plain = digits + '0'.repeat(exponent);
  } else {
    const padded = digits.padStart(-exponent + 1, '0');
    const point = padded.length + exponent;
    plain = `${padded.slice(0, point)}.${padded.slice(point)}`.replace(/\.?0+$/, '');
  }
  return sign + (plain.replace(/^0+(?=\d)/, '') || '0');
}

const BINARY_UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];

/**
 * A byte count in binary units with a fixed number of decimals, rounded half
 * up from the exact count: {amount: "17,00", unit: "GiB"} for 18253611008 in
 * pt-BR marks; below 1 KiB, the bytes themselves with the unit "B".
 */
export function binarySize(decimal, marks, places = 2) {
  const value = BigInt(decimal);
  if (value < 1024n) return { amount: groupDigits(decimal, marks), unit: 'B' };
  let power = 1;
  while (power < BINARY_UNITS.length && value >= 1024n ** BigInt(power + 1)) power += 1;
  const scale = 10n ** BigInt(places);
  const unit = 1024n ** BigInt(power);
  const scaled = (value * scale + unit / 2n) / unit;
  const fraction = String(scaled % scale).padStart(places, '0');
  return { amount: `${groupDigits(scaled / scale, marks)}${places > 0 ? `${marks.decimal}${fraction}` : ''}`, unit: BINARY_UNITS[power - 1] };
}

/**
 * Bytes in binary units to one decimal, a zero tenth dropped, or null below
 * 1 KiB: {amount: "12,3", unit: "GiB"} for 13207024640 with pt-BR marks.
 * 1023.96 KiB reads as "1024 KiB" rather than jumping a unit (binarySize).
 */
export function approximateBytes(decimal, marks) {
  if (BigInt(decimal) < 1024n) return null;
  const { amount, unit } = binarySize(decimal, marks, 1);
  return { amount: amount.endsWith(`${marks.decimal}0`) ? amount.slice(0, -2) : amount, unit };
}
