// Instantiates the real built wasm module in Node. The 3.1.6 glue would try to
// fetch() a file path under Node, so we hand it the bytes (see TOOLCHAIN.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const buildDir = new URL('../../build/wasm/cpp/', import.meta.url);

export async function loadWasmModule() {
  const { default: createEffectiveBatchModule } = await import(new URL('effective_batch.js', buildDir));
  return createEffectiveBatchModule({
    wasmBinary: readFileSync(fileURLToPath(new URL('effective_batch.wasm', buildDir))),
  });
}
