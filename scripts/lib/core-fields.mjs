// Each calculator's fields as its wasm core declares them (describe<Core>()),
// written into its folder as core-fields.js before anything imports a schema:
// the schemas take every field's kind, limits, optionality, choices and
// shorthand from there, so the C++ field list is the one declaration of them
// and the page adds only what is the page's (URL key, element id, group,
// default, words). Run by scripts/assemble.mjs; the files are not committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describedWithTextLimits } from '../../web/src/kit/core-adapter.js';

/** A built wasm module, instantiated in Node from its bytes (the 3.1.6 glue would fetch() a path). */
export async function instantiateWasm(wasmBuildDir, wasm) {
  const { default: createModule } = await import(pathToFileURL(join(wasmBuildDir, `${wasm}.js`)).href);
  return createModule({ wasmBinary: readFileSync(join(wasmBuildDir, `${wasm}.wasm`)) });
}

/**
 * A module's one calculator description: {core, fields, results, otherChoices?} (otherChoices: words of choices
 * its page writes that are not its fields, {key: [word, ...]}); throws unless it describes exactly one.
 */
export function describedCalculator(module, wasm) {
  const describers = Object.keys(module).filter((name) => /^describe[A-Z]/.test(name));
  if (describers.length !== 1) throw new Error(`${wasm}: ${describers.length} describe functions, one expected`);
  const { fields, results, otherChoices } = describedWithTextLimits(module[describers[0]]());
  return { core: describers[0].slice('describe'.length), fields, results: [...results], ...(otherChoices ? { otherChoices } : {}) };
}

/**
 * Writes core-fields.js into each folder: folders, [{folder, wasm, module}] (a
 * calculator's folder under web/src, its module's name and the module, instantiated).
 */
export function writeCoreFields(folders) {
  for (const { folder, wasm, module } of folders) {
    const description = describedCalculator(module, wasm);
    writeFileSync(join(folder, 'core-fields.js'), [
      `// Written by scripts/lib/core-fields.mjs from ${wasm}.wasm's describe${description.core}(): the core's own`,
      '// declaration of these fields. Not committed; every build writes it again.',
      `export default ${JSON.stringify(description, null, 2)};`,
      '',
    ].join('\n'));
  }
}
