// A JSON object read the way Python's json module reads a config file, with
// every number kept as the text it was written with: JSON.parse would turn
// 32.0, 3.2e1 and 32 into one value, where Python keeps 32.0 a float (which
// range() and DataLoader refuse) and 32 an int. Used for DeepSpeed configs
// and Hugging Face config.json files alike; the options say where they differ.

/**
 * text: the file; options: comments (true: the "#", "//" and "/* *\/"
 * comments hjson allows, as DeepSpeed reads its config), duplicates ("refuse":
 * a key given twice at any depth is an error, as DeepSpeed's
 * dict_raise_error_on_duplicate_keys; "last": the last one wins, as json.load).
 * Returns {members: Map(key -> {kind, text?, value?, members?})} for the
 * top-level members (kind "number" keeps its text, "string" its value,
 * "object" its members, "array" whether it is empty), or {error: {code, key}}:
 * badJson, tooDeep (valid, but nested deeper than Python's json goes), notAnObject, duplicateKey.
 */
export function parseJsonObject(text, { comments = false, duplicates = 'last' } = {}) {
  let at = 0;
  const fail = (code, key) => { throw Object.assign(new Error(code), { code, key }); };
  const skip = () => {
    for (;;) {
      // JSON's own whitespace only: space, tab, line feed, carriage return.
      while (at < text.length && ' \t\n\r'.includes(text[at])) at += 1;
      if (comments && (text[at] === '#' || text.startsWith('//', at))) {
        while (at < text.length && text[at] !== '\n') at += 1;
      } else if (comments && text.startsWith('/*', at)) {
        const end = text.indexOf('*/', at + 2);
        if (end < 0) fail('badJson');
        at = end + 2;
      } else {
        return;
      }
    }
  };
  const string = () => {
    const start = at;
    at += 1;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    if (at >= text.length) fail('badJson');
    at += 1;
    try {
      return JSON.parse(text.slice(start, at));
    } catch {
      return fail('badJson');
    }
  };
  let depth = 0;
  const value = () => {
    skip();
    const c = text[at];
    if (c === '{') return object();
    if (c === '[') {
      depth += 1;
      if (depth > 1000) fail('tooDeep');
      at += 1;
      skip();
      if (text[at] === ']') { at += 1; depth -= 1; return { kind: 'array', empty: true }; }
      for (;;) {
        value();
        skip();
        if (text[at] === ',') { at += 1; continue; }
        if (text[at] === ']') { at += 1; depth -= 1; return { kind: 'array', empty: false }; }
        fail('badJson');
      }
    }
    if (c === '"') return { kind: 'string', value: string() };
    // Python's json also reads NaN, Infinity and -Infinity as numbers.
    const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|-?Infinity|NaN|true|false|null)/.exec(text.slice(at, at + 400));
    if (!literal) fail('badJson');
    at += literal[0].length;
    const word = literal[0];
    if (word === 'null') return { kind: 'null' };
    if (word === 'true' || word === 'false') return { kind: 'boolean', value: word === 'true' };
    return { kind: 'number', text: word };
  };
  const object = () => {
    // Python's json stops at about 1,000 levels of nesting (a RecursionError).
    depth += 1;
    if (depth > 1000) fail('tooDeep');
    at += 1;
    const members = new Map();
    skip();
    if (text[at] === '}') { at += 1; depth -= 1; return { kind: 'object', members }; }
    for (;;) {
      skip();
      if (text[at] !== '"') fail('badJson');
      const key = string();
      if (duplicates === 'refuse' && members.has(key)) fail('duplicateKey', key);
      skip();
      if (text[at] !== ':') fail('badJson');
      at += 1;
      // A repeated key keeps its first place and takes the new value, as a Python dict does.
      members.set(key, value());
      skip();
      if (text[at] === ',') { at += 1; continue; }
      if (text[at] === '}') { at += 1; depth -= 1; return { kind: 'object', members }; }
      fail('badJson');
    }
  };
  try {
    skip();
    if (text[at] !== '{') {
      // Valid JSON that is not an object is told apart from text that is not JSON.
      try {
        JSON.parse(text);
        return { error: { code: 'notAnObject' } };
      } catch {
        return { error: { code: 'badJson' } };
      }
    }
    const top = object();
    skip();
    if (at !== text.length) return { error: { code: 'badJson' } };
    return { members: top.members };
  } catch (error) {
    if (!error.code) throw error;
    return { error: { code: error.code, key: error.key } };
  }
}
