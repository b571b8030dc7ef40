// Public names of the custom elements, for code that writes them (the page's
// embed snippets) without loading the elements themselves.
export const EFFECTIVE_BATCH_ELEMENT = Object.freeze({
  tagName: 'effective-batch-calculator',
  changeEvent: 'effective-batch-change',
});
