// A bar pinned to the bottom of the screen (the figures' bar beside a form, a
// part's own summary) steps aside while a heading of its part passes under it,
// so no heading is ever read through the bar; it is back once the heading has
// gone by. Where the bar sits is the band at the bottom of the screen as tall
// as the bar; an IntersectionObserver with that band as its root watches the
// part's headings, and is set again when the screen or the bar changes height.

const HEADINGS = 'h2, h3, h4, legend, caption';
const watched = new WeakSet();

/** barSelector: the bars pinned to the bottom; each bar's part is its parent element. Idempotent per bar. */
export function keepHeadingsClear(document, barSelector) {
  const view = document.defaultView;
  if (!view?.IntersectionObserver || !view.ResizeObserver) return;
  for (const bar of document.querySelectorAll(barSelector)) {
    if (watched.has(bar) || !bar.parentElement) continue;
    watched.add(bar);
    const headings = [...bar.parentElement.querySelectorAll(HEADINGS)].filter((heading) => !bar.contains(heading));
    if (headings.length === 0) continue;
    const under = new Set();
    let observer = null;
    let height = -1;
    const watch = () => {
      const now = bar.getBoundingClientRect().height;
      if (now === height && observer) return;
      height = now;
      observer?.disconnect();
      under.clear();
      bar.removeAttribute('data-over-heading');
      // A bar not shown at this width (display: none) covers nothing.
      if (height === 0) return;
      observer = new view.IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) under.add(entry.target);
          else under.delete(entry.target);
        }
        bar.toggleAttribute('data-over-heading', under.size > 0);
      }, { rootMargin: `${-Math.max(0, Math.floor(view.innerHeight - height))}px 0px 0px 0px` });
      for (const heading of headings) observer.observe(heading);
    };
    new view.ResizeObserver(watch).observe(bar);
    view.addEventListener('resize', () => {
      height = -1;
      watch();
    });
    watch();
  }
}
