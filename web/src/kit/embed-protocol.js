// Both halves of the iframe embed's protocol, so its message is defined once:
// the frame reports its content height; the host page (embed.js) sizes the
// iframe it came from. Only a height crosses, so the frame may post it to any
// parent; the host accepts it only from the calculator's origin and from one
// of its own iframes.

export const HEIGHT_MESSAGE_TYPE = 'batch-planner:embed-height';
const MAX_HEIGHT = 10000;
const HOST_MARKER = Symbol.for('batch-planner.embed-host');

/** Frame half: posts the height of content to the parent whenever it changes. */
export function reportHeight(window, content) {
  if (window.parent === window) return;
  let lastHeight = -1;
  new window.ResizeObserver(() => {
    const height = Math.ceil(content.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE_TYPE, height }, '*');
  }).observe(content);
}

/** A message's height in CSS pixels, or null unless it is a finite number in range. */
export function heightFromMessage(data) {
  if (!data || typeof data !== 'object' || data.type !== HEIGHT_MESSAGE_TYPE) return null;
  const { height } = data;
  if (typeof height !== 'number' || !Number.isFinite(height) || height < 0 || height > MAX_HEIGHT) return null;
  return Math.ceil(height);
}

/**
 * Host half: sizes each embed iframe to the height it posts. Idempotent: a
 * second call on the same window (the loader included twice) adds nothing.
 */
export function sizeEmbedFrames(window, embedOrigin) {
  if (window[HOST_MARKER]) return false;
  Object.defineProperty(window, HOST_MARKER, { value: { origin: embedOrigin } });
  window.addEventListener('message', (event) => {
    if (event.origin !== embedOrigin) return;
    const height = heightFromMessage(event.data);
    if (height === null) return;
    const frame = [...window.document.getElementsByTagName('iframe')].find((candidate) => candidate.contentWindow === event.source);
    if (!frame) return;
    // CSSOM, not a style attribute: allowed under a CSP without 'unsafe-inline'.
    frame.style.height = `${height}px`;
    frame.style.border = '0';
  });
  return true;
}
