// The model reader's words in English: why a config.json or a published model is not read, said the
// same on every page with a model picker (model-reader.js).
export default {
  problems: {
    'empty': () => 'The box is empty: paste a config.json.',
    'too_long': () => 'That is more than 65,536 characters, far more than any config.json; it was not read.',
    'not_json': () => 'That is not valid JSON. Paste the whole config.json, from { to }.',
    'too_deep': () => 'That JSON nests more than 1,000 levels deep, deeper than Python’s json module reads (it stops with a RecursionError); a config.json nests two or three.',
    'not_an_object': () => 'A config.json is one JSON object, { … }.',
    'too_many_members': () => 'That object has more than 1,024 members; a config.json has a few dozen.',
    'no_model_type': () => 'There is no "model_type" string: it says which architecture reads the rest.',
    'unknown_model_type': ({ key }) => `"model_type": "${key}" is not one of the families this page reads.`,
    'missing_key': ({ key }) => `"${key}" is missing or null, and this family\'s config class gives it no default: the architecture needs a number there.`,
    'not_a_count': ({ key }) => `"${key}" must be a whole number (not negative, fractional, quoted or written with a decimal point or an exponent: 32, not 32.0 or 3.2e1).`,
    'out_of_range': ({ key, limit }) => `"${key}" must be from 1 to ${limit}.`,
    'not_a_boolean': ({ key }) => `"${key}" must be true or false.`,
    'not_divisible': ({ key, otherKey }) => `"${key}" must be a multiple of "${otherKey}".`,
    'above_other': ({ key, otherKey }) => `"${key}" cannot be above "${otherKey}".`,
    'unknown_preset': ({ key }) => `There is no published model "${key}" here: choose one from the list.`,
    'too_large': ({ limit }) => `That model has more than ${limit} parameters.`,
    'not_read': ({ key }) => `"${key}" is set to something this page does not count (here, only an empty list): the model would be miscounted, so it is not read.`,
  },
};
