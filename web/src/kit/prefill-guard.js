// A classic, parser-blocking script placed just before a calculator whose
// default figures are in the HTML. If the URL asks for other values, it marks
// the document so CSS hides those figures until the core has computed the
// real ones: a prefilled link never shows the defaults, not even for a frame.
// <html data-defaults="micro=8&dp=64&..."> lists the defaults (plain digits);
// data-prefill-params="model" the other keys that set figures when present.
(function guardPrefilledFigures() {
  'use strict';
  var root = document.documentElement;
  var defaults = new URLSearchParams(root.getAttribute('data-defaults') || '');
  var asked = new URLSearchParams(location.search);
  defaults.forEach(function (value, key) {
    var given = asked.get(key);
    if (given !== null && given.trim() !== value) root.setAttribute('data-prefill', 'pending');
  });
  (root.getAttribute('data-prefill-params') || '').split(',').forEach(function (key) {
    if (key && (asked.get(key) || '').trim() !== '') root.setAttribute('data-prefill', 'pending');
  });
  // A page whose core loads only when needed (data-core: its wasm) needs it at once for such a link: fetched now,
  // beside the page's script, as a page that always loads its core preloads it (its twin: layout.mjs, headHtml).
  // A link with any of data-run-params is evaluated on data-run-core instead (the home page's run on the
  // planner's core), which the page then needs at once whatever else the link sets.
  var core = root.hasAttribute('data-prefill') ? root.getAttribute('data-core') : null;
  (root.getAttribute('data-run-params') || '').split(',').forEach(function (key) {
    if (key && asked.has(key)) core = root.getAttribute('data-run-core');
  });
  if (core) {
    var preload = document.createElement('link');
    preload.rel = 'preload';
    preload.href = core;
    preload.as = 'fetch';
    preload.type = 'application/wasm';
    preload.crossOrigin = 'anonymous';
    document.head.appendChild(preload);
  }
})();
