// The effective-batch page's prose in Brazilian Portuguese. Values are trusted
// markup written here (MathML, <i>, <code>); prose.en.mjs has the same keys.
export default {
  meta: {
    title: 'Calculadora de Tamanho Efetivo de Lote (lote global e tokens por passo)',
    description: 'Calcule o tamanho efetivo (global) de lote no treinamento distribuído a partir do microlote por dispositivo, das réplicas com paralelismo de dados e dos passos de acumulação de gradiente, e veja quantos tokens o otimizador recebe por passo.',
    siteName: 'Calculadora de Tamanho Efetivo de Lote',
    shortName: 'Lote efetivo',
    shareTitle: 'Calculadora de Tamanho Efetivo de Lote',
    shareDescription: 'Quantas sequências e quantos tokens o seu otimizador realmente vê por passo? Lote global = microlote × réplicas de dados × passos de acumulação.',
    ogLocale: 'pt_BR',
  },
  plannerLink: 'Planejar o treinamento: cluster, batch-alvo, orçamento de tokens, taxa de aprendizado, aumento gradual ↓',
  // This page's name in the site navigation.
  navName: 'Lote efetivo e planejador',
  // How the related cards of every other page describe this calculator.
  card: {
    title: 'Calculadora de Tamanho Efetivo de Lote',
    text: 'Calcula o lote global e os tokens por passo do otimizador a partir do microlote, das réplicas de paralelismo de dados e dos passos de acumulação, e planeja um treinamento a partir dele.',
  },
  pageNav: { label: 'Nesta página', calculator: 'Calculadora', planner: 'Planejador', explanation: 'Como funciona', embed: 'Incorporar' },
  heading: 'Calculadora de Tamanho Efetivo de Lote',
  lede: 'Descubra o tamanho efetivo — ou global — de lote do seu treinamento distribuído a partir de três números: o microlote de cada dispositivo, quantos dispositivos trabalham com paralelismo de dados e quantos passos de acumulação de gradiente antecedem cada atualização. A calculadora também mostra quantos tokens o otimizador recebe por passo.',
  noscript: 'A calculadora precisa de JavaScript e WebAssembly para refazer as contas; os números acima são os do exemplo resolvido. A explicação, a fórmula e o exemplo abaixo continuam disponíveis.',
  sections: {
    what: {
      title: 'Tamanho efetivo de lote',
      html: '<p>O tamanho efetivo de lote é o número de exemplos de treinamento que entram numa única atualização do otimizador. Com um só dispositivo, ele coincide com o microlote. No treinamento distribuído, porém, o trabalho se espalha por muitos aceleradores e, com frequência, várias passagens são somadas antes de cada mudança nos pesos. Por isso o lote global que o otimizador realmente enxerga pode ser centenas de vezes maior do que aquilo que cabe num único chip. Esta calculadora reconstrói esse número global — e os tokens que ele representa — a partir dos três fatores que o produzem.</p>',
    },
    why: {
      title: 'Por que o lote global importa',
      html: '<p>Quase todos os cronogramas de taxa de aprendizado, as durações de aquecimento (<i lang="en">warmup</i>) e os resultados de convergência publicados se referem ao lote global, e não ao microlote de cada dispositivo. Uma equipe que passa de 8 para 64 dispositivos sem recalcular o lote efetivo muda a dinâmica da otimização sem perceber. Como os gradientes são combinados pela média, o passo não fica 8 vezes maior; o que muda é o resto: cada época passa a ter 8 vezes menos atualizações, o gradiente de cada uma fica menos ruidoso, e a taxa de aprendizado e o aquecimento ajustados para o lote antigo deixam de ser os certos. O treinamento pode então divergir ou estagnar. Saber o lote efetivo é, portanto, pré-requisito para ajustar a taxa de aprendizado, reproduzir uma receita publicada ou comparar duas execuções feitas em clusters de tamanhos diferentes.</p>',
    },
    formula: {
      title: 'A fórmula',
      html: '<p>São três fatores independentes, que se multiplicam. Sejam <math><mi>b</mi></math> o microlote por dispositivo, <math><mi>d</mi></math> o número de réplicas com paralelismo de dados e <math><mi>a</mi></math> o número de passos de acumulação de gradiente. Com sequências de comprimento <math><mi>L</mi></math>, o lote efetivo <math><mi>B</mi></math> e os tokens por passo do otimizador <math><mi>T</mi></math> são:</p>'
        + '<div class="formula"><math display="block"><mi>B</mi><mo>=</mo><mi>b</mi><mo>·</mo><mi>d</mi><mo>·</mo><mi>a</mi></math><math display="block"><mi>T</mi><mo>=</mo><mi>B</mi><mo>·</mo><mi>L</mi></math></div>'
        + '<p>Cada réplica com paralelismo de dados processa o próprio microlote, e os gradientes de todas são combinados pela média; assim, as réplicas multiplicam o lote. A acumulação soma passagens sucessivas antes de cada atualização e o multiplica outra vez. Já a contagem de tokens é simplesmente o número de sequências vezes o comprimento de cada uma.</p>',
    },
    example: {
      title: 'Exemplo resolvido',
      html: '<p>Considere um microlote de 8 sequências em cada um de 64 dispositivos, com 4 passos de acumulação e contexto de 4.096 tokens:</p>'
        + '<div class="formula"><math display="block"><mi>B</mi><mo>=</mo><mn>8</mn><mo>×</mo><mn>64</mn><mo>×</mo><mn>4</mn><mo>=</mo><mn>2.048</mn></math><math display="block"><mi>T</mi><mo>=</mo><mn>2.048</mn><mo>×</mo><mn>4.096</mn><mo>=</mo><mn>8.388.608</mn></math></div>'
        + '<p>A cada atualização, o otimizador recebe 2.048 sequências — cerca de 8,4 milhões de tokens —, embora nenhum dispositivo guarde mais de 8 sequências ao mesmo tempo. Dobrar os passos de acumulação para 8 levaria o lote efetivo a 4.096 sem mudar em nada a memória de cada dispositivo; o preço é fazer o dobro de passagens entre uma atualização e a seguinte.</p>',
    },
    limits: {
      title: 'Limites',
      html: '<p>O modelo considera a replicação com paralelismo de dados e a acumulação de gradiente, os dois fatores que mudam o lote global. Ele deixa de fora, de propósito, o paralelismo de tensor, de pipeline e de sequência: essas técnicas repartem um único modelo ou uma única sequência entre dispositivos para caber na memória, mas não aumentam o lote global. Por isso <math><mi>d</mi></math> conta réplicas, e não dispositivos: com paralelismo de tensor (TP), de pipeline (PP) e de contexto (CP), <math><mi>d</mi></math> = dispositivos ÷ (TP·PP·CP).</p>'
        + '<p>O total de tokens também pressupõe um comprimento de sequência fixo; lotes de comprimento variável ou com sequências empacotadas (<i lang="en">packing</i>) exigem uma contagem de tokens própria. O lado da memória na escolha do microlote é tratado na Calculadora de Memória de Acumulação de Gradiente, e o modo como a vazão cresce à medida que se acrescentam dispositivos, na Calculadora de Escalonamento com Paralelismo de Dados.</p>'
        + '<p>Cada entrada aceita inteiros de 1 a 4.294.967.295 (2³² − 1), com ou sem separador de milhares: ponto (4.096) ou espaço (4 096). Os resultados são calculados com inteiros exatos de 64 bits: quando um produto passa de 18.446.744.073.709.551.615 (2⁶⁴ − 1), a calculadora avisa que o valor é grande demais para representar, em vez de arredondá-lo.</p>',
    },
  },
  faq: {
    title: 'Perguntas frequentes',
    items: [
      {
        question: 'O que é o tamanho efetivo de lote?',
        html: '<p>É o número de exemplos de treinamento que contribuem para uma única atualização do otimizador — também chamado de lote global. No treinamento distribuído, ele é o microlote por dispositivo multiplicado pelo número de réplicas com paralelismo de dados e pelos passos de acumulação de gradiente, porque todas essas passagens são somadas antes de os pesos mudarem uma vez.</p>'
          + '<p>É esse número, e não o microlote menor que cabe num dispositivo, que importa para escalar a taxa de aprendizado e para reproduzir resultados.</p>',
      },
      {
        question: 'Por que usar acumulação de gradiente?',
        html: '<p>A acumulação de gradiente executa várias passagens direta e reversa e soma os gradientes antes de aplicar um passo do otimizador. Assim, o lote efetivo cresce sem que seja preciso manter mais ativações na memória ao mesmo tempo. Uma configuração limitada por memória consegue reproduzir o comportamento de lote grande de um cluster maior, pagando com mais tempo de relógio por atualização.</p>'
          + '<p>A troca é vazão por memória: cada passo de acumulação é computação de verdade, mas há uma só atualização do otimizador e uma só rodada de comunicação por ciclo.</p>',
      },
      {
        question: 'Qual é a diferença entre tamanho de lote e tokens por passo?',
        html: '<p>O tamanho de lote conta sequências; os tokens por passo contam os tokens individuais dentro delas, ou seja, o lote multiplicado pelo comprimento da sequência. O planejamento de orçamento de tokens e muitos cronogramas de taxa de aprendizado publicados são expressos por token, por isso esse costuma ser o número mais fácil de transferir entre configurações.</p>'
          + '<p>Duas execuções com o mesmo número de sequências, mas comprimentos de sequência diferentes, processam quantidades diferentes de tokens por passo — e é por isso que a calculadora mostra os dois números.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Aviso legal',
    html: '<p>Esta calculadora trata apenas da replicação com paralelismo de dados e da acumulação de gradiente. Ela não modela o paralelismo de tensor, de pipeline ou de sequência, que mudam a forma como um lote global é dividido entre os dispositivos, mas não o tamanho desse lote. Confira se o seu framework conta microlotes e passos de acumulação da mesma maneira.</p>',
  },
  embed: {
    title: 'Incorporar',
    intro: 'Leve a calculadora para a documentação de treinamento da sua equipe — MkDocs, Docusaurus, Sphinx ou HTML simples. Os trechos abaixo já trazem os valores que estão na calculadora agora.',
    iframeTitle: 'Por iframe',
    iframeText: 'Funciona em qualquer página que aceite HTML, inclusive em sites com política de segurança rígida: basta que o site permita frames desta origem (<code>frame-src</code>). O módulo <code>embed.js</code> ajusta a altura do frame ao conteúdo.',
    copyIframe: 'Copiar código do iframe',
    elementTitle: 'Como elemento HTML',
    elementText: 'O elemento <code>&lt;effective-batch-calculator&gt;</code> entra no fluxo da página, acompanha a largura do texto e dispara o evento <code>effective-batch-change</code> a cada novo resultado. O atributo <code>lang</code> escolhe o idioma (<code>pt-BR</code> ou <code>en</code>). A política de segurança do site precisa permitir scripts, estilos e conexões desta origem, além de <code>\'wasm-unsafe-eval\'</code>.',
    copyElement: 'Copiar código do elemento',
  },
  // Each field's hint, under its label on the page (the embeds show none, so the run-time words carry none).
  fieldHints: {
    microBatch: 'Sequências que cada dispositivo processa numa passagem.',
    dataParallel: 'Réplicas do modelo: d = dispositivos ÷ (TP·PP·CP). Os paralelismos de tensor, de pipeline e de contexto repartem cada réplica e não aumentam o lote.',
    accumulationSteps: 'Passagens somadas antes de cada atualização do otimizador.',
    sequenceLength: 'Tokens em cada sequência (o contexto de treinamento). Como se escrevem os contextos, 4k, 32K e 128k são 4.096, 32.768 e 131.072; 2^12 também serve.',
  },
};
