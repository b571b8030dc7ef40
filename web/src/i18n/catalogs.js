// The languages the calculators speak, and how a lang attribute picks one.
// Catalogs load on demand, so a page or widget fetches only its own language.
const LOADERS = {
  'pt-BR': () => import('./pt-BR.js'),
  'en': () => import('./en.js'),
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

/**
 * The run-time catalog for a calculator (its calculator.js descriptor): with
 * its own words under its schema's messages key, when it has words of its own.
 */
export async function loadCalculatorCatalog(calculator, languageTag) {
  const locale = resolveLocale(languageTag);
  if (!calculator.catalogs) return loadCatalog(locale);
  const [catalog, words] = await Promise.all([loadCatalog(locale), calculator.catalogs[locale]()]);
  return { ...catalog, [calculator.schema.messages]: words.default };
}
