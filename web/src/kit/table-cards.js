// On a narrow screen a table's rows are read as cards, one line a cell, each
// cell named by its column (page.css, table[data-cards]): a table of eight
// columns needs no sideways scrolling on a phone. The names are the header's
// words, copied onto the cells (data-label) whenever rows are written, since a
// page writes its rows, or a whole new table, after the first render; a row's
// own header cell is the card's title and takes none. Without this script a
// table stays a table that scrolls sideways in its box.

const TABLES = '.table-scroll > table';
const watched = new WeakSet();

function label(table) {
  // A table without a header row (a name and its figure a row) is narrow already, and has no names to give.
  if (!table.tHead) return;
  const headers = [...table.tHead.rows[0].cells].map((cell) => cell.textContent.trim());
  for (const section of [...table.tBodies, table.tFoot].filter(Boolean)) {
    for (const row of section.rows) {
      [...row.cells].forEach((cell, index) => {
        const name = cell.matches('th[scope="row"]') ? '' : (headers[index] ?? '');
        if (name === '') cell.removeAttribute('data-label');
        else if (cell.dataset.label !== name) cell.dataset.label = name;
      });
    }
  }
  if (!('cards' in table.dataset)) table.dataset.cards = '';
}

/** Every table in a scrolling box under root, now and later, read as cards on narrow screens; idempotent per root. */
export function showTablesAsCards(root) {
  const view = (root.ownerDocument ?? root).defaultView;
  if (!view?.MutationObserver || watched.has(root)) return;
  watched.add(root);
  for (const table of root.querySelectorAll(TABLES)) label(table);
  // Only children and text are watched: the labels are attributes, so writing them wakes nothing.
  new view.MutationObserver((records) => {
    const tables = new Set();
    for (const record of records) {
      const element = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const table = element?.closest(TABLES);
      if (table) tables.add(table);
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches(TABLES)) tables.add(node);
        for (const inner of node.querySelectorAll(TABLES)) tables.add(inner);
      }
    }
    for (const table of tables) label(table);
  }).observe(root, { childList: true, subtree: true, characterData: true });
}
