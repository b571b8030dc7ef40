// Where each calculator's page lives in each language, relative to the site
// root: the build renders them there, and links between them (the related
// calculators, an embed's link to its full page) are made from here.
export const PAGE_PATHS = Object.freeze({
  'effective-batch': Object.freeze({ 'pt-BR': '', 'en': 'en/' }),
  'grad-memory': Object.freeze({ 'pt-BR': 'memoria-acumulacao/', 'en': 'en/grad-accum-memory/' }),
  'dp-scaling': Object.freeze({ 'pt-BR': 'escalonamento-paralelismo-dados/', 'en': 'en/data-parallel-scaling/' }),
});
