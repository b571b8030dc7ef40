// Shows an export presentation (present.js) in the planner's export section:
// every snippet, its notes and its download link, or why there is none.
// Only text is written, never markup; a snippet is rewritten only when it changed.
import { EXPORT_TARGETS } from './targets.js';

export function showExport(document, presentation, shown = new Map()) {
  document.getElementById('export-message').textContent = presentation.message;
  for (const { key, id } of EXPORT_TARGETS) {
    const target = presentation.targets?.[key] ?? { text: '', notes: [], unavailable: '', href: '' };
    const signature = `${target.text}\u0000${target.notes.join('\u0000')}\u0000${target.unavailable}`;
    if (shown.get(key) === signature) continue;
    shown.set(key, signature);
    const code = document.getElementById(id);
    code.textContent = target.text;
    code.parentElement.hidden = target.text === '';
    document.getElementById(`${id}-unavailable`).textContent = target.unavailable;
    document.getElementById(`${id}-notes`).replaceChildren(...target.notes.map((note) => {
      const item = document.createElement('li');
      item.textContent = note;
      return item;
    }));
    const download = document.getElementById(`${id}-download`);
    download.hidden = target.text === '';
    download.href = target.href || '#';
    document.getElementById(`${id}-copy`).disabled = target.text === '';
  }
  return shown;
}
