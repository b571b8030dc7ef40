// O texto da página de configuração paralela em português. Os valores são
// marcação confiável escrita aqui (MathML, <i>, <code>); prose.en.mjs tem as mesmas chaves.
import { mi, mn, mo, sub } from '../../../pages/mathml.mjs';

export default {
  meta: {
    title: 'Calculadora de Configuração Paralela (TP, PP, CP, ZeRO, recomputação: o layout mais rápido que cabe)',
    description: 'Quais paralelismos de tensor, pipeline, contexto e dados, qual estágio do ZeRO, qual recomputação e qual microlote treinam um modelo mais rápido nas suas GPUs? Todo layout que os frameworks aceitam é buscado, conferido contra a memória da GPU e ordenado por um tempo de passo previsto, com o destino de cada segundo.',
    siteName: 'Calculadora de Tamanho de Lote Efetivo',
    shareTitle: 'Calculadora de Configuração Paralela',
    shareDescription: 'TP ou PP? Qual microlote, qual estágio do ZeRO, recomputar ou não? O layout mais rápido que cabe, escolhido no seu navegador.',
    ogLocale: 'pt_BR',
  },
  navName: 'Configuração',
  // How the related cards of every other page describe this calculator.
  card: {
    title: 'Calculadora de Configuração Paralela',
    text: 'Busca todo layout de paralelismo de tensor, pipeline, contexto e dados, estágio do ZeRO, recomputação e microlote que cabe nas suas GPUs, e os ordena por um tempo de passo previsto, calibrado em treinos publicados.',
  },
  heading: 'Calculadora de Configuração Paralela',
  lede: 'Informe o modelo, as GPUs e o lote; a calculadora experimenta todo layout que o Megatron-LM e o DeepSpeed aceitam (paralelismo de tensor, de pipeline e de contexto, especialistas, paralelismo de dados, estágio do ZeRO, recomputação, paralelismo de sequência, microlote e acumulação), fica com os que atingem o seu lote exatamente e cabem na memória da GPU, e os ordena por um tempo de passo previsto. Fixe qualquer ajuste para mantê-lo; deixe-o vazio para que seja escolhido.',
  noscript: 'A calculadora precisa de JavaScript e WebAssembly para buscar os layouts; os números acima são os do exemplo resolvido. A explicação, o modelo e o exemplo abaixo continuam aqui.',
  shareHint: 'O endereço desta página guarda os valores digitados: copie-o para compartilhar exatamente esta busca.',
  sections: {
    what: {
      title: 'Escolher um layout',
      html: '<p>Um modelo grande é treinado em muitas GPUs dividindo-o de vários jeitos ao mesmo tempo: o paralelismo de tensor <i>t</i> divide as matrizes de cada camada dentro de um nó, o de pipeline <i>p</i> dá a cada grupo de GPUs uma sequência de camadas (em <i>v</i> pedaços quando intercalado), o de contexto <i>c</i> divide a sequência, o de especialistas <i>e</i> espalha uma mistura de especialistas, e as <i>d</i> = GPUs ÷ (<i>t</i>·<i>p</i>·<i>c</i>) réplicas de dados processam <i>b</i> sequências <i>a</i> vezes por passo, de modo que o lote é <i>B</i> = <i>b</i>·<i>d</i>·<i>a</i>. O ZeRO fragmenta entre as réplicas os estados do otimizador (estágio 1), os gradientes (2) e os parâmetros (3), e a recomputação troca cômputo por memória de ativações. Cada escolha muda a memória e o tempo; o layout mais rápido é o que cabe e desperdiça menos.</p>',
    },
    why: {
      title: 'Por que importa',
      html: '<p>O mesmo modelo nas mesmas GPUs pode rodar duas vezes mais rápido num layout que noutro (Narayanan et al. 2021 mediram até 2× entre combinações de paralelismo de tensor e de pipeline). Testar layouts no cluster custa horas de GPU e dias; testá-los à mão no papel são dezenas de combinações, cada uma com a sua memória e a sua comunicação. Esta página faz essa busca de uma vez, com as regras dos próprios frameworks e a conta da página de memória, e diz para onde vai cada segundo do passo.</p>',
    },
    formula: {
      title: 'Como o passo é previsto',
      html: `<p>O passo é a soma de partes com nome, cada uma mostrada para o layout escolhido. Por microlote, na GPU mais carregada (o último estágio do pipeline, que também roda a camada de saída), cada uma das suas <math>${mi('L')}${mo('/')}${mi('p')}</math> camadas custa o que diz a lista abaixo, e o passo é <math>${mi('a')}</math> microlotes de <math>${sub('t', 'μ')}</math> mais a bolha, a redução exposta do paralelismo de dados, as coletas expostas do ZeRO-3 e o otimizador:</p>`
        + `<div class="formula"><math display="block">${sub('t', 'passo')}${mo('=')}${mo('(')}${mi('a')}${mo('+')}<mfrac><mrow>${mi('p')}${mo('−')}${mn('1')}</mrow>${mi('v')}</mfrac>${mo(')')}${mo('·')}${sub('t', 'μ')}${mo('+')}${sub('t', 'DP')}${mo('+')}${sub('t', 'Z3')}${mo('+')}${sub('t', 'espera')}${mo('+')}${sub('t', 'opt')}<mspace width="1em"/>${mi('η')}${mo('=')}${mn('0,72')}${mo('·')}<mfrac>${mi('W')}<mrow>${mi('W')}${mo('+')}${sub('W', '0')}</mrow></mfrac></math></div>`
        + '<ul>'
        + `<li><b>Cômputo</b>: os produtos de matrizes da camada, para a frente <math>${mn('2')}${mi('b')}${mi('s')}</math> FLOPs por peso, os <math>${mn('4')}${mi('b')}<msup>${mi('s')}${mn('2')}</msup>${mi('n')}${sub('d', 'h')}</math> da atenção (metade com um kernel FlashAttention causal), a passagem reversa o dobro da direta, a recomputação completa mais uma passagem direta e a seletiva a da atenção, divididos por <math>${mi('t')}</math> e <math>${mi('c')}</math>, ao pico denso vezes uma fração alcançada <math>${mi('η')}${mo('=')}${mn('0,72')}${mo('·')}${mi('W')}${mo('/')}${mo('(')}${mi('W')}${mo('+')}${sub('W', '0')}${mo(')')}</math>, em que <math>${mi('W')}</math> são os FLOPs de uma projeção de entrada da MLP numa GPU e <math>${sub('W', '0')}</math> vale 1,3·10¹⁰ FLOPs numa A100, escalado com o pico: GEMMs pequenas rodam longe do pico;</li>`
        + '<li><b>Kernels limitados pela memória</b>: as normalizações, as somas residuais, a função de ativação e (só com atenção eager) o softmax dos escores leem e escrevem os seus tensores a 70% da banda de memória; em FP8, também as conversões das entradas e dos gradientes de saída de cada camada linear, e dos pesos uma vez por passo, como o Transformer Engine as executa (no torchtitan, as conversões do torchao, os pesos de novo a cada microlote);</li>'
        + `<li><b>Paralelismo de tensor</b>: quatro coletivas em anel de <math>${mi('b')}${mi('s')}${mi('h')}</math> elementos de 16 bits por camada (seis com recomputação completa), cada uma <math>${mn('2')}${mo('(')}${mi('t')}${mo('−')}${mn('1')}${mo(')')}${mo('/')}${mi('t')}</math> dos seus bytes à banda de barramento do enlace; <b>paralelismo de contexto</b>: as chaves e os valores em anel, mostrados só onde duram mais que a atenção que alimentam; <b>paralelismo de especialistas</b>: dois all-to-alls na ida e dois na volta, como o campo do despachante os envia, e as exportações o escrevem: o all-to-all da NCCL (o <code>alltoall</code> do Megatron-LM) uma cópia de cada token para cada um dos seus <i>k</i> especialistas, o DeepEP e o HybridEP (o despachante <code>flex</code>) um token uma vez a cada outro nó que guarda um dos seus especialistas, repassado lá pelo NVLink; o que vai a outro nó sai pela NIC de cada GPU, já que todas as GPUs do nó enviam ao mesmo tempo;</li>`
        + `<li><b>Pipeline</b>: a ativação para o estágio seguinte e o seu gradiente de volta, <math>${mi('v')}</math> vezes quando intercalado; a bolha é o tempo de <math>${mo('(')}${mi('p')}${mo('−')}${mn('1')}${mo(')')}${mo('/')}${mi('v')}</math> microlotes.</li>`
        + '</ul>'
        + `<p>Depois, o trabalho do paralelismo de dados: a redução dos gradientes do estágio entre as réplicas uma vez por passo, da qual só aparece o que dura mais que a passagem reversa do último microlote (o ZeRO-1 ainda coleta os parâmetros atualizados depois do passo); com ZeRO-2, um reduce-scatter dos gradientes de cada microlote (o SHARD_GRAD_OP do FSDP também coleta os parâmetros antes de cada forward), e as coletas do ZeRO-3, cada um escondido atrás do cômputo de cada microlote enquanto ele durar; a espera pela GPU mais lenta, pois cada coletiva do paralelismo de dados só termina quando a última das suas <i>d</i>·<i>c</i> GPUs chega: 6,3% das passagens que ela delimita vezes o maior valor esperado de <i>d</i>·<i>c</i> sorteios normais (todas as passagens com ZeRO-3 e SHARD_GRAD_OP, cada backward com os outros ZeRO-2, o backward do último microlote nos outros casos); e o otimizador, 30 bytes lidos e escritos por parâmetro guardado. Os tokens por segundo por GPU são <math>${mi('B')}${mi('s')}${mo('/')}${mo('(')}${sub('t', 'passo')}${mo('·')}${mi('N')}${mo(')')}</math>; a MFU conta os FLOPs do modelo como a página de cômputo, <math>${mn('6')}${mi('M')}${mo('+')}${mn('6')}${mi('s')}${mi('L')}${mi('n')}${sub('d', 'h')}</math> por token, sobre o pico denso das GPUs.</p>`
        + '<p>Um layout é considerado quando os frameworks o aceitam: <i>t</i> divide as cabeças, as cabeças de chave e valor e a FFN; <i>p</i> divide as camadas e <i>v</i> as camadas de um estágio (o <code>arguments.py</code> do Megatron-LM em d98e8a6); 2<i>c</i> divide a sequência; <i>e</i> divide os especialistas; o paralelismo de sequência pede <i>t</i> &gt; 1; os ZeRO-2 e -3 rodam sem pipeline (o motor de pipeline do DeepSpeed os recusa), exceto com o FSDP2 do torchtitan; e o framework escolhido o roda: o DeepSpeed não tem agendamento intercalado nem atenção em anel, o torchtitan não tem ZeRO-1 nem -2, espalha os seus especialistas só pelos ranks fragmentados do FSDP2 sem TP e só faz mais de dois estágios virtuais quando algum número de camadas por estágio dá exatamente <i>p</i>·<i>v</i> deles, o PyTorch FSDP só paralelismo de dados; e <i>b</i>·<i>d</i>·<i>a</i> é exatamente o lote. Ele cabe quando a conta da página de memória (estados do modelo, o módulo coletado pelo ZeRO-3, as ativações do primeiro estágio, × 1 + (p−1)/(p·v) quando intercalado, como o Megatron-LM conta; em FP8 com o Megatron-LM, as entradas das GEMMs em um byte, como o Transformer Engine as guarda) fica abaixo da memória do dispositivo menos a reserva.</p>',
    },
    example: {
      title: 'Exemplo resolvido',
      html: '<p>Llama 3.1 8B (32 camadas, h = 4.096, 32 cabeças com 8 de chave e valor, uma MLP SwiGLU de 14.336) em 2 nós de 8 H100 SXM, sequências de 8.192 tokens e 4.194.304 tokens por passo, ou seja, 512 sequências, por 100 bilhões de tokens. Com o Megatron-LM, o framework padrão, 9.546 layouts alcançam este lote e 4.137 deles cabem em 79,65 GiB menos 1 GiB reservado. O mais rápido divide cada sequência entre duas GPUs: <i>t</i> = <i>p</i> = 1, <i>c</i> = 2 (paralelismo de contexto), <i>d</i> = 8, ZeRO-1 (o otimizador distribuído do Megatron-LM), sem recomputação, <i>b</i> = 1 e <i>a</i> = 64, com 70,5 GiB na GPU mais cheia; <i>c</i> = 4 com <i>b</i> = 2, ou <i>c</i> = 8 com <i>b</i> = 4, dão a cada GPU os mesmos tokens e o mesmo tempo. Com sequências inteiras em cada GPU o ZeRO-1 não cabe, e o ZeRO-2 (Megatron-FSDP) cabe, mas faz o reduce-scatter dos gradientes de cada microlote e assim espera pela mais lenta das 16 GPUs em todos os 32 backwards: 25,51 s, dos quais 1,75 s de espera. O passo previsto do mais rápido é de 24,53 s: 22,26 s de GEMMs a 61% do pico, 2,23 s de kernels limitados pela memória, 0,03 s de espera pela mais lenta das 16 GPUs enquanto os gradientes do último microlote são reduzidos, e 0,01 s do otimizador; as chaves e valores trocados entre as duas GPUs de uma sequência, e o tráfego do paralelismo de dados, se escondem atrás do cálculo. São 10.687 tokens/s por GPU, uma MFU de 55,6%, e 6,77 dias para os 100 bilhões de tokens. O torchtitan não tem ZeRO-2: com ele a mesma pergunta leva ao ZeRO-3 (FSDP2) sobre as 16 GPUs, <i>b</i> = 1 e <i>a</i> = 32, a 24,73 s por passo, dos quais 2,47 s são a coleta de cada camada à espera da GPU mais lenta; só os seus kernels foram ajustados um pouco mais rápidos que os do Megatron-LM nas suas próprias execuções publicadas.</p>',
    },
    limits: {
      title: 'Limites, e o quanto erra',
      html: '<p>Isto é uma previsão, não uma medição. As suas constantes foram ajustadas nos 18 treinos publicados em A100 da tabela abaixo; cada um é previsto dentro de 10%, o pior a +9,99% e −5,9%. Outros seis treinos de Narayanan et al. 2021 (Tabela 2, paralelismo PTD em 384 a 2.240 GPUs), fora do ajuste, são previstos dentro de 7,0%. Em outra GPU, o teto dos seus produtos de matrizes é escalado pela fração do pico que um matmul alcançou medido (mamf-finder: 794,5 de 989,5 TFLOPS numa H100 SXM, 271,2 de 312 numa A100), e o FP8 acelera só as camadas lineares, como o Transformer Engine o executa, somando as passagens limitadas pela memória que convertem para FP8 as suas entradas, gradientes e pesos (cerca de 58 bytes por token, por unidade de h e por camada, com t = 1 sem paralelismo de sequência, pelos kernels do Transformer Engine 1.8; no torchtitan, cujo Float8Linear do torchao não guarda cópia FP8 dos pesos e converte cada tensor nos dois eixos, cerca de 132 pelo modelo do próprio torchao das suas conversões compiladas, e os pesos convertidos de novo a cada microlote). Trinta e dois treinos publicados em H100 que não fixaram nenhuma das suas constantes (do NeMo, do Megatron-Bridge, do dgxc-benchmarking da NVIDIA, do Megatron-MoE-ModelZoo e do README e das receitas de MoE do Megatron-LM), na segunda tabela abaixo, são previstos com erro mediano de 8,7%, 29 deles dentro de 20%, os piores a −43,1% (Qwen3 30B-A3B, uma mistura de especialistas, como o Megatron-Bridge 25.11 o treinou; o mesmo layout na sua tabela 25.09 rodou duas vezes mais rápido e é previsto a +13,2%), +24,6% (Qwen3 235B-A22B no 26.04.01, cujo all-to-all rodou sob o cálculo de outro microlote, o que não é contado) e +22,3% (o mesmo Qwen3 30B-A3B na receita de MoE do próprio Megatron-LM, de 2026, que o treinou cerca de duas vezes mais rápido por sequência, de modo que nenhuma taxa serve às duas): em modelos pequenos ele é otimista, e numa mistura de especialistas, cuja eficiência dos GEMMs ele lê da parte dos tokens de um especialista vezes os especialistas cujos GEMMs rodam ao mesmo tempo (quatro no Megatron-LM, que executa as camadas agrupadas do Transformer Engine em quatro streams), pode errar muito para qualquer lado. As cópias dos tokens para a ordem dos especialistas e de volta, em torno desses GEMMs, são contadas como o despachante de cada framework as faz (quatro com o all-to-all da NCCL e vários especialistas por GPU, duas com DeepEP e HybridEP), e com recomputação completa os all-to-alls rodam de novo com o forward. O relatório do próprio Llama 3 405B (MFU de 43% e 41% em 8.192 e 16.384 H100) não está na tabela, pois o seu intercalamento não foi publicado; com quatro estágios virtuais o modelo dá 43,4% e 38,1%. Uma família em que ele erra muito: os treinos com ZeRO-3 sem paralelismo de modelo da Tabela 2 de Narayanan et al. 2021 (DeepSpeed, 175B e 530B em 384 a 2.240 A100) levaram de 1,4 a 4,6 vezes o passo previsto aqui, com as coletas de parâmetros muito abaixo do que as NICs transportam; então, quando o layout mais rápido usa ZeRO-3 entre nós, compare-o com o melhor layout sem ZeRO-3 na tabela dos dez mais rápidos, e meça os dois. As coletivas do paralelismo de dados pagam a latência do anel da NCCL e alcançam 95% da taxa nominal das NICs, e um grupo com uma GPU por nó usa só a NIC dessa GPU, menos à medida que o anel atravessa mais nós (reduce-scatter em H100 medido de 360 GB/s em 4 nós a 260 em 128). Uma coletiva entre as GPUs do paralelismo de dados só termina quando a mais lenta delas chega: o passo cresce 6,3% das passagens que ela sincroniza por cada desvio que a mais lenta de d GPUs deve atrasar (o máximo esperado de d sorteios normais, pela aproximação de Blom: 1,43 para 8 GPUs, 2,58 para 128), em todas as passagens com ZeRO-3 e com o SHARD_GRAD_OP do FSDP, e no backward do último microlote nos outros casos; os 6,3% foram ajustados nos 28 pares de execuções do LLM Foundry em A100 com o mesmo trabalho por GPU de 16 a 128 GPUs, cujos passos crescem com as GPUs. Com isso, os produtos de matrizes do torchtitan foram ajustados a 1,067 vez a taxa do Megatron-LM e os do PyTorch FSDP a 1,056 (a taxa ajustada do Megatron-LM já traz as suas próprias esperas), e a atenção deles, os kernels do FlashAttention-2, a 38,6% da melhor taxa medida desse kernel, só nas suas próprias execuções publicadas em A100 (as 8 do docs/performance.md do torchtitan, as 139 do LLM Foundry). Em H100, em execuções que não fixam nada aqui: as 64 execuções BF16 FULL_SHARD do LLM Foundry são previstas com uma mediana de 1,2% lenta demais (56 de 64 dentro de 20%), as suas 7 em FP8 (as camadas lineares do Transformer Engine, 8 GPUs) 4,1% lentas demais (as 7 dentro de 20%), as suas 6 SHARD_GRAD_OP 3,5% rápidas demais, e as 3 do torchtitan, em H100 com potência limitada, 10,8% rápidas demais, enquanto o seu FP8, contado como conversões compiladas e todo o resto eager, é previsto +8,3% a +25,8% lento demais nas suas quatro execuções Float8 publicadas (Llama 3.1 8B em 8 e 128 GPUs, 70B em 256, 405B em 128), que rodaram compiladas e não estão em nenhuma tabela aqui, então um passo FP8 do torchtitan tende a ser mais curto que o mostrado; a tabela dos tipos de previsão abaixo dá os números de cada família, e cada previsão desta página traz os seus. O passo cresce com as GPUs de dados menos do que cresceu nessas execuções: os passos do LLM Foundry em H100 com o mesmo trabalho por GPU foram +2,6% a +10,8% mais longos em 512 GPUs do que em 128 (quanto menor o modelo, mais), onde o modelo soma +2,4% a +3,1%, então em centenas de GPUs o passo de um modelo pequeno tende a ser mais longo que o mostrado. O DeepSpeed não publicou tokens/s em que medi-lo e é tomado à taxa do Megatron-LM. A comunicação do paralelismo de tensor sobreposta às suas GEMMs (o campo do treino; dez desses treinos a ligaram) é contada como escondida onde as GEMMs sob as quais roda duram mais que ela, essas GEMMs divididas nos pedaços em que o Transformer Engine as divide, cada um com a eficiência de uma GEMM menor; os SMs que os seus kernels tomam não são contados: nesses dez o erro mediano é de +4,5%, onde contar a comunicação exposta dava +6,6% e contá-la toda escondida sob GEMMs inteiras, −6,0%. Ficam de fora as pausas entre kernels, a carga dos dados e os agendamentos sem bolha. Meça um treino curto antes de um longo.</p>',
    },
  },
  calibration: {
    title: 'Os treinos publicados com que foi conferido',
    caption: 'O passo publicado de cada treino ao lado da previsão desta página para o seu layout, calculada pelo mesmo núcleo.',
    columns: { run: 'Treino', layout: 'Layout (t · p · v · c · e · d, b)', published: 'Passo publicado (s)', predicted: 'Previsto (s)', error: 'Erro' },
    sources: { narayanan2021: 'Narayanan et al. 2021, Tabela 1', korthikanti2022: 'Korthikanti et al. 2022, Tabela 5' },
  },
  checks: {
    title: 'Conferido, não ajustado: treinos publicados em H100',
    caption: 'O passo de cada treino segundo os seus tokens/s por GPU publicados, ao lado da previsão desta página para o seu layout. Nenhum destes treinos fixou uma constante do modelo. O GPT-OSS 120B aparece com microlote 1, como a sua receita para H100 o executa, e não com o 4 que a sua tabela imprime, que não fecha com a sua acumulação em 64 GPUs com PP 4. Cada um é precificado com o despachante dos especialistas e a sobreposição do TP da sua receita; um TFLOP/s por GPU é convertido em tokens com a contagem de FLOPs do Megatron-LM que o imprimiu.',
    sources: {
      nemo2407: 'Resumo de desempenho do NeMo 24.07, FP8', bridge2509: 'Resumo de desempenho do Megatron-Bridge 25.09, FP8', bridge2511: 'Resumo de desempenho do Megatron-Bridge 25.11',
      bridge2604: 'Resumo de desempenho do Megatron-Bridge 26.04.01', bridge2606: 'Resumo de desempenho do Megatron-Bridge 26.06', dgxc: 'dgxc-benchmarking da NVIDIA, Nemotron-4',
      modelzoo: 'Megatron-MoE-ModelZoo (NVIDIA)', megatronmoe: 'README e receitas de MoE do Megatron-LM',
    },
  },
  faq: {
    title: 'Perguntas frequentes',
    items: [
      {
        question: 'Por que ele escolhe o ZeRO-3 em vez de paralelismo de tensor para um modelo pequeno?',
        html: '<p>Quando os estados do modelo cabem depois de fragmentados entre as réplicas, o ZeRO-3 mantém inteiras as matrizes de cada GPU (GEMMs grandes e eficientes) e as suas coletas se escondem atrás do cômputo, enquanto o paralelismo de tensor divide cada GEMM e acrescenta coletivas no caminho crítico. Para modelos maiores, ou redes mais lentas, a balança vira: a tabela dos dez mais rápidos mostra o quão perto ficam as alternativas.</p>',
      },
      {
        question: 'Posso manter o meu layout atual e ver a previsão dele?',
        html: '<p>Sim: digite todos os ajustes (t, p, v, c, e, ZeRO, recomputação, SP, b e a). Com todos definidos, a página prevê esse único layout e diz se ele cabe.</p>',
      },
      {
        question: 'Quão confiável é a previsão?',
        html: '<p>Nos treinos publicados em A100 em que foi ajustada, dentro de 10% cada. Nos treinos publicados em que nunca foi ajustada (as receitas da NVIDIA em H100, e treinos com FSDP e torchtitan em A100 e H100), cada família de layouts tem seu erro medido na tabela abaixo, com o número de treinos, e a página mostra esse erro ao lado de cada previsão. Veja as tabelas abaixo e os limites. Use-a para escolher entre layouts, e depois meça.</p>',
      },
    ],
  },
  disclaimer: {
    title: 'Aviso',
    html: '<p>São previsões de um modelo calibrado em treinos publicados, não uma medição do seu cluster. A conferência de memória é a conta da página de memória; frameworks e kernels acrescentam buffers próprios. Perfile um treino curto no hardware real antes de se comprometer com um layout.</p>',
  },
  fieldHints: {
    layers: 'Camadas do transformer (num_hidden_layers).',
    hiddenSize: 'A largura h do modelo.',
    attentionHeads: 'Cabeças de consulta; t precisa dividi-las.',
    kvHeads: 'Cabeças de chave e valor (atenção com grupos de consultas); vazio: tantas quanto as cabeças.',
    headDim: 'Vazio: h ÷ cabeças.',
    ffnHidden: 'A largura da MLP; vazio: 4h.',
    gatedMlp: 'A SwiGLU tem três matrizes em vez de duas.',
    normalization: 'Modelos como o Llama usam RMSNorm.',
    qkNorm: 'O Qwen3 normaliza queries e keys por cabeça; o OLMo 2, sobre todas as cabeças.',
    vocabulary: 'O do tokenizador; completado até um múltiplo de 128·t como o Megatron-LM completa.',
    tiedEmbeddings: 'Se a camada de saída compartilha os pesos do embedding.',
    experts: 'Para uma mistura de especialistas: os especialistas roteados de cada camada.',
    expertsPerToken: 'k: os especialistas para os quais cada token vai.',
    expertFfn: 'A largura da MLP de cada especialista; vazio: a da FFN.',
    sharedExpertFfn: 'A largura total da MLP dos especialistas compartilhados, se houver.',
    gpus: 'Todas as GPUs do treino.',
    gpusPerNode: 'GPUs ligadas por NVLink; coletivas além de um nó passam pelas placas de rede.',
    device: 'Define a memória, os picos e as bandas a partir das fontes da lista de dispositivos.',
    deviceMemory: 'O que o nvidia-smi informa, em GiB.',
    reservedMemory: 'Separada para o contexto CUDA, os buffers do framework e a fragmentação.',
    peakTflops: 'Denso, sem esparsidade: 989,5 numa H100 SXM.',
    fp8Tflops: 'Pico denso em FP8, para treinos em FP8; vazio quando o dispositivo não tem.',
    matmulTflops: 'A maior taxa de matmul medida neste dispositivo (mamf-finder): 794,5 numa H100 SXM. Vazio: os 86,9% do pico da A100.',
    fp8MatmulTflops: 'O mesmo em FP8: 1.402,6 numa H100 SXM.',
    flash2Tflops: 'A melhor taxa medida da FlashAttention-2 neste dispositivo, para a atenção FlashAttention-2: 35% do pico numa H100 (346,325), 73% numa A100 (227,76), como os seus autores mediram. Vazio: os 73% do pico da A100.',
    memoryBandwidth: 'A banda de HBM da ficha técnica: 3.350 numa H100 SXM.',
    intraBandwidth: 'O que o all_reduce_perf do NCCL informa dentro de um nó: 370 no NVLink da H100.',
    nicsPerNode: 'Placas de rede entre nós: 8 num nó HGX H100.',
    nicRate: 'A taxa de linha de cada placa: 400 para InfiniBand NDR, 200 para HDR.',
    pcieBandwidth: 'Entre uma GPU e o seu host, em cada sentido: metade do valor de ida e volta da ficha técnica, 64 numa H100 SXM (PCIe Gen5), 32 numa A100 SXM (Gen4). Usado só quando nada cabe, para medir o tempo dos estados do otimizador guardados na memória da CPU.',
    sequenceLength: 'Tokens por sequência; 8k ou 2^13 é 8.192.',
    target: 'O lote global B = b·d·a, na unidade ao lado; todo layout o atinge exatamente.',
    targetUnit: 'Em tokens, precisa ser um número inteiro de sequências.',
    tokens: 'Para o tempo de treino; 100B é 10¹¹.',
    precision: 'Em FP8 as GEMMs rodam ao pico em FP8 e, como no Transformer Engine, guardam as suas entradas para o backward em um byte.',
    gradientPrecision: 'Como na página de memória: fp32 é como o Megatron-LM reduz num treino em bf16.',
    attention: 'Os dois tipos flash não guardam os escores s × s e pulam a metade mascarada. Fundida: a atenção cuDNN do Transformer Engine (Megatron-LM, NeMo) ou a FlashAttention-3, à taxa das matmuls. A FlashAttention-2 foi escrita para a A100 e alcança 35% do pico de uma H100: escolha-a para o flash-attn 2, um kernel Triton, ou o SDPA do PyTorch quando ele escolhe o seu backend flash (como nas execuções do torchtitan em H100 de 2024: a issue 142132 do PyTorch mediu o SDPA a 329 TFLOPS e o cuDNN a 631 numa H100); a sua taxa em treino foi ajustada nas execuções do LLM Foundry em A100.',
    framework: 'Só os layouts que ele roda entram na busca, a velocidade medida dos seus kernels define o passo, e o plano abre a sua exportação. Megatron-LM: TP, PP (intercalado), CP, EP, ZeRO 0–1 com pipeline; DeepSpeed: sem intercalação nem atenção em anel; torchtitan: FSDP2 (ZeRO-3) também sob pipeline; FSDP: só paralelismo de dados.',
    dispatcher: 'Como os tokens dos especialistas chegam às GPUs que guardam seus especialistas, duas vezes por camada em cada sentido. O all-to-all da NCCL (o alltoall do Megatron-LM) envia uma cópia por token e especialista; DeepEP e HybridEP (o despachante flex do Megatron-LM, o comm backend do torchtitan) enviam um token a cada outro nó uma vez e o repassam pelo NVLink. Sem efeito num modelo denso.',
    tensorOverlap: 'Se os all-gathers e reduce-scatters do paralelismo de tensor rodam sob as GEMMs que alimentam (o --tp-comm-overlap do Megatron-LM com os userbuffers do Transformer Engine, que exige paralelismo de sequência; o TP assíncrono do torchtitan). Ligada, cada coletiva conta só o que passa da GEMM sob a qual roda, mais o que custa dividir essa GEMM em pedaços; as coletivas do MLP de uma mistura de especialistas continuam expostas. A maioria das receitas da NVIDIA com TP > 1 a liga.',
    expertTensorParallel: 'O TP dentro de cada especialista, o --expert-tensor-parallel-size do Megatron-LM: o do TP por padrão, ou 1, cada especialista inteiro na sua GPU, como a NVIDIA roda as suas grandes misturas de especialistas. Com 1, os tokens dos especialistas ficam divididos ao longo da sequência (o seu MLP não precisa de coletiva de TP), o seu all-to-all roda em GPUs consecutivas, e EP × 1 × PP, não EP × TP × PP, deve dividir as GPUs.',
    tensorParallel: 'Vazio: todo t que divide as GPUs, as cabeças, as cabeças de chave e valor e a FFN.',
    pipelineParallel: 'Vazio: todo p que divide as camadas e as GPUs restantes.',
    virtualStages: 'Pedaços do agendamento intercalado por GPU; 1: nenhum.',
    contextParallel: 'Divide a sequência; 2c precisa dividi-la.',
    expertParallel: 'Para uma mistura de especialistas; precisa dividir os especialistas.',
    zeroStage: 'Estágios 2 e 3 só sem pipeline, exceto o FSDP2 do torchtitan.',
    recompute: 'A recomputação completa é o que o Hugging Face chama de gradient checkpointing.',
    sequenceParallel: 'Divide as normalizações e os dropouts entre t; pede t > 1.',
    microBatch: 'Sequências por GPU a cada passagem.',
    accumulationSteps: 'Microlotes por passo do otimizador.',
    dataParallel: 'Fixar d fixa t·p·c = GPUs ÷ d.',
  },
};
