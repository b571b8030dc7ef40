// How much pasted text an import reads at most: far more than any batch
// config needs, little enough that a huge paste is refused before parsing.
// Its own module, so the markup can cap the field without loading the reader.
export const MAX_IMPORT_LENGTH = 20_000;
