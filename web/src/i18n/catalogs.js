// The languages the calculators speak, and how a lang attribute picks one.
// Catalogs load on demand, so a page or widget fetches only its own language.
const LOADERS = {
  'pt-BR': () => import('./pt-BR.js'),
  'en': () => import('./en.js'),
};

// The words of parts that load on their own: each is fetched only with its part.
const PART_LOADERS = {
  planner: { 'pt-BR': () => import('./planner.pt-BR.js'), 'en': () => import('./planner.en.js') },
  gradMemory: { 'pt-BR': () => import('./grad-memory.pt-BR.js'), 'en': () => import('./grad-memory.en.js') },
  dpScaling: { 'pt-BR': () => import('./dp-scaling.pt-BR.js'), 'en': () => import('./dp-scaling.en.js') },
};

export const DEFAULT_LOCALE = 'pt-BR';

/** Where each language's pages sit, relative to the site root. */
export const LOCALE_ROOTS = Object.freeze({ 'pt-BR': '', 'en': 'en/' });
export const LOCALES = Object.freeze(Object.keys(LOADERS));

/** "en-GB" -> "en", "pt" -> "pt-BR", anything else (or nothing) -> the default. */
export function resolveLocale(languageTag) {
  const primary = String(languageTag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en';
  if (primary === 'pt') return 'pt-BR';
  return DEFAULT_LOCALE;
}

/** The catalog for a language tag, resolved as resolveLocale() does. */
export async function loadCatalog(languageTag) {
  return (await LOADERS[resolveLocale(languageTag)]()).default;
}

/** The planner's catalog for a language tag; it loads with the planner, not with the page. */
export async function loadPlannerCatalog(languageTag) {
  return (await PART_LOADERS.planner[resolveLocale(languageTag)]()).default;
}

/**
 * The run-time catalog with a calculator's own words under its key
 * ("gradMemory"), for a calculator whose words are not in the main catalog.
 */
export async function loadCatalogWith(part, languageTag) {
  const locale = resolveLocale(languageTag);
  const [catalog, words] = await Promise.all([loadCatalog(locale), PART_LOADERS[part][locale]()]);
  return { ...catalog, [part]: words.default };
}
