// Every user-facing text that JavaScript writes, in pt-BR. The static page text
// lives in the HTML; this file holds what changes at run time.

export const FIELD_ERRORS = Object.freeze({
  'empty': 'Informe um valor.',
  'not-a-number': 'Use só algarismos de 0 a 9, sem letras nem sinais (ponto opcional para milhares, como 4.096).',
  'zero': 'O valor precisa ser pelo menos 1.',
  'negative': 'Use um número positivo, sem sinal de menos.',
  'fractional': 'Use um número inteiro: a vírgula indica casas decimais, que não se aplicam aqui.',
  'above-maximum': 'O valor máximo aceito é 4.294.967.295.',
  'malformed-grouping': 'Ponto de milhar fora do lugar: separe grupos de três algarismos, como 4.096 ou 1.000.000.',
});

export const RESULT_TEXT = Object.freeze({
  prompt: 'Insira um valor para ver os resultados.',
  loading: 'Carregando a calculadora…',
  coreFailed: 'Não foi possível carregar o módulo de cálculo (WebAssembly). Recarregue a página ou use um navegador atualizado.',
  empty: '—',
  overflow: 'Grande demais para representar',
  overflowNote: 'O valor exato passa de 18.446.744.073.709.551.615 (2⁶⁴ − 1), o maior inteiro de 64 bits sem sinal.',
});

export const SHARE_TEXT = Object.freeze({
  copied: 'Link copiado!',
  codeCopied: 'Código copiado!',
  copyFailed: 'Não foi possível copiar. Selecione o texto e copie-o manualmente.',
});

// Short-scale names, singular and plural, for the approximate token count.
export const SCALE_NAMES = Object.freeze([
  null,
  ['mil', 'mil'],
  ['milhão', 'milhões'],
  ['bilhão', 'bilhões'],
  ['trilhão', 'trilhões'],
  ['quatrilhão', 'quatrilhões'],
  ['quintilhão', 'quintilhões'],
]);

export function approximateTokensText(amount, scaleIndex, singular) {
  const [one, many] = SCALE_NAMES[scaleIndex];
  // "mil" reads "2 mil tokens"; the larger scales take "de": "8,4 milhões de tokens".
  return scaleIndex === 1 ? `≈ ${amount} mil tokens` : `≈ ${amount} ${singular ? one : many} de tokens`;
}

export const EMBED_TEXT = Object.freeze({
  frameTitle: 'Calculadora de tamanho efetivo de lote',
  needsValidInput: 'Corrija os campos destacados na calculadora para gerar o código com os seus valores.',
  fallback: 'Calculadora de tamanho efetivo de lote: ative o JavaScript para calcular o lote global e os tokens por passo.',
});
