// A model for a page: a pasted config.json (kit/json-object.js) or a preset
// (models.js) turned into the top-level members the core reads
// (readModelConfig), and the core's report turned into what the page shows
// and into the calculator's texts. Pure; the core does every count.
import { groupDigits } from '../kit/number-format.js';
import { parseJsonObject } from '../kit/json-object.js';
import { echoText } from '../kit/escape.js';

// A config.json is a few kilobytes; anything past this is refused unread.
export const MAX_CONFIG_LENGTH = 65536;
const MAX_MEMBERS = 1024;
const MAX_KEY_LENGTH = 128;
const MAX_STRING_LENGTH = 128;

// One member as the core takes it: [key, kind, text]. A number keeps the
// text it was written with, so the core judges exactly what was pasted:
// "32.0" and "3.2e1" are floats to Python's json and no layer count.
function member(key, value) {
  // Cut on code points: a key or string cut inside a surrogate pair would not be text.
  const name = Array.from(key).slice(0, MAX_KEY_LENGTH).join('');
  if (value.kind === 'number') return [name, 'number', value.text];
  if (value.kind === 'boolean') return [name, 'boolean', String(value.value)];
  if (value.kind === 'string') return [name, 'string', Array.from(value.value).slice(0, MAX_STRING_LENGTH).join('')];
  if (value.kind === 'null') return [name, 'null', ''];
  // An empty list is told apart ("[]"): Qwen3-MoE's mlp_only_layers is counted only when empty.
  return [name, 'other', value.kind === 'array' && value.empty ? '[]' : ''];
}

/**
 * A pasted config.json's top-level members, {members}, or {problem}: "empty",
 * "too_long" (not read), "not_json", "too_deep", "not_an_object", "too_many_members".
 * Read as transformers reads it (json.load: a repeated key keeps its last value).
 */
export function configMembers(text) {
  if (text.length > MAX_CONFIG_LENGTH) return { problem: 'too_long' };
  if (text.trim() === '') return { problem: 'empty' };
  const parsed = parseJsonObject(text, { duplicates: 'last' });
  if (parsed.error) return { problem: { notAnObject: 'not_an_object', tooDeep: 'too_deep' }[parsed.error.code] ?? 'not_json' };
  if (parsed.members.size > MAX_MEMBERS) return { problem: 'too_many_members' };
  return { members: [...parsed.members].map(([key, value]) => member(key, value)) };
}

// A preset's value (models.js, plain JS values) as the reader gives a pasted one.
const presetValue = (value) => {
  if (typeof value === 'number') return { kind: 'number', text: String(value) };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'string') return { kind: 'string', value };
  return { kind: value === null ? 'null' : 'other' };
};

/** A preset's config (models.js) as members. */
export const presetMembers = (config) => Object.entries(config).map(([key, value]) => member(key, presetValue(value)));

/** Where the parameters are, in the order shown. */
export const PARTS = ['embeddings', 'attention', 'mlp', 'experts', 'router', 'norms', 'head'];

/**
 * What the model section shows for a core report (or a paste's problem):
 * {error} or {family, total, active, moe, parts: [{key, value, text}]},
 * figures grouped with the page's marks. words: the catalog's model words.
 */
export function presentModel(words, report, marks) {
  if (report.problem) {
    const message = words.problems[report.problem] ?? words.problems['not_json'];
    // Keys and model types come from the link or the paste: quoted without bidi controls, cut on code points.
    return { error: message({ key: echoText(report.key ?? '', 64), otherKey: echoText(report.otherKey ?? '', 64), limit: groupDigits(report.limit || '0', marks) }) };
  }
  const figure = (value) => ({ value, text: groupDigits(value, marks) });
  return {
    error: '',
    family: report.family,
    moe: report.shape.experts !== '',
    total: figure(report.total),
    active: figure(report.active),
    parts: PARTS.filter((key) => report.parts[key] !== '0').map((key) => ({ key, ...figure(report.parts[key]) })),
  };
}

/** The calculator's texts a model sets: N, the active N of a mixture of experts, and the shape. */
export function modelTexts(report) {
  // The shape goes in whole or not at all: MLA head dimensions whose mean is
  // not whole leave all four fields empty, and the time counts 6N.
  const whole = report.attentionHeadDim !== '';
  return {
    parameters: report.total,
    activeParameters: report.shape.experts !== '' ? report.active : '',
    matmulParameters: whole ? report.matmulActive : '',
    layers: whole ? report.shape.layers : '',
    attentionHeads: whole ? report.shape.attentionHeads : '',
    headDim: whole ? report.attentionHeadDim : '',
  };
}
