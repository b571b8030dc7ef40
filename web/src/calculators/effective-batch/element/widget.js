// widget.js: registers <effective-batch-calculator>. A second include (another
// URL, another bundle) must not throw, so the definition is guarded.
import { EffectiveBatchCalculatorElement } from './element.js';
import { EFFECTIVE_BATCH_ELEMENT } from './names.js';

if (!customElements.get(EFFECTIVE_BATCH_ELEMENT.tagName)) {
  customElements.define(EFFECTIVE_BATCH_ELEMENT.tagName, EffectiveBatchCalculatorElement);
}

export { EffectiveBatchCalculatorElement };
