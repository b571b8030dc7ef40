// The optimal batch size page's prose in Brazilian Portuguese. Values are
// trusted markup written here (MathML, <i>, <code>); prose.en.mjs has the same keys.
import { mi, mn, mo, sub } from '../../../pages/mathml.mjs';

const sup = (base, exponent) => `<msup>${base}<mn>${exponent}</mn></msup>`;

export default {
  meta: {
    title: 'Calculadora de Tamanho de Lote Ideal (leis de escala do DeepSeek LLM e da Step Law, taxa de aprendizado, escala de ruído do gradiente)',
    description: 'Que tamanho de lote e que taxa de aprendizado um pré-treinamento deve usar? Os ajustes do DeepSeek LLM (pelo cômputo) e da Step Law (pelos parâmetros e tokens), cada um com a faixa em que foi ajustado, a troca entre passos e dados da escala de ruído do gradiente, o piso do cluster e um link que planeja o lote.',
    siteName: 'Calculadora de Tamanho Efetivo de Lote',
    shareTitle: 'Calculadora de Tamanho de Lote Ideal',
    shareDescription: 'O lote e a taxa de aprendizado que as leis de escala dão para o seu treino, com a faixa em que cada uma foi ajustada, e depois planejados como b × d × a.',
    ogLocale: 'pt_BR',
  },
  // This page's name in the site navigation.
  navName: 'Lote ideal',
  // How the related cards of every other page describe this calculator.
  card: {
    title: 'Calculadora de Tamanho de Lote Ideal',
    text: 'Dá o tamanho de lote e a taxa de aprendizado que as leis de escala (DeepSeek LLM, Step Law) ajustam para um modelo e um orçamento de tokens, com a faixa em que cada uma foi ajustada, e entrega o lote ao planejador.',
  },
  heading: 'Calculadora de Tamanho de Lote Ideal',
  lede: 'Antes de "como chego a este lote?" vem "qual lote, e qual taxa de aprendizado?". A partir da forma do modelo e dos tokens de treinamento, esta página dá a resposta de dois artigos de leis de escala, o do DeepSeek LLM e o da Step Law, diz se o seu treino fica dentro da faixa em que cada um foi ajustado, compara o lote com uma escala de ruído do gradiente medida e com o que o seu cluster precisa para esconder o all-reduce, e entrega o lote ao planejador, que encontra b, d e a para ele.',
  sections: {
    what: {
      title: 'O que dizem as leis de escala dos hiperparâmetros',
      html: `<p>Para um modelo e um orçamento de dados fixos, a perda alcançada depende do tamanho do lote e da taxa de aprendizado, e perto dos melhores valores ela é plana: uma faixa larga de lotes e taxas treina quase igualmente bem. Artigos que treinaram centenas ou milhares de modelos pequenos ajustaram onde fica essa faixa como uma lei de potência da escala, para que um treino grande leia o lote e a taxa na lei em vez de procurá-los. O DeepSeek LLM (Bi et al. 2024, arXiv <a href="https://arxiv.org/abs/2401.02954">2401.02954</a>, seção 3.1) ajusta os dois ao orçamento de cômputo <math>${mi('C')}</math>; a Step Law (Li et al. 2025, arXiv <a href="https://arxiv.org/abs/2503.04715">2503.04715</a>) ajusta o lote só aos tokens de treinamento <math>${mi('D')}</math>, e a taxa aos parâmetros <math>${mi('N')}</math> e a <math>${mi('D')}</math>.</p>`,
    },
    why: {
      title: 'Por que isso importa',
      html: '<p>Um lote pequeno demais desperdiça o cluster: todo passo termina com um all-reduce que um lote pequeno não consegue esconder, e mais passos significam mais deles. Um lote grande demais desperdiça dados: além da escala de ruído do gradiente, dobrar o lote já não corta os passos pela metade (McCandlish et al. 2018, arXiv <a href="https://arxiv.org/abs/1812.06162">1812.06162</a>). Uma taxa de aprendizado escolhida para outro lote diverge ou treina devagar. Ler os dois numa lei ajustada em treinos reais, e saber se o seu fica dentro do que foi ajustado, transforma um palpite numa decisão que se defende antes de o dinheiro ser gasto.</p>',
    },
    formula: {
      title: 'As fórmulas',
      html: `<p><b>DeepSeek LLM.</b> A escala do modelo é dada pelos FLOPs por token sem embeddings, que contam a atenção sobre o contexto (seção 3.2 do artigo):</p>`
        + `<div class="formula"><math display="block">${mi('M')}${mo('=')}${mn('72')}${mo('·')}${sub('n', 'layer')}${mo('·')}${sup(sub('d', 'model'), '2')}${mo('+')}${mn('12')}${mo('·')}${sub('n', 'layer')}${mo('·')}${sub('d', 'model')}${mo('·')}${sub('l', 'seq')}<mspace width="1em"/>${mi('C')}${mo('=')}${mi('M')}${mo('·')}${mi('D')}</math></div>`
        + `<p>e os ajustes da seção 3.1, com <math>${sub('B', 'opt')}</math> em tokens, são</p>`
        + `<div class="formula"><math display="block">${sub('B', 'opt')}${mo('=')}${mn('0,2920')}${mo('·')}<msup>${mi('C')}<mn>0,3271</mn></msup><mspace width="1em"/>${sub('η', 'opt')}${mo('=')}${mn('0,3118')}${mo('·')}<msup>${mi('C')}<mrow>${mo('−')}${mn('0,1250')}</mrow></msup></math></div>`
        + '<p>Foram ajustados em orçamentos de cômputo de 10<sup>17</sup> a 2 × 10<sup>19</sup> FLOPs, e o artigo os conferiu em modelos de 10<sup>20</sup>; um valor fora de 10<sup>17</sup> a 2 × 10<sup>19</sup> é marcado como extrapolação. O seu 72 · <i>n</i><sub>layer</sub> · <i>d</i><sub>model</sub>² é 6 vezes os 12 · <i>n</i><sub>layer</sub> · <i>d</i><sub>model</sub>² parâmetros das camadas de um modelo denso; uma mistura de especialistas passa cada token só pelos parâmetros ativos, então, dados os seus parâmetros ativos sem embeddings, <i>M</i> = 6 · <i>N</i><sub>ativo</sub> + 12 · <i>n</i><sub>layer</sub> · <i>d</i><sub>model</sub> · <i>l</i><sub>seq</sub>: no Mixtral 8x7B, 6 × 12.617.515.008 + 12 × 32 × 4.096 × 4.096 = 82.147.540.992, onde a fórmula densa dá 45.097.156.608.</p>'
        + `<p><b>Step Law.</b> Com <math>${mi('N')}</math> os parâmetros sem embeddings e <math>${mi('D')}</math> os tokens de treinamento:</p>`
        + `<div class="formula"><math display="block">${mi('B')}${mo('=')}${mn('0,58')}${mo('·')}<msup>${mi('D')}<mn>0,571</mn></msup><mspace width="1em"/>${mi('η')}${mo('=')}${mn('1,79')}${mo('·')}<msup>${mi('N')}<mrow>${mo('−')}${mn('0,713')}</mrow></msup>${mo('·')}<msup>${mi('D')}<mn>0,307</mn></msup></math></div>`
        + '<p>A grade de modelos densos que os autores publicaram com ela (<code>data/dense_lr_bs_loss.csv</code> em <a href="https://github.com/step-law/steplaw">step-law/steplaw</a>, commit 32a8f4c) vai de <i>N</i> = 214.663.680 a 1.073.741.824 e de <i>D</i> = 4 a 100 bilhões de tokens; toda execução dela tem ao menos 18,6 tokens por parâmetro (10 bilhões de tokens para 536.872.960 parâmetros), então um ponto dentro dessas faixas com menos, como 1,07B de parâmetros em 4B de tokens, fica fora da grade. Fora dela, os valores são marcados como extrapolados, e quando só uma das duas leis fica dentro da sua faixa, é ela que recomenda. Numa mistura de especialistas o <i>N</i> continua sendo o total: a própria grade MoE dos autores (<code>data/moe_lr_bs_loss.csv</code>) é ajustada no <i>N</i> total. O <i>N</i> deles conta as matrizes de atenção e de MLP de cada camada, sem embeddings, cabeça de saída nem normas: num modelo de 7 camadas de largura 960 e MLP de largura 9.368, 7 × (4 × 960² + 3 × 960 × 9.368) = 214.663.680. Em branco aqui, <i>N</i> vale 12 · <i>n</i><sub>layer</sub> · <i>d</i><sub>model</sub>², a contagem de Kaplan et al. 2020 (seção 2.1) para um MLP quatro vezes mais largo que o modelo.</p>'
        + `<p><b>Passos contra dados.</b> Com uma escala de ruído do gradiente medida <math>${sub('B', 'noise')}</math>, McCandlish et al. 2018 (seção 2) dão os passos e os exemplos de que um treino precisa para chegar a uma perda com lote <math>${mi('B')}</math>:</p>`
        + `<div class="formula"><math display="block">${mi('S')}${mo('=')}${sub('S', 'min')}${mo('(')}${mn('1')}${mo('+')}<mfrac>${sub('B', 'noise')}${mi('B')}</mfrac>${mo(')')}<mspace width="1em"/>${mi('E')}${mo('=')}${sub('E', 'min')}${mo('(')}${mn('1')}${mo('+')}<mfrac>${mi('B')}${sub('B', 'noise')}</mfrac>${mo(')')}</math></div>`
        + `<p><b>O piso do cluster.</b> Cada uma das <math>${mi('d')}</math> réplicas de dados faz o all-reduce em anel de <math>${mi('N')}${mi('g')}</math> bytes de gradientes, <math>${mn('2')}${mo('(')}${mi('d')}${mo('−')}${mn('1')}${mo(')')}${mo('/')}${mi('d')}${mo('·')}${mi('N')}${mi('g')}${mo('/')}${mi('β')}</math> (o modelo da calculadora de escalonamento), enquanto roda a passada para trás do último microlote do passo: o DDP do PyTorch e o Megatron-LM só reduzem os gradientes no último microlote, e a passada para frente vem antes de existir qualquer gradiente. A passada para trás é 4 dos <math>${mn('6')}${mi('N')}</math> FLOPs de um token, então, para os seus <math>${mi('T')}</math> tokens, ao pico vezes a MFU, ela esconde o all-reduce quando</p>`
        + `<div class="formula"><math display="block">${mi('T')}${mo('≥')}<mfrac><mrow>${mo('(')}${mi('d')}${mo('−')}${mn('1')}${mo(')')}${mo('·')}${mi('g')}${mo('·')}${mi('P')}${mo('·')}${mi('u')}</mrow><mrow>${mn('2')}${mo('·')}${mi('d')}${mo('·')}${mi('β')}</mrow></mfrac></math></div>`
        + `<p>em que <math>${mi('N')}</math> se cancela: o piso depende do cluster, não do modelo. Ele é arredondado para cima em sequências inteiras por réplica, e o menor lote global é <math>${mi('d')}</math> vezes isso, sem acumulação; com passos de acumulação, só o último microlote precisa alcançá-lo.</p>`
        + `<p><b>Um lote que se divide.</b> Um lote roda como <math>${mi('B')}${mo('=')}${mi('b')}${mo('·')}${mi('d')}${mo('·')}${mi('a')}</math> com números inteiros, então, em sequências, ele precisa ser múltiplo de <math>${mi('d')}</math>, e de <math>${mi('b')}${mo('·')}${mi('d')}</math> para um microlote dado. Com as GPUs informadas, as sequências recomendadas vão para o múltiplo mais próximo (ao menos um), e a página diz quanto se deslocaram: as 2.252 sequências do DeepSeek 7B (2² × 563) não se dividem por nenhum cluster de 64 GPUs; 2.240 se dividem, 0,53% a menos, e com um microlote de 4, 2.304, o lote com que o DeepSeek treinou.</p>`,
    },
    example: {
      title: 'Exemplo resolvido',
      html: '<p>O DeepSeek LLM 7B, como a Tabela 2 do artigo o descreve: 30 camadas, <i>d</i><sub>model</sub> = 4.096, contexto de 4.096 tokens e 2 trilhões de tokens de treinamento. Então <i>M</i> = 72 × 30 × 4.096² + 12 × 30 × 4.096 × 4.096 = 42.278.584.320 FLOPs por token, e <i>C</i> = <i>M</i> × 2 × 10<sup>12</sup> = 84.557.168.640.000.000.000.000 ≈ 8,46 × 10<sup>22</sup> FLOPs.</p>'
        + '<p>Os ajustes dão <i>B</i><sub>opt</sub> = 0,2920 × <i>C</i><sup>0,3271</sup> ≈ 9.222.608 tokens (9,22M) e <i>η</i><sub>opt</sub> = 0,3118 × <i>C</i><sup>−0,1250</sup> ≈ 4,25 × 10<sup>−4</sup>. O artigo escolheu 2.304 sequências de 4.096 tokens, 9.437.184 tokens (9,44M), e 4,2 × 10<sup>−4</sup>: a lei fica a 2,3% e 1,1% do que o DeepSeek usou. Em sequências inteiras, a recomendação é 9.222.608 ÷ 4.096 ≈ 2.251,6, ou seja, 2.252 sequências, 9.224.192 tokens. O 67B (95 camadas, largura 8.192) dá <i>M</i> = 497.276.682.240, cerca de 20,65M tokens e 3,12 × 10<sup>−4</sup>, ao lado das 4.608 sequências (18,87M tokens) e 3,2 × 10<sup>−4</sup> da Tabela 2.</p>'
        + '<p>Os dois treinos ficam muito além dos 2 × 10<sup>19</sup> FLOPs de onde vieram os ajustes, por isso a página os marca como extrapolados, que é o que o próprio DeepSeek fez ao aplicá-los. A Step Law, com <i>N</i> = 12 × 30 × 4.096² = 6.039.797.760, dá 0,58 × (2 × 10<sup>12</sup>)<sup>0,571</sup> ≈ 6,13M tokens e 1,14 × 10<sup>−3</sup>: também uma extrapolação, além do seu 1,07B de parâmetros e 100B de tokens.</p>',
    },
    limits: {
      title: 'Limites',
      html: '<p>São ajustes, cada um com a sua configuração: os dados do DeepSeek, AdamW e um agendamento em degraus; na Step Law, AdamW, um decaimento até uma taxa mínima fixa de 10<sup>−5</sup> (o <code>mlr</code> nos nomes dos treinos publicados) e as suas misturas de dados. Outro otimizador, tokenizador ou agendamento desloca o ótimo, e a faixa em volta dele é larga: perto dele, um lote duas vezes maior ou menor treina quase igual. Muito fora da faixa ajustada — e a maioria dos treinos de produção está — as leis são extrapolações, e as duas podem discordar por um fator de dois ou mais, como no exemplo; trate o par como uma faixa a testar com treinos curtos, não como uma verdade única. A escala de ruído do gradiente não é prevista aqui: precisa ser medida no seu treino, e cresce à medida que a perda cai, então o melhor lote cresce durante o treinamento. O piso supõe paralelismo de dados puro, um anel limitado pela largura de banda (sem latência) e que a passada para trás do último microlote possa esconder todo o all-reduce; paralelismo de tensor e de pipeline e ZeRO-3 mudam o tráfego. Ele também usa o mesmo <i>N</i> para a computação e para os gradientes: uma mistura de especialistas calcula com os parâmetros ativos mas reduz os gradientes de todos, então o seu piso é maior pela razão entre os dois. Outras leis (o lote crítico de Kaplan et al. 2020, Zhang et al. 2025, Power Lines) não estão incluídas: esta página mostra só fórmulas cujas unidades e faixa foram lidas nos artigos.</p>',
    },
  },
  faq: {
    title: 'Perguntas frequentes',
    items: [
      {
        question: 'Por que as duas leis discordam?',
        html: '<p>Foram ajustadas em modelos, dados, agendamentos e escalas diferentes, e dependem de coisas diferentes: o lote do DeepSeek cresce com o cômputo, então um modelo maior com os mesmos dados pede um lote maior; o da Step Law depende só dos dados. Dentro das faixas, as duas ficam perto dos ótimos medidos pelos autores; muito fora delas, a diferença entre as duas é uma boa medida da incerteza da resposta.</p>',
      },
      {
        question: 'O lote é em tokens ou em sequências?',
        html: '<p>As duas leis o dão em tokens. A página o arredonda para sequências inteiras do seu comprimento e mostra os dois; o link para o planejador o leva em tokens, e o planejador encontra o microlote, as réplicas de dados e os passos de acumulação que chegam a ele, ou o lote mais próximo possível.</p>',
      },
      {
        question: 'E se o piso do meu cluster ficar acima do lote recomendado?',
        html: '<p>Então, nesse lote, todo passo esperaria pelo seu all-reduce: as GPUs são muitas, ou a rede é lenta demais, para esse lote. Use menos GPUs para o mesmo lote, um lote maior (a faixa perto do ótimo é larga) ou uma interconexão mais rápida; a calculadora de escalonamento mostra a eficiência em cada tamanho.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Aviso',
    html: '<p>Estes são os ajustes publicados, calculados exatamente como os artigos os escrevem, não uma garantia para o seu treino. Confira a recomendação com alguns treinos curtos em volta dela antes de comprometer um orçamento grande.</p>',
  },
  // Each field's hint, under its label on the page (the embeds show none, so the run-time words carry none).
  fieldHints: {
    layers: 'Blocos do transformer, p. ex. 30 no DeepSeek LLM 7B, 32 no Llama 3.1 8B.',
    hiddenSize: 'O tamanho oculto, p. ex. 4096.',
    sequenceLength: 'Tokens por sequência; 4k ou 2^12 é 4.096. O lote é arredondado para sequências inteiras desse comprimento.',
    nonEmbeddingParameters: 'Para a taxa de aprendizado da Step Law: todos os parâmetros menos os embeddings e a cabeça de saída, p. ex. 6,5B. Em branco: 12·n_layer·d_model².',
    activeNonEmbeddingParameters: 'Só numa mistura de especialistas: os parâmetros sem embeddings que um token usa, p. ex. 12,6B no Mixtral 8x7B. O M do DeepSeek conta 6 × esses.',
    tokens: 'O orçamento do treino inteiro, p. ex. 2T ou 100B.',
    law: 'A lei cujo lote e taxa de aprendizado vão para o planejador. As duas aparecem abaixo de qualquer modo.',
    noiseScale: 'Do seu próprio treino (McCandlish et al. 2018, apêndice A), p. ex. 4M. Ela não é prevista aqui: sobe à medida que a perda cai.',
    gpus: 'Todas em paralelismo de dados. Com elas, o piso abaixo é calculado, e o lote vai para um que se divide entre elas.',
    microBatch: 'Sequências por GPU em cada microlote; com ele, o lote que se divide é múltiplo de b × as GPUs.',
    gpusPerNode: 'Até esse número de GPUs, o anel fica dentro de um nó.',
    device: 'Preenche o pico abaixo com a ficha técnica do fabricante.',
    peakTflops: 'Sem esparsidade (uma H100 SXM tem 989,5). Digite outro valor para sair da lista.',
    utilization: 'A fração do pico que o treino sustenta, p. ex. 41.',
    gradientPrecision: 'Como na página de memória: fp32 (4 bytes, a redução do Megatron-LM num treino em bf16) ou bf16 (2 bytes).',
    intraBandwidth: 'Largura de banda de barramento do all-reduce da NCCL num nó: 370 no NVLink da H100.',
    interBandwidth: 'O que o all_reduce_perf mede entre nós. Em branco: placas de rede por nó × taxa ÷ 8, no máximo o valor dentro do nó.',
    nicsPerNode: 'Não é lido enquanto a largura de banda entre nós estiver preenchida.',
    nicRate: '400 no InfiniBand NDR. Não é lido enquanto a largura de banda entre nós estiver preenchida.',
  },
};
