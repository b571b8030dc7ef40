// Markup of the compact calculator (four fields, two results), shared by the
// iframe embed (inlined into embed.html at build time) and the custom element's
// shadow root. Ids match the full page, so calculator-view.js serves all three.
// A static, trusted string: nothing user-supplied is ever put into it.

const field = (id, label) => `
    <div class="field">
      <label for="${id}">${label}</label>
      <input id="${id}" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" aria-describedby="${id}-error">
      <p class="field-error" id="${id}-error"></p>
    </div>`;

export const COMPACT_CALCULATOR_HTML = `
<div class="compact">
  <form id="calculator" novalidate aria-label="Entradas da calculadora de tamanho efetivo de lote">
    <div class="compact-fields">${field('micro-batch', 'Microlote por dispositivo')}${field('data-parallel', 'Dispositivos com paralelismo de dados')}${field('accumulation-steps', 'Passos de acumulação')}${field('sequence-length', 'Comprimento da sequência (tokens)')}
    </div>
  </form>
  <div class="compact-results" role="group" aria-label="Resultados">
    <p class="results-status" id="results-status" role="status"></p>
    <dl class="result-list">
      <div class="result">
        <dt>Tamanho efetivo de lote</dt>
        <dd><output id="effective-batch" data-value="">—</output></dd>
      </div>
      <div class="result">
        <dt>Tokens por passo do otimizador</dt>
        <dd><output id="tokens-per-step" data-value="">—</output><span class="unit" id="tokens-approximation"></span></dd>
      </div>
    </dl>
    <p class="overflow-note" id="overflow-note"></p>
  </div>
</div>`;
