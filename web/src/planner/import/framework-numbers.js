// A pasted config's numbers read as its framework reads them, whatever the
// page's language: argparse flags through Python's int() and float() (type=int
// and type=float in Megatron-LM's and transformers' parsers), JSON numbers as
// Python's json gives them (an int only when written without a fraction or an
// exponent), and Megatron-LM's K/M/B/T thresholds. Each reader returns the
// number in the neutral form every number syntax of the core reads alike
// (plain digits, or digits and an exponent: "15e-5"), or null when the
// framework would refuse the text. The core then judges it against the field's limits.

// Python's digit groups: an underscore only between two digits (PEP 515).
const DIGITS = String.raw`\d(?:_?\d)*`;
const PYTHON_INT = new RegExp(`^([+-]?)(${DIGITS})$`);
const PYTHON_FLOAT = new RegExp(`^([+-]?)(?:(${DIGITS})?\\.(${DIGITS})|(${DIGITS})\\.?)(?:[eE]([+-]?${DIGITS}))?$`);
const PYTHON_NON_FINITE = /^[+-]?(?:inf|infinity|nan)$/i;
// Python's str.strip() removes Unicode whitespace; argparse passes the word as the shell split it.
const strip = (text) => text.replace(/^[\s\u001c-\u001f\u0085]+|[\s\u001c-\u001f\u0085]+$/gu, '');

/** Digits and a power of ten as the neutral text: "15e-5", "1500", "-2e-3", "0". */
function neutral(sign, digits, exponent) {
  let kept = digits.replace(/^0+/, '');
  if (kept === '') return '0';
  let power = exponent;
  const trailing = /0+$/.exec(kept)?.[0].length ?? 0;
  kept = kept.slice(0, kept.length - trailing);
  power += BigInt(trailing);
  const written = power === 0n ? kept : `${kept}e${power}`;
  return sign === '-' ? `-${written}` : written;
}

/** Python's int(text) in base 10 (ASCII digits): "1_024" is 1024; "1,024", "8.0" and "2^3" raise ValueError. */
export function pythonInt(text) {
  const match = PYTHON_INT.exec(strip(text));
  if (!match) return null;
  const digits = match[2].replaceAll('_', '').replace(/^0+(?=\d)/, '');
  return match[1] === '-' && digits !== '0' ? `-${digits}` : digits;
}

/**
 * Python's float(text): {text} in the neutral form, {nonFinite: true} for
 * inf and nan (which float() accepts and no field does), or null.
 */
export function pythonFloat(text) {
  const written = strip(text);
  if (PYTHON_NON_FINITE.test(written)) return { nonFinite: true };
  const match = PYTHON_FLOAT.exec(written);
  if (!match) return null;
  const [, sign, integer = '', fraction = '', wholeOnly = '', exponent = '0'] = match;
  const intPart = (integer || wholeOnly).replaceAll('_', '');
  const fracPart = fraction.replaceAll('_', '');
  return { text: neutral(sign, intPart + fracPart, BigInt(exponent.replaceAll('_', '')) - BigInt(fracPart.length)) };
}

/** A JSON number literal as Python's json reads it: {int: true, text} without a fraction or an exponent, else {int: false, text}. */
export function jsonNumber(literal) {
  if (/^(?:-?Infinity|NaN)$/.test(literal)) return { nonFinite: true };
  if (/^-?(?:0|[1-9]\d*)$/.test(literal)) return { int: true, text: literal === '-0' ? '0' : literal };
  return { int: false, text: pythonFloat(literal).text };
}

const SUFFIXES = { T: 1e12, B: 1e9, M: 1e6, K: 1e3 };

/**
 * One value of Megatron-LM's --step-batch-size-schedule, as
 * NumMicroBatchesCalculator._parse_numeric_value reads it
 * (megatron/core/num_microbatches_calculator.py at d98e8a6): stripped, upper-cased, an
 * optional K/M/B/T suffix, then int(float(rest) * multiplier), in doubles as
 * Python computes it (JS numbers are the same IEEE doubles). A BigInt, or null
 * where Python raises (not a float, inf, nan).
 */
export function megatronScheduleValue(text) {
  let written = strip(text).toUpperCase();
  let multiplier = 1;
  const suffix = written.at(-1);
  if (suffix in SUFFIXES) {
    multiplier = SUFFIXES[suffix];
    written = written.slice(0, -1);
  }
  const float = pythonFloat(written);
  if (!float || float.nonFinite) return null;
  const product = Number(float.text) * multiplier;
  // int() of an infinite float raises OverflowError.
  if (!Number.isFinite(product)) return null;
  return BigInt(Math.trunc(product));
}

/**
 * The exact product of two numbers in the neutral form the readers give
 * ("1e-1" × "3e-4" = "3e-5"): digits multiplied, exponents added, so a ratio
 * times a rate is the rate it stands for, with no rounding.
 */
export function neutralProduct(left, right) {
  const parts = (text) => {
    const [, sign, digits, exponent = '0'] = /^(-?)(\d+)(?:e([+-]?\d+))?$/.exec(text);
    return { negative: sign === '-', digits: BigInt(digits), exponent: Number(exponent) };
  };
  const [a, b] = [parts(left), parts(right)];
  let digits = a.digits * b.digits;
  let exponent = a.exponent + b.exponent;
  if (digits === 0n) return '0';
  while (digits % 10n === 0n) {
    digits /= 10n;
    exponent += 1;
  }
  const sign = a.negative !== b.negative ? '-' : '';
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits}e${exponent}`;
}
