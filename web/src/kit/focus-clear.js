// Keeps the focused control clear of the page's sticky bars (WCAG 2.2, 2.4.11
// Focus Not Obscured): when tabbing brings a control under a bar pinned to the
// top or the bottom of the screen, the page scrolls it clear. The browser's own
// scroll into view knows nothing of such bars, and their height varies. A
// control taller than the room between the bars shows its top.

const MARGIN_PX = 8;
const watched = new WeakSet();

/** stickySelector: the bars. Idempotent per document. */
export function keepFocusClear(document, stickySelector) {
  const view = document.defaultView;
  if (!view || watched.has(document)) return;
  watched.add(document);
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!(target instanceof view.Element)) return;
    // After the browser's own scroll into view.
    view.requestAnimationFrame(() => {
      const box = target.getBoundingClientRect();
      // The room the bars leave: below every bar pinned at the top, above every bar pinned at the bottom.
      let top = 0;
      let bottom = view.innerHeight;
      for (const bar of document.querySelectorAll(stickySelector)) {
        const barBox = bar.getBoundingClientRect();
        if (bar.contains(target) || barBox.height === 0 || barBox.right <= box.left || barBox.left >= box.right) continue;
        if (barBox.top <= 0.5) top = Math.max(top, barBox.bottom);
        else if (barBox.bottom >= view.innerHeight - 0.5) bottom = Math.min(bottom, barBox.top);
      }
      if (box.top < top) view.scrollBy(0, box.top - top - MARGIN_PX);
      // Up until the bottom is clear, but never so far that the top goes under a top bar.
      else if (box.bottom > bottom) view.scrollBy(0, Math.max(0, Math.min(box.bottom - bottom + MARGIN_PX, box.top - top)));
    });
  });
}
