// The gradient-accumulation memory page's prose in Brazilian Portuguese.
// Values are trusted markup written here (MathML, <i>, <code>); grad-memory.en.mjs has the same keys.
import { mi, mn, mo } from './mathml.mjs';

export default {
  meta: {
    title: 'Calculadora de Memória de Acumulação de Gradiente (ativações, ZeRO, maior microlote)',
    description: 'Quanta memória uma GPU precisa para um microlote: ativações a partir da forma do modelo (Korthikanti et al. 2022), estados do modelo nos estágios 0 a 3 do ZeRO, o maior microlote que cabe e os passos de acumulação que chegam a um lote-alvo.',
    siteName: 'Calculadora de Tamanho Efetivo de Lote',
    shareTitle: 'Calculadora de Memória de Acumulação de Gradiente',
    shareDescription: 'Sem paralelismo de pipeline, a acumulação de gradiente aumenta o lote sem aumentar a memória de ativação. Veja quanto cada GPU guarda e o maior microlote que cabe.',
    ogLocale: 'pt_BR',
  },
  skipLink: 'Ir para a calculadora',
  languageSwitch: { label: 'English', navLabel: 'Idioma' },
  pageNav: { label: 'Nesta página', calculator: 'Calculadora', explanation: 'Como funciona', embed: 'Incorporar' },
  heading: 'Calculadora de Memória de Acumulação de Gradiente',
  lede: 'Descubra o lote efetivo alcançado com acumulação de gradiente e a memória que cada dispositivo precisa para ele: as ativações do microlote, a partir de um custo medido por amostra ou da forma do modelo, mais os parâmetros, gradientes e estados do otimizador com o ZeRO. A calculadora também encontra o maior microlote que cabe na sua GPU e os passos de acumulação que chegam a um lote-alvo com ele.',
  noscript: 'A calculadora precisa de JavaScript e WebAssembly para refazer as contas; os números acima são os do exemplo resolvido. A explicação, as fórmulas e o exemplo abaixo continuam aqui.',
  shareHint: 'O endereço desta página guarda os valores digitados: copie-o para compartilhar exatamente esta conta.',
  sections: {
    what: {
      title: 'Acumulação de gradiente e memória',
      html: '<p>A acumulação de gradiente executa várias passadas para frente e para trás, soma os gradientes e só então atualiza os pesos. O lote efetivo é o microlote vezes as réplicas de paralelismo de dados vezes os passos de acumulação, mas, sem paralelismo de pipeline, a memória de que um dispositivo precisa é definida só pelo microlote: as passadas rodam uma depois da outra, e cada uma libera suas ativações antes de a próxima começar. É esse o sentido da acumulação — um lote maior com a mesma memória — e esta calculadora põe números dos dois lados. Com paralelismo de pipeline, o primeiro estágio guarda vários microlotes em voo, até um por estágio, e aí a acumulação aumenta a memória de ativação até chegar ao número de estágios.</p>',
    },
    why: {
      title: 'Por que importa',
      html: '<p>Os erros de falta de memória vêm do microlote, não do lote global. Saber quanto uma amostra custa em ativações, e quanto os estados do modelo ocupam antes de qualquer amostra, diz qual é o maior microlote que uma GPU comporta; os passos de acumulação completam o resto do lote desejado. Acertar isso antes evita lançamentos por tentativa e erro em clusters caros, e mostra quando é a recomputação, o paralelismo de sequência ou um estágio maior do ZeRO que faz uma configuração caber.</p>',
    },
    formula: {
      title: 'As fórmulas',
      html: `<p>O lote efetivo é <math>${mi('B')}${mo('=')}${mi('b')}${mo('·')}${mi('d')}${mo('·')}${mi('a')}</math>. A memória de ativação por dispositivo é o microlote vezes o custo de uma amostra, <math>${mi('M')}<mi mathvariant="normal">at</mi>${mo('=')}${mi('b')}${mo('·')}${mi('m')}</math>, sem <math>${mi('a')}</math> nenhum.</p>`
        + `<p>A partir da forma do modelo — <math>${mi('s')}</math> tokens por sequência, dimensão oculta <math>${mi('h')}</math>, <math>${mi('n')}</math> cabeças de atenção, <math>${mi('L')}</math> camadas, paralelismo de tensor <math>${mi('t')}</math> —, Korthikanti et al. (2022), <i>Reducing Activation Recomputation in Large Transformer Models</i>, contam os bytes que cada camada guarda para a passada para trás, com ativações de 16 bits:</p>`
        + `<div class="formula"><math display="block">${mi('s')}${mi('b')}${mi('h')}<mrow>${mo('(')}${mn('10')}${mo('+')}<mfrac>${mn('24')}${mi('t')}</mfrac>${mo('+')}<mfrac><mrow>${mn('5')}${mi('n')}${mi('s')}</mrow><mrow>${mi('h')}${mi('t')}</mrow></mfrac>${mo(')')}</mrow></math><math display="block">${mi('s')}${mi('b')}${mi('h')}<mrow>${mo('(')}<mfrac>${mn('34')}${mi('t')}</mfrac>${mo('+')}<mfrac><mrow>${mn('5')}${mi('n')}${mi('s')}</mrow><mrow>${mi('h')}${mi('t')}</mrow></mfrac>${mo(')')}</mrow></math></div>`
        + `<p>A primeira é só o paralelismo de tensor (com <math>${mi('t')}${mo('=')}${mn('1')}</math> vira <math>${mi('s')}${mi('b')}${mi('h')}${mo('(')}${mn('34')}${mo('+')}${mn('5')}${mi('n')}${mi('s')}${mo('/')}${mi('h')}${mo(')')}</math>, sem paralelismo); a segunda acrescenta o paralelismo de sequência. A recomputação seletiva tira o termo da atenção, <math>${mn('5')}${mi('n')}${mi('s')}${mo('/')}${mo('(')}${mi('h')}${mi('t')}${mo(')')}</math>. A completa guarda só a entrada de cada camada, <math>${mn('2')}${mi('s')}${mi('b')}${mi('h')}</math>, ou <math>${mn('2')}${mi('s')}${mi('b')}${mi('h')}${mo('/')}${mi('t')}</math> com paralelismo de sequência, em que essa entrada já vem dividida entre as <math>${mi('t')}</math> GPUs; na passada para trás cada camada, uma de cada vez, é recalculada inteira, então as ativações completas de uma camada (a primeira fórmula, ou a segunda com paralelismo de sequência) somam-se uma vez aos pontos de verificação. O total é <math>${mi('L')}</math> vezes uma camada.</p>`
        + `<p>Com <math>${mi('p')}</math> estágios de pipeline e o escalonamento 1F1B, o primeiro estágio guarda <math>${mi('L')}${mo('/')}${mi('p')}</math> camadas para cada um dos <math>${mo('min')}${mo('(')}${mi('p')}${mo(',')}${mi('a')}${mo(')')}</math> microlotes em voo, como conta o <code>compute_activation_memory</code> do Megatron-LM (<code>megatron/training/theoretical_memory_usage.py</code>): o equivalente a <math>${mi('L')}${mo('·')}${mo('min')}${mo('(')}${mi('p')}${mo(',')}${mi('a')}${mo(')')}${mo('/')}${mi('p')}</math> camadas, todas as <math>${mi('L')}</math> quando <math>${mi('a')}${mo('≥')}${mi('p')}</math>. Os termos extras dele para os embeddings e a camada de saída ficam de fora, como ficam na Tabela 2.</p>`
        + `<p>Os estados do modelo, para Adam com precisão mista, ocupam <math>${mn('2')}${mo('+')}${mn('2')}${mo('+')}${mn('12')}${mo('=')}${mn('16')}</math> bytes por parâmetro (pesos e gradientes em 16 bits; cópia mestra dos pesos, momento e variância em fp32). O ZeRO (Rajbhandari et al., 2019) os divide entre as <math>${mi('d')}</math> réplicas:</p>`
        + `<div class="formula"><math display="block">${mn('16')}${mi('Ψ')}${mo(',')}<mspace width="1em"/>${mn('4')}${mi('Ψ')}${mo('+')}<mfrac><mrow>${mn('12')}${mi('Ψ')}</mrow>${mi('d')}</mfrac>${mo(',')}<mspace width="1em"/>${mn('2')}${mi('Ψ')}${mo('+')}<mfrac><mrow>${mn('14')}${mi('Ψ')}</mrow>${mi('d')}</mfrac>${mo(',')}<mspace width="1em"/><mfrac><mrow>${mn('16')}${mi('Ψ')}</mrow>${mi('d')}</mfrac></math></div>`
        + `<p>nos estágios 0, 1, 2 e 3, com <math>${mi('Ψ')}</math> os parâmetros que cada dispositivo guarda: o paralelismo de tensor os divide por <math>${mi('t')}</math> antes. A memória do dispositivo é a que o <code>nvidia-smi</code> informa, e uma parte reservada <math>${mi('R')}</math> é separada antes de tudo: o maior microlote que cabe é o que sobra depois da reserva e dos estados, dividido pelo custo de uma amostra, arredondado para baixo. Com pipeline, esse custo cresce com <math>${mi('a')}</math> até <math>${mi('p')}</math>, então os passos de acumulação para um alvo são os menos com que o maior microlote que cabe nesse <math>${mi('a')}</math> o alcança.</p>`,
    },
    example: {
      title: 'Exemplo resolvido',
      html: '<p>Considere um modelo de 7 bilhões de parâmetros com 32 camadas, dimensão oculta 4.096, 32 cabeças e sequências de 4.096 tokens, com recomputação seletiva e sem paralelismo de tensor, microlote de 1 em 64 réplicas com 8 passos de acumulação, ZeRO estágio 1 e GPUs de 80 GiB.</p>'
        + `<div class="formula"><math display="block">${mi('m')}${mo('=')}${mn('32')}${mo('×')}${mn('4.096')}${mo('×')}${mn('4.096')}${mo('×')}${mn('34')}${mo('=')}${mn('18.253.611.008')}</math><math display="block">${mn('2')}${mi('Ψ')}${mo('+')}${mn('2')}${mi('Ψ')}${mo('+')}<mfrac><mrow>${mn('12')}${mi('Ψ')}</mrow>${mn('64')}</mfrac>${mo('=')}${mn('29.312.500.000')}</math></div>`
        + '<p>Cada amostra custa cerca de 17 GiB de ativações e os estados do modelo ocupam cerca de 27,3 GiB, então, com a reserva de 1 GiB, uma GPU guarda cerca de 45,3 GiB com b = 1. Uma A100 80GB oferece exatamente 80 GiB (o <code>nvidia-smi</code> informa 81.920 MiB), o que deixa espaço para 3 amostras: 3 × 18.253.611.008 bytes cabem ao lado dos estados e da reserva, 4 não. O lote efetivo é 1 × 64 × 8 = 512 sequências; para chegar a 1.024 com b = 3, a acumulação precisa de ⌈1.024 ÷ (3 × 64)⌉ = 6 passos (1.152 sequências). Sem paralelismo de pipeline, aumentar os passos de acumulação nunca muda o número das ativações.</p>'
        + '<p>Com recomputação completa, uma amostra guarda 32 × 2 × 4.096 × 4.096 bytes de entradas de camada, mais uma camada recalculada inteira, 4.096 × 4.096 × (34 + 5 × 32 × 4.096 ÷ 4.096) = 3.254.779.904 bytes: 4.328.521.728 bytes ao todo. Cabem 12 amostras ao lado dos estados e da reserva, 13 sem nada reservado — não as 52 que só as entradas das camadas sugeririam.</p>'
        + '<p>Com paralelismo de pipeline, é o primeiro estágio que estoura. A forma do GPT-3 175B (96 camadas, h 12.288, 96 cabeças, 2.048 tokens) com t = 8, paralelismo de sequência e recomputação seletiva custa 34 × 2.048 × 12.288 ÷ 8 = 106.954.752 bytes por camada e amostra. Com p = 16 e a ≥ 16, o primeiro estágio guarda as suas 6 camadas para 16 microlotes: 96 × 106.954.752 = 10.267.656.192 bytes com b = 1, dezesseis vezes o que as suas 6 camadas ocupam para um microlote.</p>',
    },
    limits: {
      title: 'Limites',
      html: '<p>As fórmulas de ativação são as de Korthikanti et al. para uma camada de transformer padrão com ativações de 16 bits e dropout; ficam de fora os embeddings, a camada de saída e a perda, e kernels que guardam menos (o FlashAttention não armazena as pontuações da atenção, como faz a recomputação seletiva). O paralelismo de pipeline é contado como o Megatron-LM conta o seu primeiro estágio no 1F1B; o escalonamento intercalado guarda um pouco mais. Um custo medido por amostra, digitado, substitui as fórmulas: meça-o no dispositivo que importa, pipeline incluído.</p>'
        + '<p>Os estados do modelo contam Adam com precisão mista, 16 bytes por parâmetro; outros otimizadores, gradientes em fp32 ou estados de 8 bits mudam a conta. A memória do dispositivo está em GiB (2³⁰ bytes), como o <code>nvidia-smi</code> a informa em MiB: uma H100 80GB tem 81.559 MiB (79,6 GiB, <a href="https://github.com/NVIDIA/nccl/issues/1264">NVIDIA/nccl#1264</a>), uma H200 143.771 MiB (140,4 GiB, não 141), uma B200 183.359 MiB (179,1 GiB, não 192, <a href="https://github.com/NVIDIA/TensorRT-LLM/issues/10278">NVIDIA/TensorRT-LLM#10278</a>); os números da A100, L40S, L4, A10 e T4 são os listados em <a href="https://github.com/modal-labs/modal-client/pull/2797">modal-labs/modal-client#2797</a>.</p>'
        + '<p>A memória reservada, 1 GiB por padrão, representa o que as fórmulas não veem: o contexto CUDA, que ocupa algumas centenas de MiB assim que um processo toca a GPU, e os buffers da NCCL (NCCL_BUFFSIZE é 4 MiB por canal e par). É uma folga, não uma medição, e a fragmentação do alocador vem por cima; compare <code>torch.cuda.max_memory_reserved()</code> com o total do dispositivo numa execução curta e ajuste a sua. Uma reserva de 0 dá exatamente o que as fórmulas dão.</p>'
        + '<p>Todo número é uma quantidade exata de bytes, com frações de byte arredondadas para cima, calculada com inteiros de 64 bits; um resultado acima de 18.446.744.073.709.551.615 bytes é indicado como grande demais.</p>',
    },
  },
  faq: {
    title: 'Perguntas frequentes',
    items: [
      {
        question: 'A acumulação de gradiente aumenta a memória?',
        html: '<p>Sem paralelismo de pipeline, não a memória de ativação: cada passo de acumulação faz sua passada para frente e para trás e libera suas ativações antes de o próximo começar, então o pico é definido pelo microlote. Com paralelismo de pipeline, sim, até certo ponto: no 1F1B o primeiro estágio guarda min(p, a) microlotes em voo, então as ativações crescem com os passos de acumulação até a chegar ao número de estágios p, e depois param. O buffer em que os passos são somados faz parte dos estados do modelo, que existem com ou sem acumulação.</p>',
      },
      {
        question: 'O que cada estágio do ZeRO economiza?',
        html: '<p>O estágio 1 divide os estados do otimizador (12 bytes por parâmetro no Adam) entre as réplicas de paralelismo de dados, o estágio 2 também os gradientes e o estágio 3 também os próprios parâmetros, que então são reunidos camada por camada quando necessários. Os estágios 1 e 2 movem o mesmo volume que o paralelismo de dados comum: um reduce-scatter dos gradientes e um all-gather dos parâmetros, 2Ψ juntos, tanto quanto um all-reduce. Só o estágio 3 acrescenta tráfego, 1,5 vez o volume, para reunir os parâmetros nas passadas para frente e para trás (Rajbhandari et al., seção 7, “Communication Analysis of ZeRO-DP”).</p>',
      },
      {
        question: 'Recomputação seletiva ou completa?',
        html: '<p>A seletiva guarda a maior parte das ativações, mas recalcula os grandes tensores intermediários da atenção, que crescem com o quadrado do comprimento da sequência. Junto com o paralelismo de sequência, Korthikanti et al. relatam cerca de 5 vezes menos memória de ativação que o paralelismo de tensor sozinho sem recomputação, e mais de 90% menos custo de recomputação que a recomputação completa. Ainda assim ela guarda mais que a completa: na forma do GPT-3 com t = 8, 34/8 = 4,25 · s·b·h por camada contra 2 · s·b·h, cerca de 2,1 vezes mais (e 0,25 · s·b·h com paralelismo de sequência). A completa guarda só a entrada de cada camada e recalcula a camada inteira na passada para trás: o mínimo de memória, por cerca de uma passada para frente a mais de processamento.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Aviso',
    html: '<p>São estimativas a partir de fórmulas publicadas, exatas na aritmética que descrevem, mas não uma medição do seu treinamento. Frameworks, kernels e alocadores acrescentam seus próprios custos; confira o pico de memória de uma execução curta antes de lançar um job grande.</p>',
  },
  related: {
    title: 'Calculadoras relacionadas',
    cards: [
      {
        title: 'Calculadora de Tamanho Efetivo de Lote',
        text: 'Calcula o lote global e os tokens por passo do otimizador a partir do microlote, das réplicas de paralelismo de dados e dos passos de acumulação, e planeja um treinamento a partir dele.',
      },
      {
        title: 'Calculadora de Escalonamento com Paralelismo de Dados',
        text: 'Mostra como a vazão do treinamento cresce à medida que você acrescenta dispositivos com paralelismo de dados.',
      },
      {
        title: 'Calculadora de Cômputo, Tempo e Custo de Treinamento',
        text: 'Conta exatamente os parâmetros de um modelo a partir do seu config.json, e os seus FLOPs de treinamento (6ND e com atenção), dias num cluster, GPU-horas e custo.',
      },
    ],
  },
  embed: {
    title: 'Incorporar',
    intro: 'Coloque esta calculadora na documentação de treinamento da sua equipe — MkDocs, Docusaurus, Sphinx ou HTML puro. O código abaixo já traz os valores que estão na calculadora agora.',
    iframeTitle: 'Como iframe',
    iframeText: 'Funciona em qualquer página que aceite HTML, inclusive em sites com política de segurança rígida, desde que o site permita frames desta origem (<code>frame-src</code>). O módulo <code>embed.js</code> ajusta a altura do frame ao conteúdo.',
    copyIframe: 'Copiar código do iframe',
  },
  footer: 'As contas acontecem no seu navegador, num núcleo em C++ compilado para WebAssembly. Nenhum dado sai do seu computador.',
};
