// The page's address, written by every part of the page through one writer:
// each part adds how it writes its values (a function from one URL to the
// next); typing is batched, leaving a field is written at once. replaceState
// adds no history entry, but Safari throws a SecurityError after 100 updates
// in ten seconds and Chromium throttles them, which a held key would reach.
const ADDRESS_DELAY_MS = 150;

/**
 * onWritten(url, otherLanguageUrl): after every write (the language switch
 * and the printed address follow it). Returns {addPart(write), schedule(),
 * flush()}; write(url, {forOtherLanguage}) returns the URL with that part's
 * values, or null while it has none to write. forOtherLanguage: the URL is
 * for the page in the other language, where text a field refused must stay
 * refused ("1.024" GPUs, an error in English, is written "1,024" for pt-BR,
 * where it means the same fractional number, not 1,024 GPUs).
 */
export function addressWriter(onWritten) {
  const parts = [];
  let timer = 0;
  const flush = () => {
    clearTimeout(timer);
    timer = 0;
    let url = location.href;
    for (const write of parts) url = write(url) ?? url;
    if (url !== location.href) {
      try {
        history.replaceState(history.state, '', url);
      } catch {
        schedule();  // rate-limited by the browser: try again shortly
        return;
      }
    }
    let other = location.href;
    for (const write of parts) other = write(other, { forOtherLanguage: true }) ?? other;
    onWritten(location.href, other);
  };
  function schedule() {
    if (!timer) timer = setTimeout(flush, ADDRESS_DELAY_MS);
  }
  return { addPart: (write) => parts.push(write), schedule, flush };
}
