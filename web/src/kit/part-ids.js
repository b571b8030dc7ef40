// The ids of a calculator's own parts, on every surface: its own module, so
// that a page, whose markup is built at build time, finds them without
// loading the markup code (calculator-markup.js) that sets them.
/** The ids of a calculator's own parts (fields and results use the schema's ids). */
export function partIds(schema) {
  const name = schema.name;
  return {
    container: `${name}-calculator`,
    form: `${name}-form`,
    inputsTitle: `${name}-inputs-title`,
    resultsTitle: `${name}-results-title`,
    status: `${name}-status`,
    linkNote: `${name}-link-note`,
    overflowNote: `${name}-overflow-note`,
  };
}
