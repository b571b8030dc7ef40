// Every text the calculators write at run time, in Brazilian Portuguese. The
// page prose is in each calculator's prose.pt-BR.mjs; en.js has the same keys.
// Short-scale names, singular and plural, for approximate counts.
const SCALE_NAMES = [null, ['mil', 'mil'], ['milhão', 'milhões'], ['bilhão', 'bilhões'], ['trilhão', 'trilhões'],
  ['quatrilhão', 'quatrilhões'], ['quintilhão', 'quintilhões']];

export default {
  locale: 'pt-BR',
  numberSyntax: 'pt_BR',  // the core's NumberSyntax: "4.096", "0,5"
  // The marks that syntax writes (a node test checks them against the core's), for build-time markup.
  marks: { group: '.', decimal: ',' },

  kit: {
    // The site navigation on every page: its name and what the list of pages is called.
    site: { name: 'Planejador de lote', navLabel: 'Calculadoras' },
    embedTheme: {
      frame: 'Tema claro por padrão. Acrescente &theme=dark ao src para o escuro, ou &theme=auto para seguir a configuração do sistema do leitor.',
      element: 'Tema claro por padrão. Acrescente theme="dark" ao elemento para o escuro, ou theme="auto" para seguir a configuração do sistema do leitor.',
    },
    loading: 'Carregando a calculadora…',
    coreFailed: 'Não foi possível carregar o módulo de cálculo (WebAssembly). A sua próxima edição tenta de novo; se continuar falhando, recarregue a página ou use um navegador atualizado.',
    // The planner's section, when its script could not load.
    sectionFailed: 'Não foi possível carregar o planejador. A sua próxima edição tenta de novo; se continuar falhando, recarregue a página ou use um navegador atualizado.',
    coreCrashed: 'O módulo de cálculo falhou e está sendo reiniciado; os resultados voltam em seguida.',
    modelWithheld: 'Sem valores: o modelo escolhido não é contado nesta página (o motivo está junto ao modelo, acima). Escolha outro modelo ou edite um campo para ver os valores dos campos como estão.',
    // A link's key given more than once: [{name, values}]; the first value is the one read.
    linkRepeated: (keys) => `Este link traz ${keys.map(({ name, values }) => `${name} ${values.length} vezes (${values.map((value) => `“${value}”`).join(', ')})`).join(' e ')}: a página lê o primeiro de cada, como lê toda chave repetida.`,
    noFigure: '—',
    overflow: 'Grande demais para representar',
    overflowNote: 'O valor exato passa de 18.446.744.073.709.551.615 (2⁶⁴ − 1), o maior inteiro de 64 bits sem sinal.',
    // "a", "a e b", "a, b e c"
    listOf: (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`),
    fillIn: (fields, count) => `Para ver ${count > 1 ? 'os resultados' : 'o resultado'}, preencha ${count > 1 ? 'os campos' : 'o campo'}: ${fields}.`,
    review: (fields, count) => `Para ver todos os resultados, revise ${count > 1 ? 'os campos' : 'o campo'}: ${fields}.`,
    fieldErrors: {
      not_a_choice: () => 'Não é uma das opções deste campo: escolha uma da lista.',
      unknown_preset: () => 'Esta página não oferece um dispositivo com esse nome e com todos os números de que precisa: escolha um da lista, ou digite os números do dispositivo nos campos abaixo.',
      empty: () => 'Informe um valor.',
      notInDeviceList: ({ device }) => `A lista de dispositivos não tem esse valor para a ${device}: digite-o a partir da ficha técnica ou de uma medição.`,
      too_long: ({ maxTextLength }) => `Texto longo demais para um número: use no máximo ${maxTextLength} caracteres.`,
      not_a_number: () => 'Use só algarismos de 0 a 9, sem letras nem sinais (ponto opcional para milhares, como 4.096).',
      below_minimum: ({ minimum }) => `O valor precisa ser pelo menos ${minimum}.`,
      negative: () => 'Use um número positivo, sem sinal de menos.',
      fractional: () => 'Use um número inteiro: a vírgula indica casas decimais, que não se aplicam aqui.',
      above_maximum: ({ maximum }) => `O valor máximo aceito é ${maximum}.`,
      malformed_grouping: () => 'Ponto de milhar fora do lugar: separe grupos de três algarismos, como 4.096 ou 1.000.000.',
      unfinished_grouping: () => 'Número incompleto: depois de cada ponto de milhar vêm três algarismos, como 4.096 ou 1.000.000.',
      ambiguous_suffix: ({ readings: [decimal, binary] }) =>
        `Ambíguo: ${decimal} ou ${binary}? Digite o número por extenso, ou escreva 2^n se quiser uma potência de dois.`,
      conflicting: () => 'Este valor não combina com os outros campos: veja a dica do campo.',
    },
    copy: {
      link: 'Copiar link',
      linkCopied: 'Link copiado!',
      codeCopied: 'Código copiado!',
      linkFailed: 'Não foi possível copiar: o link está no campo abaixo, já selecionado para você copiar.',
      linkField: 'Link desta conta',
      failed: 'Não foi possível copiar. Selecione o texto e copie-o manualmente.',
    },
    scaleCount: SCALE_NAMES.length,
    exactBytes: (bytes) => `= ${bytes} bytes`,
    // "mil" reads "2 mil tokens"; the larger scales take "de": "8,4 milhões de tokens".
    approximateTokens: (amount, scale, singular) => (scale === 1 ? `≈ ${amount} mil tokens`
      : `≈ ${amount} ${SCALE_NAMES[scale][singular ? 0 : 1]} de tokens`),
    approximateCount: (amount, scale, singular) => (scale === 1 ? `≈ ${amount} mil` : `≈ ${amount} ${SCALE_NAMES[scale][singular ? 0 : 1]}`),
  },

  effectiveBatch: {
    title: 'Calculadora de Tamanho Efetivo de Lote',
    inputsTitle: 'Entradas',
    resultsTitle: 'Resultados',
    formLabel: 'Entradas da calculadora de tamanho efetivo de lote',
    groups: { parallelism: 'Paralelismo', sequence: 'Sequência' },
    fields: {
      microBatch: { label: 'Microlote por dispositivo' },
      dataParallel: { label: 'Dispositivos com paralelismo de dados' },
      accumulationSteps: { label: 'Passos de acumulação' },
      sequenceLength: { label: 'Comprimento da sequência' },
    },
    results: {
      effectiveBatch: { label: 'Tamanho efetivo de lote', bar: 'Lote', barUnit: 'sequências', unit: 'sequências por atualização do otimizador' },
      tokensPerStep: { label: 'Tokens por passo do otimizador', bar: 'Tokens/passo', unit: '' },
    },
    embed: {
      frameTitle: 'Calculadora de tamanho efetivo de lote',
      openFull: 'abrir a calculadora completa',
      needsValidInput: 'Corrija os campos destacados na calculadora para gerar o código com os seus valores.',
      noscript: 'A calculadora precisa de JavaScript e WebAssembly para fazer as contas.',
      fallback: 'Calculadora de tamanho efetivo de lote: ative o JavaScript para calcular o lote global e os tokens por passo.',
    },
  },
};
