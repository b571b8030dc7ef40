// The calculators of the site, each with a page of its own: the only list of
// them. Everything that serves every calculator iterates this list (the site
// map, the build's entries, wasm modules and pages, the embed, the headers,
// the tests and the benchmark); everything else about a calculator is in its
// own folder's calculator.js, loaded only where that calculator is needed.
// Adding a calculator adds one entry here.
import { deepFreeze } from '../kit/schema.js';

// Each calculator's wasm module is its name in snake case: cpp/wasm/<wasm>_bindings.cpp, built into <wasm>.js and
// <wasm>.wasm (cpp/wasm/CMakeLists.txt builds every bindings file; a node test holds the two to each other).
const withModule = (entry) => ({ ...entry, wasm: entry.name.replaceAll('-', '_') });

export const CALCULATORS = deepFreeze([
  {
    name: 'effective-batch',
    // Where its page lives in each language, relative to the site root.
    paths: { 'pt-BR': '', 'en': 'en/' },
    load: () => import('./effective-batch/calculator.js'),
  },
  {
    name: 'grad-memory',
    paths: { 'pt-BR': 'memoria-acumulacao/', 'en': 'en/grad-accum-memory/' },
    load: () => import('./grad-memory/calculator.js'),
  },
  {
    name: 'dp-scaling',
    paths: { 'pt-BR': 'escalonamento-paralelismo-dados/', 'en': 'en/data-parallel-scaling/' },
    load: () => import('./dp-scaling/calculator.js'),
  },
  {
    name: 'training-compute',
    paths: { 'pt-BR': 'computo-treinamento/', 'en': 'en/training-compute/' },
    load: () => import('./training-compute/calculator.js'),
  },
  {
    name: 'optimal-batch',
    paths: { 'pt-BR': 'tamanho-de-lote-ideal/', 'en': 'en/optimal-batch-size/' },
    load: () => import('./optimal-batch/calculator.js'),
  },
  {
    name: 'parallel-configuration',
    paths: { 'pt-BR': 'configuracao-paralela/', 'en': 'en/parallel-configuration/' },
    // The run keys this page chooses itself: the navigation and related cards leading here do not carry them,
    // so the layout is searched rather than taken from the page left (a link that sets one still fixes it).
    chooses: ['tp', 'pp', 'vpp', 'cp', 'ep', 'etp', 'zero', 'recompute', 'sp', 'micro', 'accum', 'dp'],
    load: () => import('./parallel-configuration/calculator.js'),
  },
].map(withModule));

/** The site's home: the first calculator, whose pages are the language roots. */
export const HOME = CALCULATORS[0];

/** The calculator that chooses a run's layout (the one with `chooses`): the other pages hand their run to it. */
export const LAYOUT_CHOOSER = CALCULATORS.find(({ chooses }) => chooses);

/** The calculator that counts one device's memory: the compute page hands its model to it. */
export const MEMORY = calculatorNamed('grad-memory');

/** A calculator's entry by name, or the home one for an unknown name. */
export function calculatorNamed(name) {
  return CALCULATORS.find((calculator) => calculator.name === name) ?? HOME;
}

/** Every page path of every calculator, relative to the site root ("", "en/", ...). */
export function allPagePaths() {
  return CALCULATORS.flatMap(({ paths }) => Object.values(paths));
}
