// <effective-batch-calculator micro="8" dp="64" accum="4" seq="4096">
//   fallback text for when JavaScript is off
// </effective-batch-calculator>
//
// A custom element with the compact calculator in its shadow root. Attributes are
// the API (missing ones take the defaults); properties reflect them. Read-only
// effectiveBatch / tokensPerStep hold the exact decimal strings, or "" when there
// is no result, and every recompute fires a bubbling, composed
// "effective-batch-change" event with those strings in its detail. Styles and the
// wasm load from this script's own origin, so it works on other sites.
import { startCalculator } from './calculator-controller.js';
import { COMPACT_CALCULATOR_HTML } from './compact-markup.js';
import { FIELDS, defaultTexts, findView, writeTexts } from './calculator-view.js';

const TAG_NAME = 'effective-batch-calculator';
const CHANGE_EVENT = 'effective-batch-change';
const STYLESHEET_URL = new URL('./calculator.css', import.meta.url).href;
const FIELD_BY_ATTRIBUTE = new Map(FIELDS.map((field) => [field.param, field]));

const template = document.createElement('template');
template.innerHTML = COMPACT_CALCULATOR_HTML;

class EffectiveBatchCalculatorElement extends HTMLElement {
  static get observedAttributes() { return [...FIELD_BY_ATTRIBUTE.keys()]; }

  #view;
  #started = null;  // resolves to the running calculator (or null)
  #calculator = null;
  #effectiveBatch = '';
  #tokensPerStep = '';

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const stylesheet = document.createElement('link');
    stylesheet.rel = 'stylesheet';
    stylesheet.href = STYLESHEET_URL;
    const content = template.content.cloneNode(true);
    // Kept hidden (by the UA's own [hidden] rule) until the stylesheet arrives,
    // so the host never shows an unstyled flash; shown anyway if it fails.
    const container = content.firstElementChild;
    container.hidden = true;
    const reveal = () => { container.hidden = false; };
    stylesheet.addEventListener('load', reveal, { once: true });
    stylesheet.addEventListener('error', reveal, { once: true });
    root.append(stylesheet, content);
    this.#view = findView(root);
  }

  connectedCallback() {
    this.#started ??= startCalculator(this.#view, this.#attributeTexts(), (evaluation) => this.#publish(evaluation))
      .then((calculator) => { this.#calculator = calculator; });
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    const { key, fallback } = FIELD_BY_ATTRIBUTE.get(name);
    writeTexts(this.#view, { [key]: newValue ?? fallback });
    this.#calculator?.update();
  }

  get effectiveBatch() { return this.#effectiveBatch; }
  get tokensPerStep() { return this.#tokensPerStep; }

  #attributeTexts() {
    const texts = defaultTexts();
    for (const [attribute, { key }] of FIELD_BY_ATTRIBUTE) {
      if (this.hasAttribute(attribute)) texts[key] = this.getAttribute(attribute);
    }
    return texts;
  }

  #publish(evaluation) {
    const exact = (product) => (product.status === 'ok' ? product.value : '');
    this.#effectiveBatch = exact(evaluation.effectiveBatch);
    this.#tokensPerStep = exact(evaluation.tokensPerStep);
    this.dispatchEvent(new CustomEvent(CHANGE_EVENT, {
      bubbles: true,
      composed: true,
      detail: { effectiveBatch: this.#effectiveBatch, tokensPerStep: this.#tokensPerStep },
    }));
  }
}

// micro, dp, accum, seq: properties that reflect their attributes.
for (const attribute of FIELD_BY_ATTRIBUTE.keys()) {
  Object.defineProperty(EffectiveBatchCalculatorElement.prototype, attribute, {
    get() { return this.getAttribute(attribute) ?? ''; },
    set(value) { this.setAttribute(attribute, String(value)); },
    enumerable: true,
    configurable: true,
  });
}

// A second include (another URL, another bundle) must not throw.
if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, EffectiveBatchCalculatorElement);
