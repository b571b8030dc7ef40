// <effective-batch-calculator lang="en" micro="8" dp="64" accum="4" seq="4096">
//   fallback text for when JavaScript is off
// </effective-batch-calculator>
//
// The compact calculator in a shadow root. Attributes are the API (missing
// ones take the schema's defaults) and properties reflect them. The language
// comes from the nearest lang attribute (the element's own, or an ancestor's),
// read when the element connects and again whenever a lang attribute changes
// (the values typed are kept): en* gives English, anything else pt-BR.
// Read-only effectiveBatch / tokensPerStep hold the exact decimal strings, or
// "" when there is no result; every recompute fires a bubbling, composed
// "effective-batch-change" event with both in its detail. Styles and the wasm
// load from this script's own origin, so it works on other sites. The DOM is
// built without HTML strings, so it also runs where Trusted Types are enforced.
import { EFFECTIVE_BATCH } from '../schema.js';
import { loadCatalog } from '../../../i18n/catalogs.js';
import { calculatorTree } from '../../../kit/calculator-markup.js';
import { startCalculator } from '../../../kit/controller.js';
import { loadCore } from '../core-loader.js';
import { findView, readTexts, writeTexts } from '../../../kit/form-view.js';
import { defaultTexts } from '../../../kit/schema.js';
import { sharedValue } from '../../../kit/url-state.js';
import { toDom } from '../../../kit/tree.js';
import { EFFECTIVE_BATCH_ELEMENT } from './names.js';

const STYLESHEET_URL = new URL('../../../../styles/calculator.css', import.meta.url).href;
const FIELD_BY_ATTRIBUTE = new Map(EFFECTIVE_BATCH.fields.map((field) => [field.param, field]));

export class EffectiveBatchCalculatorElement extends HTMLElement {
  static get observedAttributes() { return [...FIELD_BY_ATTRIBUTE.keys()]; }

  #root;
  #view = null;
  #started = null;
  #calculator = null;
  #results = { effectiveBatch: '', tokensPerStep: '' };
  #locale = null;
  #evaluation = null;
  #langWatch = null;
  #renders = 0;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
  }

  connectedCallback() {
    // Properties set before this class was defined are own properties that
    // shadow the accessors: take them back through the setters.
    for (const attribute of FIELD_BY_ATTRIBUTE.keys()) {
      if (Object.prototype.hasOwnProperty.call(this, attribute)) {
        const value = this[attribute];
        delete this[attribute];
        this[attribute] = value;
      }
    }
    this.#started ??= this.#start();
    // A lang set or changed anywhere above (or on the element) may change its language.
    this.#langWatch ??= new MutationObserver(() => this.#relocalize());
    this.#langWatch.observe(this.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
    // Moved under another lang while disconnected.
    this.#started.then(() => this.#relocalize());
  }

  disconnectedCallback() {
    this.#langWatch?.disconnect();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue || !this.#view) return;
    writeTexts(this.#view, { [FIELD_BY_ATTRIBUTE.get(name).key]: newValue ?? FIELD_BY_ATTRIBUTE.get(name).default });
    this.#calculator?.update();
  }

  get effectiveBatch() { return this.#results.effectiveBatch; }
  get tokensPerStep() { return this.#results.tokensPerStep; }

  async #start() {
    await this.#render(await loadCatalog(this.#lang()), this.#attributeTexts());
  }

  #lang() { return this.closest('[lang]')?.getAttribute('lang'); }

  // Rebuilt in the language now in force, with the values the fields hold.
  async #relocalize() {
    if (!this.#view) return;
    const catalog = await loadCatalog(this.#lang());
    if (catalog.locale === this.#locale || !this.#view) return;
    // What the fields hold, as the other language reads it: valid values in
    // their neutral form, refused text in the other marks (so it stays refused).
    const typed = readTexts(this.#view);
    const texts = this.#evaluation ? Object.fromEntries(EFFECTIVE_BATCH.fields.map((spec) =>
      [spec.key, sharedValue(this.#evaluation.fields[spec.key], String(typed[spec.key] ?? ''), spec, { forOtherLanguage: true })])) : typed;
    await this.#render(catalog, texts);
  }

  async #render(catalog, texts) {
    const render = ++this.#renders;
    this.#locale = catalog.locale;
    const stylesheet = this.ownerDocument.createElement('link');
    stylesheet.rel = 'stylesheet';
    stylesheet.href = STYLESHEET_URL;
    const content = toDom(calculatorTree(EFFECTIVE_BATCH, catalog, { layout: 'compact' }), this.ownerDocument);
    // Kept hidden (by the UA's own [hidden] rule) until the stylesheet arrives,
    // so the host never shows an unstyled flash; shown anyway if it fails.
    content.hidden = true;
    const reveal = () => { content.hidden = false; };
    stylesheet.addEventListener('load', reveal, { once: true });
    stylesheet.addEventListener('error', reveal, { once: true });
    content.lang = catalog.locale;
    this.#root.replaceChildren(stylesheet, content);
    const view = findView(this.#root, EFFECTIVE_BATCH);
    this.#view = view;
    const calculator = await startCalculator({
      view,
      catalog,
      loadCore,
      texts,
      // A rendering replaced since (the language changed again) publishes nothing.
      onEvaluate: (evaluation) => { if (render === this.#renders) this.#publish(evaluation); },
    });
    if (render === this.#renders) this.#calculator = calculator;
  }

  #attributeTexts() {
    const texts = defaultTexts(EFFECTIVE_BATCH);
    for (const [attribute, { key }] of FIELD_BY_ATTRIBUTE) {
      if (this.hasAttribute(attribute)) texts[key] = this.getAttribute(attribute);
    }
    return texts;
  }

  #publish(evaluation) {
    this.#evaluation = evaluation;
    const exact = ({ status, value }) => (status === 'ok' ? value : '');
    this.#results = {
      effectiveBatch: exact(evaluation.results.effectiveBatch),
      tokensPerStep: exact(evaluation.results.tokensPerStep),
    };
    this.dispatchEvent(new CustomEvent(EFFECTIVE_BATCH_ELEMENT.changeEvent, {
      bubbles: true,
      composed: true,
      detail: { ...this.#results },
    }));
  }
}

// micro, dp, accum, seq: properties that reflect their attributes.
for (const attribute of FIELD_BY_ATTRIBUTE.keys()) {
  Object.defineProperty(EffectiveBatchCalculatorElement.prototype, attribute, {
    get() { return this.getAttribute(attribute) ?? ''; },
    // null or undefined removes the attribute (the default applies), as for a reflected attribute.
    set(value) {
      if (value === null || value === undefined) this.removeAttribute(attribute);
      else this.setAttribute(attribute, String(value));
    },
    enumerable: true,
    configurable: true,
  });
}
