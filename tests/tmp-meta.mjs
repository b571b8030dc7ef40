import { build } from 'esbuild';
const r = await build({ entryPoints: [process.argv[2]], bundle: true, splitting: true, format: 'esm', minify: true, outdir: '/tmp/meta-out', metafile: true, write: true, logLevel: 'error', external: ['*.wasm', '../../wasm/*'], loader: { '.wasm': 'file' } });
for (const [file, meta] of Object.entries(r.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  console.log('==', file, meta.bytes, meta.entryPoint ?? '');
  const rows = Object.entries(meta.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 12);
  for (const [input, { bytesInOutput }] of rows) console.log('   ', bytesInOutput, input);
}
