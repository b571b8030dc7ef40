// The training-compute page's prose in Brazilian Portuguese. Values are
// trusted markup written here (MathML, <i>, <code>); prose.en.mjs has the same keys.
import { mi, mn, mo, sub } from '../../../pages/mathml.mjs';

export default {
  meta: {
    title: 'Calculadora de Cômputo de Treinamento (FLOPs 6ND, FLOPs com atenção do Megatron-LM, GPU-horas, custo)',
    description: 'FLOPs de treinamento por 6ND e com atenção como o Megatron-LM os conta, tempo a uma dada MFU, GPU-horas, custo e tokens/s por GPU, a partir da contagem exata de parâmetros de um modelo: cole um config.json do Hugging Face ou escolha Llama, Mixtral, Qwen, DeepSeek-V3, GPT-3 ou BLOOM.',
    siteName: 'Calculadora de Tamanho Efetivo de Lote',
    shareTitle: 'Calculadora de Cômputo, Tempo e Custo de Treinamento',
    shareDescription: 'De um config.json aos parâmetros exatos, aos FLOPs de treinamento, aos dias no seu cluster e ao que eles custam.',
    ogLocale: 'pt_BR',
  },
  // This page's name in the site navigation.
  navName: 'Cômputo',
  // How the related cards of every other page describe this calculator.
  card: {
    title: 'Calculadora de Cômputo, Tempo e Custo de Treinamento',
    text: 'Conta exatamente os parâmetros de um modelo a partir do seu config.json, e os seus FLOPs de treinamento (6ND e com atenção), dias num cluster, GPU-horas e custo.',
  },
  heading: 'Calculadora de Cômputo, Tempo e Custo de Treinamento',
  lede: 'Descubra quantas operações de ponto flutuante o treinamento de um modelo exige, quantos dias isso leva no seu cluster a uma dada utilização, as GPU-horas e o seu custo. Informe os parâmetros e os tokens, ou um modelo: escolha um publicado ou cole o seu config.json, e os parâmetros são contados exatamente — com atenção de consultas agrupadas, MLPs com porta, especialistas, vieses e embeddings compartilhadas.',
  sections: {
    what: {
      title: 'Cômputo de treinamento',
      html: `<p>Treinar um transformer custa, com ótima aproximação, 6 operações de ponto flutuante por parâmetro por token: 2 na passada para frente (uma multiplicação e uma soma por peso) e 4 na passada para trás (os gradientes em relação às ativações e aos pesos). É a regra <i>6ND</i> de Kaplan et al. 2020 (<i>Scaling Laws for Neural Language Models</i>, seção 2.1) e de Hoffmann et al. 2022 (<i>Training Compute-Optimal Large Language Models</i>), com <math>${mi('N')}</math> os parâmetros por que um token passa e <math>${mi('D')}</math> os tokens de treinamento. Ela deixa de fora os produtos próprios da atenção, que crescem com o comprimento da sequência; o Megatron-LM os conta, e esta página também, quando a forma do modelo é conhecida.</p>`,
    },
    why: {
      title: 'Por que importa',
      html: '<p>Cômputo é o que um treinamento compra: os FLOPs fixam as GPU-horas assim que o hardware e a utilização são conhecidos, e as GPU-horas fixam a conta. Estimá-los antes de lançar diz se o treinamento cabe no cluster e no prazo, quantos tokens um orçamento compra e quão longe um plano está do equilíbrio ótimo em cômputo entre parâmetros e dados. Os mesmos FLOPs por token, com a utilização que você mede, dão os tokens por segundo por GPU que o planejador de lote transforma em tempo de relógio.</p>',
    },
    formula: {
      title: 'As fórmulas',
      html: `<div class="formula"><math display="block">${mi('C')}${mo('=')}${mn('6')}${mi('N')}${mi('D')}</math></div>`
        + '<p>Com atenção, como a função <code>num_floating_point_operations</code> do Megatron-LM conta um transformer padrão (<code>megatron/training/training.py</code> em d98e8a6; os mesmos termos no core_v0.17.1), cada token custa</p>'
        + `<div class="formula"><math display="block">${sub('C', 'token')}${mo('=')}${mn('6')}${mi('M')}${mo('+')}${mn('6')}${mi('s')}${mi('L')}${mi('n')}${mi('d')}</math></div>`
        + `<p>em que <math>${mi('M')}</math> são os pesos dos produtos de matrizes por que um token passa (as projeções da atenção, o MLP ou os especialistas para os quais ele é roteado, os especialistas compartilhados e a camada de logits, mesmo quando compartilhada com as embeddings; não a consulta às embeddings, os vieses, as normas nem o roteador), e <math>${mn('6')}${mi('s')}${mi('L')}${mi('n')}${mi('d')}</math> a atenção propriamente dita, <math>${mi('Q')}<msup>${mi('K')}${mi('T')}</msup></math> e o seu produto por <math>${mi('V')}</math>, sobre <math>${mi('s')}</math> tokens em cada uma das <math>${mi('L')}</math> camadas de <math>${mi('n')}</math> cabeças de dimensão <math>${mi('d')}</math>, pela metade por causa da máscara causal. Na atenção latente multi-cabeça (DeepSeek-V3), a fórmula usa (dimensões de consulta-chave + valor) ÷ 2 como <math>${mi('d')}</math> e conta as duas normas de posto baixo da MLA em <math>${mi('M')}</math>. O tempo a uma utilização de FLOPs do modelo <math>${mi('u')}</math> em <math>${mi('G')}</math> GPUs de pico <math>${mi('P')}</math>:</p>`
        + `<div class="formula"><math display="block">${mi('t')}${mo('=')}<mfrac>${mi('C')}<mrow>${mi('G')}${mo('·')}${mi('P')}${mo('·')}${mi('u')}</mrow></mfrac></math></div>`
        + `<p>As GPU-horas são <math>${mi('t')}${mo('·')}${mi('G')}</math> ÷ 3.600 e o custo, o seu preço. A utilização é medida contra FLOPs que contam a atenção, então o tempo usa <math>${sub('C', 'token')}</math> quando a forma é dada e 6ND caso contrário; a página diz qual. Quais FLOPs de atenção é uma convenção: esta página usa a do Megatron-LM, pela metade por causa da máscara causal. O PaLM (Chowdhery et al. 2022, apêndice B) conta <math>${mn('6')}${mi('N')}${mo('+')}${mn('12')}${mi('L')}${mi('H')}${mi('Q')}${mi('T')}</math> por token, cada consulta contra cada chave, o dobro deste termo de atenção: 4,0% mais FLOPs que aqui no Llama 3.1 405B com 8.192 tokens, então uma MFU publicada pela conta do PaLM aparece mais alta nessa proporção para o mesmo treinamento. Os dados ótimos em cômputo para <math>${mi('N')}</math> parâmetros são 20 tokens por parâmetro, da Tabela 3 de Hoffmann et al. 2022 (Abordagem 1: 1B de parâmetros → 20,2B de tokens, 10B → 205,1B, 67B → 1,5T).</p>`,
    },
    example: {
      title: 'Exemplo resolvido',
      html: '<p>O Llama 3 405B foi treinado com 15,6T de tokens em sequências de 8.192 tokens, em até 16.384 GPUs H100; em 16.384 GPUs com sequências de 8.192 tokens, rodou a 400 TFLOPS por GPU, 41% de utilização de FLOPs do modelo (Llama Team 2024, <i>The Llama 3 Herd of Models</i>, Tabela 4; as outras linhas são 43% em 8.192 GPUs, e 38% na fase de 131.072 tokens). Com os 405B arredondados, 6ND dá 6 × 405 × 10⁹ × 15,6 × 10¹² = 3,7908 × 10²⁵ FLOPs, os 3,8 × 10²⁵ do artigo. Escolher <i>Llama 3.1 405B</i> conta os parâmetros a partir do seu config.json: 405.853.388.800, e então 6ND é 3,7988 × 10²⁵. Os seus produtos de matrizes somam M = 403.747.897.344 pesos por token, e a atenção acrescenta 6 × 8.192 × 126 × 128 × 128 = 101.468.602.368 FLOPs por token: 2.523.955.986.432 ao todo, 3,9374 × 10²⁵ no treinamento.</p>'
        + '<p>A 41% dos 989,5 TFLOPS densos da H100 SXM em 16.384 GPUs, são 68,6 dias e 27,0 milhões de GPU-horas (o cartão do modelo da Meta informa 30,84 milhões para todo o treinamento do 405B, com a fase de contexto longo), cerca de 161 tokens/s por GPU. A regra do Chinchilla daria a 405B parâmetros 8,1T de tokens; o Llama 3 treinou com quase o dobro, porque um modelo menor treinado por mais tempo é mais barato de servir.</p>',
    },
    limits: {
      title: 'Limites',
      html: '<p>Os FLOPs são exatos para as fórmulas; as fórmulas não são o treinamento. 6ND deixa de fora a atenção e o trabalho que não é produto de matrizes (normas, softmax, ativações); a conta do Megatron-LM guarda os produtos de matrizes e a atenção, não o resto, e supõe sequências completas com máscara causal (sequências empacotadas e mais curtas fazem menos atenção). A recomputação de ativações faz trabalho a mais que a MFU não conta. A utilização é sua para medir: ela muda com o tamanho do modelo, o paralelismo, o comprimento da sequência e a rede. Os picos são os números densos em BF16 das fichas técnicas (os da NVIDIA vêm com esparsidade 2:4, e a página os divide por dois). As contagens de parâmetros seguem o código de modelagem de cada família no Hugging Face transformers. Uma chave que o config.json omite recebe o padrão da classe de configuração da família, como o transformers o dá (as 8 cabeças de chave e valor do MistralConfig; o 1 especialista compartilhado, as 3 primeiras camadas densas e o posto 1.536 das consultas do DeepseekV3Config); uma contagem escrita como 32.0 ou 3.2e1 é recusada, pois o Python a lê como float onde a classe precisa de um int. Um checkpoint diferente do seu config.json, ou um tipo de modelo fora da lista, não é coberto. O módulo de previsão de vários tokens do DeepSeek-V3 (14B de parâmetros a mais no checkpoint) não faz parte do modelo que o transformers constrói e não é contado, nem nos parâmetros nem nos FLOPs; a conta do Megatron-LM o inclui (mtp_num_layers), 4,1% a mais por token com 4.096 tokens, e a seção do modelo avisa quando um config o tem. A regra ótima em cômputo é um ajuste de um estudo (Hoffmann et al. 2022), feito em modelos densos: para uma mistura de especialistas a página a mostra para o total de parâmetros e avisa que nenhum estudo a sustenta; a sua Abordagem 3 e trabalhos posteriores (Besiroglu et al. 2024) encontram mais tokens por parâmetro, e modelos treinados para inferência barata vão muito além dela.</p>',
    },
  },
  faq: {
    title: 'Perguntas frequentes',
    items: [
      {
        question: 'Por que 6ND e a conta com atenção diferem?',
        html: '<p>6ND conta cada parâmetro uma vez por token e trata a consulta às embeddings como se fosse um produto. A conta do Megatron-LM pega só os produtos de matrizes, incluindo a camada de logits, e acrescenta os escores de atenção e o seu produto pelos valores, que crescem com o comprimento da sequência. No Llama 3.1 405B, com 8.192 tokens por sequência, a atenção é 4,0% da conta (101.468.602.368 de 2.523.955.986.432 FLOPs por token); com 131.072 tokens é 40,1%, e só passaria da metade além de cerca de 195.600 tokens, onde <i>6sLnd</i> alcança <i>6M</i>.</p>',
      },
      {
        question: 'Quais parâmetros contam numa mistura de especialistas?',
        html: '<p>Os por que um token passa: no Mixtral 8x7B, 12.879.925.248 dos seus 46.702.792.704 (dois de oito especialistas por camada), como diz o artigo do Mixtral: "13B active parameters". A memória guarda todos; o cômputo usa os ativos.</p>',
      },
      {
        question: 'O que é MFU?',
        html: '<p>Utilização de FLOPs do modelo: os FLOPs por segundo de que o modelo precisa, divididos pelo pico do hardware. Ela não conta recomputação nem outros custos extras como trabalho útil, e por isso é menor que a utilização de FLOPs do hardware que um profiler mostra. Treinamentos densos grandes relatam de 35 a 55%.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Aviso',
    html: '<p>Estas são estimativas a partir de fórmulas publicadas e de picos de fichas técnicas, não uma medida do seu treinamento. Falhas, reinícios, avaliação, checkpoints e carga de dados somam tempo que nenhuma fórmula conta; meça um treinamento curto no hardware real antes de comprometer um orçamento.</p>',
  },
  // Each field's hint, under its label on the page (the embeds show none, so the run-time words carry none).
  fieldHints: {
    parameters: 'Todos os parâmetros do modelo, p. ex. 405B ou 8.030.261.248; um modelo escolhido ou colado em “O modelo” preenche o número exato.',
    activeParameters: 'Numa mistura de especialistas: os parâmetros por que um token passa. Vazio, todos.',
    tokens: 'Tokens vistos no treinamento, p. ex. 15,6T ou 2T.',
    sequenceLength: 'Tokens por sequência; o termo de atenção cresce com ele. 8k é 8.192.',
    matmulParameters: 'Os pesos pelos quais um token é multiplicado, com a camada de logits e sem a consulta às embeddings, vieses e normas: a conta do Megatron-LM. Um modelo escolhido ou colado em “O modelo” o preenche.',
    layers: 'Camadas transformer com atenção.',
    attentionHeads: 'Cabeças de consulta por camada.',
    headDim: 'Por cabeça; na MLA, (dimensões de consulta-chave + valor) ÷ 2, como o Megatron-LM conta.',
    gpus: 'Aceleradores treinando juntos.',
    device: 'Põe abaixo o pico da ficha técnica do fabricante; o mesmo dispositivo dá a memória na página de memória.',
    peakTflops: 'Da ficha técnica do fabricante, sem esparsidade (uma H100 SXM tem 989,5). Digite outro valor para sair da lista.',
    utilization: 'A fração do pico que o treinamento sustenta: 41% na fase de 8.192 tokens do Llama 3 405B em 16.384 H100 (43% em 8.192; 38% com 131.072 tokens).',
    pricePerGpuHour: 'Em qualquer moeda, p. ex. 2,5; o custo sai na mesma.',
  },
};
