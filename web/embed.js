// Host-page loader for the iframe embed. Include it once, anywhere:
//   <iframe src="https://<calculator>/embed.html?micro=8&dp=64&accum=4&seq=4096" ...></iframe>
//   <script src="https://<calculator>/embed.js" defer></script>
// It sizes each embed iframe to the height the embed posts. Messages are accepted
// only from the origin this script was served from, and only from one of the
// page's iframes. Including it again does nothing: one listener per page.
(function installEffectiveBatchEmbedLoader() {
  'use strict';
  var MESSAGE_TYPE = 'effective-batch:height';
  var MAX_HEIGHT = 10000;
  var marker = '__effectiveBatchEmbedLoader';
  if (window[marker]) return;

  var script = document.currentScript;
  var embedOrigin = new URL(script && script.src ? script.src : location.href).origin;

  function frameFor(source) {
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i += 1) {
      if (frames[i].contentWindow === source) return frames[i];
    }
    return null;
  }

  function onMessage(event) {
    if (event.origin !== embedOrigin) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== MESSAGE_TYPE) return;
    var height = Number(data.height);
    if (!isFinite(height) || height < 0) return;
    var frame = frameFor(event.source);
    if (!frame) return;
    // CSSOM, not a style attribute: allowed under a CSP without 'unsafe-inline'.
    frame.style.height = Math.min(Math.ceil(height), MAX_HEIGHT) + 'px';
    frame.style.border = '0';
  }

  window.addEventListener('message', onMessage);
  Object.defineProperty(window, marker, { value: { origin: embedOrigin } });
})();
