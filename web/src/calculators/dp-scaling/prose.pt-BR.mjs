// The data-parallel scaling page's prose in Brazilian Portuguese. Values are
// trusted markup written here (MathML, <i>, <code>); prose.en.mjs has the same keys.
import { mi, mn, mo, sub } from '../../../pages/mathml.mjs';

export default {
  meta: {
    title: 'Calculadora de Escalonamento com Paralelismo de Dados (all-reduce em anel, vazão, eficiência)',
    description: 'Como a vazão do treinamento cresce quando se acrescentam GPUs com paralelismo de dados: o tempo do all-reduce em anel a partir do tamanho dos gradientes e da largura de banda de barramento da NCCL, o tempo do passo com sobreposição, os tokens por segundo e a eficiência de escalonamento, fraco e forte.',
    siteName: 'Calculadora de Tamanho Efetivo de Lote',
    shareTitle: 'Calculadora de Escalonamento com Paralelismo de Dados',
    shareDescription: 'Cada GPU a mais acrescenta um all-reduce a todo passo. Veja quanta vazão cada réplica realmente soma, e para onde vai a eficiência.',
    ogLocale: 'pt_BR',
  },
  // This page's name in the site navigation.
  navName: 'Escalonamento',
  // How the related cards of every other page describe this calculator.
  card: {
    title: 'Calculadora de Escalonamento com Paralelismo de Dados',
    text: 'Mostra como a vazão do treinamento cresce à medida que você acrescenta dispositivos com paralelismo de dados.',
  },
  heading: 'Calculadora de Escalonamento com Paralelismo de Dados',
  lede: 'Descubra como a vazão cresce à medida que você acrescenta réplicas com paralelismo de dados. Todo passo do otimizador termina com um all-reduce dos gradientes; a partir do tamanho do modelo, da largura de banda da rede e de quanto dessa comunicação se esconde atrás da passagem reversa, a calculadora dá o tempo do passo, os tokens por segundo e a eficiência de escalonamento em cada tamanho, no escalonamento fraco ou forte.',
  sections: {
    what: {
      title: 'O paralelismo de dados e o seu all-reduce',
      html: '<p>Com paralelismo de dados, cada réplica guarda o modelo inteiro e processa os próprios microlotes; antes do passo do otimizador, as réplicas tiram a média dos gradientes com um all-reduce, para que todas apliquem a mesma atualização. A computação de cada réplica não muda quando se acrescentam réplicas, mas o all-reduce não sai de graça: a cada passo, ele faz passar pelos enlaces de cada GPU cerca de duas vezes o tamanho dos gradientes, e entre nós esses enlaces são várias vezes mais lentos do que dentro de um nó. Por isso dobrar as GPUs raramente dobra a vazão.</p>',
    },
    why: {
      title: 'Por que isso importa',
      html: '<p>Um cluster se compra ou se aluga por hora de GPU, e a eficiência diz quanto de cada GPU acrescentada vira treinamento. Saber onde ela cai — na fronteira entre nós, quando a rede leva menos por GPU que os enlaces dentro de um nó, e aos poucos, à medida que o all-reduce cresce diante da computação — mostra se compensa mais acumulação de gradiente (menos all-reduces por amostra), gradientes em bf16, mais sobreposição ou uma rede mais rápida, e se uma execução em 512 GPUs termina mesmo antes do que em 256. Também separa duas perguntas diferentes: o escalonamento fraco (um lote global maior em mais GPUs) e o forte (o mesmo lote, mais rápido), que mudam a otimização de formas diferentes.</p>',
    },
    formula: {
      title: 'As fórmulas',
      html: `<p>Os gradientes a reduzir ocupam <math>${mi('S')}${mo('=')}${mi('Ψ')}${mo('·')}${mi('g')}</math> bytes (<math>${mi('Ψ')}</math> parâmetros, <math>${mi('g')}</math> bytes por elemento do gradiente). Um all-reduce em anel sobre <math>${mi('n')}</math> GPUs envia e recebe <math><mfrac><mrow>${mn('2')}${mo('(')}${mi('n')}${mo('−')}${mn('1')}${mo(')')}</mrow>${mi('n')}</mfrac>${mi('S')}</math> bytes por GPU; com largura de banda de barramento <math>${mi('β')}</math>, ele leva</p>`
        + `<div class="formula"><math display="block">${sub('t', 'AR')}${mo('=')}<mfrac><mrow>${mn('2')}${mo('(')}${mi('n')}${mo('−')}${mn('1')}${mo(')')}</mrow>${mi('n')}</mfrac><mo>·</mo><mfrac>${mi('S')}${mi('β')}</mfrac></math></div>`
        + '<p>É exatamente assim que os nccl-tests da NVIDIA definem a largura de banda de barramento (<code>doc/PERFORMANCE.md</code>: para o AllReduce, <i lang="en">busbw</i> = <i lang="en">algbw</i> × 2(n−1)/n); por isso, uma largura de banda medida com <code>all_reduce_perf</code> pode ser digitada tal como está. Até as GPUs de um nó, <math><mi>β</mi></math> é a largura de banda dentro do nó; além disso, a entre nós, como o <code>all_reduce_perf</code> a mede entre nós. Vazia, ela é o número de placas de rede do nó vezes a sua taxa, no máximo o valor dentro do nó: os anéis da NCCL cruzam os nós por todas as placas ao mesmo tempo, então 8 placas de 200 Gb/s levam cerca de 200 GB/s de largura de banda de barramento (a <a href="https://github.com/NVIDIA/nccl/issues/812" hreflang="en">NVIDIA/nccl#812</a> mediu 192 GB/s em nós assim), não os 25 GB/s de uma placa.</p>'
        + `<p>Com <math>${mi('C')}</math> a computação de um passo do otimizador numa réplica e <math>${mi('o')}</math> a parte do all-reduce sobreposta a ela, o passo leva <math>${mi('t')}${mo('=')}${mo('max')}${mo('(')}${sub('C', 'n')}${mo('+')}${mo('(')}${mn('1')}${mo('−')}${mi('o')}${mo(')')}${sub('t', 'AR')}${mo(',')}${sub('t', 'AR')}${mo(')')}</math>: a comunicação só se esconde atrás da computação (a passagem reversa, em que o DDP do PyTorch lança os all-reduces dos seus baldes: Li et al. 2020, <i lang="en">PyTorch Distributed</i>, seção 3.2.3), então um passo nunca termina antes do seu próprio all-reduce, seja qual for a sobreposição. No escalonamento fraco, <math>${sub('C', 'n')}${mo('=')}${mi('C')}</math> e o lote global é <math>${mi('b')}${mo('·')}${mi('a')}${mo('·')}${mi('n')}</math>; no forte, o lote fica em <math>${mi('b')}${mo('·')}${mi('a')}</math>, cada réplica processa <math>${mi('b')}${mo('·')}${mi('a')}${mo('/')}${mi('n')}</math> amostras por passo (que precisam ser inteiras), como <math>${mi('a')}${mo('/')}${mi('n')}</math> passos de acumulação quando <math>${mi('n')}</math> divide <math>${mi('a')}</math>, senão como o maior microlote até <math>${mi('b')}</math> que as divide, e <math>${sub('C', 'n')}${mo('=')}${mi('C')}${mo('/')}${mi('n')}</math>. A vazão é o lote global dividido por <math>${mi('t')}</math>, vezes <math>${mi('L')}</math> para tokens, e a eficiência contra o escalonamento linear perfeito é</p>`
        + `<div class="formula"><math display="block">${mi('η')}${mo('=')}<mfrac><mrow>${mi('τ')}${mo('(')}${mi('n')}${mo(')')}</mrow><mrow>${mi('n')}${mo('·')}${mi('τ')}${mo('(')}${mn('1')}${mo(')')}</mrow></mfrac>${mo('=')}<mfrac>${sub('C', 'n')}${mi('t')}</mfrac></math></div>`,
    },
    example: {
      title: 'Exemplo resolvido',
      html: '<p>Um modelo de 7 bilhões de parâmetros cujos gradientes são reduzidos em fp32 (o que o Megatron-LM faz num treino em bf16) tem 28.000.000.000 bytes a reduzir a cada passo. Uma H100 leva 4 s para um passo de 8 sequências acumuladas de 4.096 tokens (8.192 tokens/s); os nós têm 8 GPUs com NVLink a 370 GB/s e 8 placas InfiniBand NDR de 400 Gb/s, uma por GPU. Metade da comunicação se sobrepõe à passagem reversa. Entre nós, o anel roda nas 8 placas: 8 × 400 ÷ 8 = 400 GB/s, limitados aos 370 GB/s que o anel alcança dentro de um nó.</p>'
        + `<div class="formula"><math display="block">${sub('t', 'AR')}${mo('(')}${mn('8')}${mo(')')}${mo('=')}<mfrac><mrow>${mn('2')}${mo('·')}${mn('7')}</mrow>${mn('8')}</mfrac><mo>·</mo><mfrac>${mn('28')}${mn('370')}</mfrac>${mo('≈')}${mn('0,1324')}${mi('s')}<mspace width="1em"/>${sub('t', 'AR')}${mo('(')}${mn('64')}${mo(')')}${mo('=')}<mfrac><mrow>${mn('2')}${mo('·')}${mn('63')}</mrow>${mn('64')}</mfrac><mo>·</mo><mfrac>${mn('28')}${mn('370')}</mfrac>${mo('≈')}${mn('0,1490')}${mi('s')}</math></div>`
        + '<p>Dentro de um nó, o passo leva 4 + 0,5 × 0,1324 ≈ 4,066 s, eficiência de 98,4%. Com 64 GPUs (8 nós), leva 4 + 0,5 × 0,1490 ≈ 4,074 s: o lote global de 1 × 8 × 64 = 512 sequências roda a 514.703 tokens/s, eficiência de 98,2%, quase a mesma de um nó só, porque as placas juntas levam tanto quanto o anel do NVLink. Com 2 placas de 200 Gb/s por nó (50 GB/s), o all-reduce com 64 GPUs leva 2 × 63/64 × 28/50 = 1,1025 s, o passo 4,55125 s, e a eficiência fica em 87,9%; gradientes em bf16 reduzem à metade os bytes e o all-reduce (0,55125 s, 93,6%). No escalonamento forte, as mesmas 8 sequências podem ser repartidas por no máximo 8 réplicas: com 16 não há um número inteiro de amostras por réplica, e a calculadora diz isso em vez de arredondar; com b = 4 e a = 2 em 4 réplicas, cada uma processa 2 amostras como b = 2, a = 1.</p>',
    },
    limits: {
      title: 'Limites',
      html: '<p>O modelo é o termo de largura de banda de um all-reduce em anel: deixa de fora a latência (que pesa com gradientes pequenos e muitas GPUs), os algoritmos em árvore e NVLink SHARP da NCCL (que podem superar o anel), esquemas hierárquicos, a disputa com outros trabalhos e as réplicas atrasadas. As larguras de banda são tetos, não promessas: 370 GB/s é o que a NCCL alcança no NVLink da H100 com o algoritmo em anel, contra uma taxa de linha de 450 GB/s, como explica o mantenedor da NCCL na <a href="https://github.com/NVIDIA/nccl-tests/issues/212" hreflang="en">issue #212 dos nccl-tests</a>; 400 Gb/s é a taxa de linha de uma placa InfiniBand NDR, da qual a NCCL alcança cerca de 96% (192 de 200 GB/s na NVIDIA/nccl#812). Meça a sua com <code>all_reduce_perf</code> sempre que puder.</p>'
        + '<p>A sobreposição é tomada como dada, até o limite da computação: um passo nunca é mais curto que o seu all-reduce. Na prática, ela não esconde mais do que dura a passagem reversa do último microlote (o DDP pula o all-reduce nos outros passos de acumulação), e depende do tamanho dos baldes (<i lang="en">buckets</i>) e do framework. Só o paralelismo de dados é modelado; o estágio 3 do ZeRO acrescenta all-gathers dos parâmetros (cerca de 1,5 vez a comunicação), e o paralelismo de tensor ou de pipeline tem tráfego próprio. Os tempos são estimativas em precisão dupla; os tamanhos de lote e as contagens de bytes são exatos.</p>',
    },
  },
  faq: {
    title: 'Perguntas frequentes',
    items: [
      {
        question: 'O que é largura de banda de barramento?',
        html: '<p>É a medida dos nccl-tests que torna comparáveis as velocidades de all-reduce com números diferentes de GPUs: o tamanho dos dados dividido pelo tempo (a largura de banda do algoritmo), vezes 2(n−1)/n no caso do all-reduce. É a velocidade a que os enlaces de cada GPU realmente trabalham, comparável ao pico do hardware, e é o que esta calculadora recebe.</p>',
      },
      {
        question: 'Escalonamento fraco ou forte?',
        html: '<p>O fraco mantém fixo o trabalho de cada réplica; mais GPUs significam um lote global maior: a vazão cresce quase linearmente, mas a otimização muda com o lote (aí entram a calculadora de lote efetivo e as suas regras para a taxa de aprendizado). O forte mantém o lote global e o reparte por mais réplicas: a otimização não muda, mas a computação de cada réplica encolhe enquanto o all-reduce não, então a eficiência cai mais depressa, e ele para quando as réplicas já não dividem as b·a amostras de um passo.</p>',
      },
      {
        question: 'Como a acumulação de gradiente ajuda a escalar?',
        html: '<p>O all-reduce acontece uma vez por passo do otimizador, quantos microlotes tenham sido acumulados antes dele. Mais passos de acumulação significam mais computação para a mesma comunicação, e a eficiência sobe — ao preço de um lote global maior.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Aviso',
    html: '<p>Estas são estimativas de um modelo simples e publicado de comunicação, não uma medição do seu cluster. Execuções reais acrescentam latência, intervalos entre kernels, carregamento de dados e desequilíbrio; faça o perfil de uma execução curta no hardware real antes de planejar uma grande.</p>',
  },
  // Each field's hint, under its label on the page (the embeds show none, so the run-time words carry none).
  fieldHints: {
    parameters: 'Cada parâmetro tem um gradiente a reduzir (all-reduce); por exemplo, 7B ou 70B.',
    gradientPrecision: 'A precisão em que os gradientes são reduzidos, como na página de memória: fp32 (4 bytes cada) é o que o Megatron-LM faz num treino em bf16, salvo com --grad-reduce-in-bf16; bf16 são 2 bytes.',
    computeSeconds: 'Segundos de passagens direta e reversa para b·a sequências numa GPU, sem comunicação. Vazio, vem dos tokens/s abaixo.',
    tokensPerSecond: 'Medido numa GPU, sem comunicação: computação = b·a·L ÷ tokens/s. Só é usado quando o campo de computação está vazio.',
    gpusPerNode: 'Até esse número de réplicas, o anel fica dentro de um nó.',
    intraBandwidth: 'A largura de banda de barramento (bus bandwidth) do all-reduce da NCCL dentro de um nó, em 10⁹ bytes/s. 370: NVLink da H100 com o algoritmo em anel.',
    interBandwidth: 'O que o all_reduce_perf mede entre nós, usado como está. Vazio: placas de rede por nó × taxa da placa ÷ 8, no máximo o valor dentro do nó, porque os anéis da NCCL cruzam os nós por todas as placas ao mesmo tempo.',
    nicsPerNode: 'As placas que a NCCL usa entre nós: 8 num nó HGX H100, uma por GPU. Não é lida enquanto a banda entre nós for informada.',
    nicRate: 'Taxa de linha de cada placa em 10⁹ bits/s: 400 para InfiniBand NDR, 200 para HDR. Não é lida enquanto a banda entre nós for informada.',
    overlap: 'A parte do all-reduce escondida atrás da computação: 0 para nada, 100 para tudo. Um passo nunca dura menos que o seu all-reduce.',
    dataParallel: 'O n dos resultados; o gráfico vai de 1 a n.',
    mode: 'Fraco: cada réplica mantém b e a, e o lote cresce com n. Forte: o lote b·a fica fixo, e cada réplica processa b·a ÷ n amostras por passo: a ÷ n passos quando n divide a, senão um microlote menor.',
    microBatch: 'Sequências em cada passagem direta e reversa.',
    accumulationSteps: 'Escalonamento fraco: por réplica. Forte: com n = 1; as n réplicas os repartem.',
    sequenceLength: 'Tokens por sequência; 4k ou 2^12 é 4.096.',
  },
};
