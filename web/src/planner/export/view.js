// Shows an export presentation (present.js) in the planner's export section:
// every snippet, its notes and its download link, or why there is none.
// Only text is written, never markup; a snippet is rewritten only when it changed.
// typing: a key is being pressed; a snippet that goes away is then held (its
// place kept, nothing shown, nothing to copy or download: kit/dom-write.js
// showHeld), so the next keystroke shows it again without relaying out or
// repainting the section.
import { showHeld, showText } from '../../kit/dom-write.js';
import { EXPORT_TARGETS } from './targets.js';

export function showExport(document, presentation, shown = new Map(), { typing = false } = {}) {
  showText(document.getElementById('export-message'), presentation.message);
  const sharedNotes = document.getElementById('export-shared-notes');
  const sharedSignature = (presentation.shared ?? []).join('\u0000');
  if (shown.get('shared') !== sharedSignature && !(typing && sharedSignature === '')) {
    shown.set('shared', sharedSignature);
    sharedNotes.replaceChildren(...(presentation.shared ?? []).map((note) => {
      const item = document.createElement('li');
      item.textContent = note;
      return item;
    }));
  }
  for (const { key, id } of EXPORT_TARGETS) {
    const target = presentation.targets?.[key] ?? { text: '', notes: [], unavailable: '', href: '' };
    const code = document.getElementById(id);
    const held = typing && target.text === '' && code.textContent !== '';
    for (const part of [code.parentElement, document.getElementById(`${id}-notes`), document.getElementById(`${id}-copy`).parentElement]) {
      showHeld(part, held);
    }
    if (held) continue;
    const signature = `${target.text}\u0000${target.notes.join('\u0000')}\u0000${target.unavailable}`;
    if (shown.get(key) === signature) continue;
    shown.set(key, signature);
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
