// The gradient-accumulation memory page's prose in Brazilian Portuguese.
// Values are trusted markup written here (MathML, <i>, <code>); prose.en.mjs has the same keys.
import { mi, mn, mo } from '../../../pages/mathml.mjs';

export default {
  meta: {
    title: 'Calculadora de Memória de Acumulação de Gradiente (ativações, ZeRO, maior microlote)',
    description: 'Quanta memória a GPU mais carregada precisa para um microlote, contada como o Megatron-LM a conta para modelos densos, com atenção agrupada ou mistura de especialistas, com paralelismo de tensor, pipeline e especialistas, ou para ajuste fino com LoRA e QLoRA: o maior microlote que cabe e os passos de acumulação que chegam a um lote-alvo.',
    siteName: 'Calculadora de Tamanho Efetivo de Lote',
    shareTitle: 'Calculadora de Memória de Acumulação de Gradiente',
    shareDescription: 'Sem paralelismo de pipeline, a acumulação de gradiente aumenta o lote sem aumentar a memória de ativação. Veja quanto cada GPU guarda e o maior microlote que cabe.',
    ogLocale: 'pt_BR',
  },
  skipLink: 'Ir para a calculadora',
  languageSwitch: { label: 'English', navLabel: 'Idioma' },
  // This page's name in the site navigation.
  navName: 'Memória',
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
        + `<p>A primeira é só o paralelismo de tensor (com <math>${mi('t')}${mo('=')}${mn('1')}</math> vira <math>${mi('s')}${mi('b')}${mi('h')}${mo('(')}${mn('34')}${mo('+')}${mn('5')}${mi('n')}${mi('s')}${mo('/')}${mi('h')}${mo(')')}</math>, sem paralelismo); a segunda acrescenta o paralelismo de sequência. A recomputação seletiva tira o termo da atenção, <math>${mn('5')}${mi('n')}${mi('s')}${mo('/')}${mo('(')}${mi('h')}${mi('t')}${mo(')')}</math>. Esse termo são as pontuações <math>${mi('s')}${mo('×')}${mi('s')}</math> da atenção, o softmax e a máscara de dropout, que só a atenção eager guarda: o FlashAttention e o <code>scaled_dot_product_attention</code> do PyTorch, que os frameworks atuais rodam por padrão, não guardam nada disso, então com a atenção em flash (o padrão) o termo sai em qualquer recomputação, inclusive na camada refeita inteira da recomputação completa; eager mantém as linhas da Tabela 2 como impressas. A completa guarda só a entrada de cada camada, <math>${mn('2')}${mi('s')}${mi('b')}${mi('h')}</math>, ou <math>${mn('2')}${mi('s')}${mi('b')}${mi('h')}${mo('/')}${mi('t')}</math> com paralelismo de sequência, em que essa entrada já vem dividida entre as <math>${mi('t')}</math> GPUs; na passada para trás cada camada, uma de cada vez, é recalculada inteira, então as ativações completas de uma camada (a primeira fórmula, ou a segunda com paralelismo de sequência) somam-se uma vez aos pontos de verificação. O total é <math>${mi('L')}</math> vezes uma camada.</p>`
        + `<p>São as linhas da Tabela 2 escritas, como o <code>compute_activation_memory</code> do Megatron-LM (<code>megatron/training/theoretical_memory_usage.py</code> em d98e8a6) as escreve, para qualquer largura de MLP <math>${mi('f')}</math>: o 34 do artigo é <math>${mn('18')}${mo('+')}${mn('4')}${mi('f')}${mo('/')}${mi('h')}</math> com <math>${mi('f')}${mo('=')}${mn('4')}${mi('h')}</math>; com paralelismo de sequência e recomputação seletiva, uma camada guarda <math>${mi('s')}${mi('b')}${mo('(')}${mn('18')}${mi('h')}${mo('+')}${mn('4')}${mi('f')}${mo(')')}${mo('/')}${mi('t')}</math>, e sem paralelismo de sequência <math>${mi('s')}${mi('b')}${mo('(')}${mn('10')}${mi('h')}${mo('+')}${mo('(')}${mn('8')}${mi('h')}${mo('+')}${mn('4')}${mi('f')}${mo(')')}${mo('/')}${mi('t')}${mo(')')}</math>. As duas fontes contam chaves e valores tão largos quanto as consultas: a atenção agrupada (GQA) guarda menos ali (<math>${mn('4')}${mi('s')}${mi('b')}${mo('(')}${mi('n')}${mo('−')}${mi('g')}${mo(')')}${mi('d')}<mi mathvariant="normal">h</mi>${mo('/')}${mi('t')}</math> por camada), então o número erra para o lado seguro, e um MLP com porta é contado pela sua largura <math>${mi('f')}</math>, como essa função o conta.</p>`
        + `<p>Além das camadas, para cada microlote em voo, os ids dos tokens (<math>${mn('8')}${mi('s')}${mi('b')}</math>) e a saída do dropout do embedding (<math>${mi('s')}${mi('b')}${mi('h')}</math>); com um só estágio de pipeline, a entrada da camada de saída e os seus logits em fp32 para a perda, <math>${mn('4')}${mi('s')}${mi('b')}${mi('h')}${mo('+')}${mn('4')}${mi('s')}${mi('b')}${mi('V')}</math>, que para um vocabulário de 128.256 tokens são vários GiB. Com paralelismo de sequência tudo isso se divide por <math>${mi('t')}</math>, como o Megatron-LM divide; sem ele, só os logits (a camada de saída se divide pelo vocabulário). Com <math>${mi('p')}</math> estágios e o escalonamento 1F1B, o primeiro estágio guarda <math>${mi('L')}${mo('/')}${mi('p')}</math> camadas para cada um dos <math>${mo('min')}${mo('(')}${mi('p')}${mo(',')}${mi('a')}${mo(')')}</math> microlotes em voo: o equivalente a <math>${mi('L')}${mo('·')}${mo('min')}${mo('(')}${mi('p')}${mo(',')}${mi('a')}${mo(')')}${mo('/')}${mi('p')}</math> camadas.</p>`
        + `<p>Os estados do modelo são contados como o <code>compute_weight_and_optimizer_memory</code> do Megatron-LM os conta, na GPU mais carregada. A partir da forma: atenção de <math>${mn('2')}${mi('h')}${mi('d')}<mi mathvariant="normal">h</mi>${mo('(')}${mi('n')}${mo('+')}${mi('g')}${mo(')')}</math> por camada (consultas e saída, chaves e valores de <math>${mi('g')}</math> grupos), um MLP de <math>${mn('2')}${mi('h')}${mi('f')}</math>, ou <math>${mn('3')}${mi('h')}${mi('f')}</math> com porta, normalizações de <math>${mi('h')}</math> (RMSNorm) ou <math>${mn('2')}${mi('h')}</math> (LayerNorm), e um embedding de <math>${mi('h')}${mi('V')}</math>, com o vocabulário completado até um múltiplo de <math>${mn('128')}${mi('t')}</math> como o Megatron-LM o completa (<code>--make-vocab-size-divisible-by 128</code>); vieses das camadas lineares não entram. Numa mistura de especialistas, cada camada tem <math>${mi('E')}</math> especialistas roteados de largura <math>${mi('f')}<mi mathvariant="normal">e</mi></math>, um roteador de <math>${mi('h')}${mi('E')}</math> e especialistas compartilhados de largura <math>${mi('f')}<mi mathvariant="normal">s</mi></math>. O estágio mais carregado guarda <math>${mi('L')}${mo('/')}${mi('p')}</math> camadas e o embedding (e a camada de saída quando <math>${mi('p')}${mo('=')}${mn('1')}</math> e ela não é atada): atenção, MLPs, especialistas compartilhados e embedding divididos por <math>${mi('t')}</math>, normalizações e roteadores inteiros, especialistas roteados por tensor de especialistas × paralelismo de especialistas.</p>`
        + `<p>Cada parâmetro custa então 2 bytes de pesos em 16 bits, o seu gradiente (4 bytes em fp32, os gradientes principais do Megatron-LM e o seu padrão, ou 2) e 12 bytes de estado do otimizador em fp32 (pesos mestres, momento e variância do Adam): 18 bytes por parâmetro, ou <math>${mn('6')}${mo('+')}${mn('12')}${mo('/')}${mi('d')}</math> com o otimizador distribuído do Megatron-LM (ZeRO estágio 1); com gradientes de 16 bits, os 16 bytes do artigo do ZeRO (Rajbhandari et al., 2019):</p>`
        + `<div class="formula"><math display="block">${mn('16')}${mi('Ψ')}${mo(',')}<mspace width="1em"/>${mn('4')}${mi('Ψ')}${mo('+')}<mfrac><mrow>${mn('12')}${mi('Ψ')}</mrow>${mi('d')}</mfrac>${mo(',')}<mspace width="1em"/>${mn('2')}${mi('Ψ')}${mo('+')}<mfrac><mrow>${mn('14')}${mi('Ψ')}</mrow>${mi('d')}</mfrac>${mo(',')}<mspace width="1em"/><mfrac><mrow>${mn('16')}${mi('Ψ')}</mrow>${mi('d')}</mfrac></math></div>`
        + `<p>para os estágios 0, 1, 2 e 3 do ZeRO (some <math>${mn('2')}${mi('Ψ')}</math>, ou <math>${mn('2')}${mi('Ψ')}${mo('/')}${mi('d')}</math> a partir do estágio 2, para gradientes em fp32), com <math>${mi('Ψ')}</math> os parâmetros na GPU. Os estágios 0 a 2 seguem o artigo do ZeRO e o estimador do Megatron-LM: cada GPU guarda todo parâmetro com que calcula. O estágio 3 reúne os parâmetros de cada módulo logo antes de ele rodar; por isso, além dos estados, a página conta o que o <code>estimate_zero3_model_states_mem_needs</code> do DeepSpeed conta (<code>runtime/zero/stage3.py</code> em edaa722): 4 bytes por parâmetro do maior módulo, dividido por <math>${mi('t')}</math> onde o Megatron-LM o divide. No Llama 3.1 8B é o embedding, 128.256 × 4.096 parâmetros, ou seja 2.101.346.304 bytes; ele aparece como parte própria abaixo e entra no ajuste. Os especialistas roteados se dividem no seu próprio grupo de paralelismo de dados, <math>${mi('d')}${mi('t')}${mo('/')}${mo('(')}<mi mathvariant="normal">ETP</mi>${mo('·')}<mi mathvariant="normal">EP</mi>${mo(')')}</math> GPUs. Um número de parâmetros digitado substitui o da forma e se espalha por igual entre <math>${mi('t')}${mo('·')}${mi('p')}</math>. A memória do dispositivo é a que o <code>nvidia-smi</code> informa, e uma parte reservada <math>${mi('R')}</math> é separada antes de tudo: o maior microlote que cabe é o que sobra depois da reserva e dos estados, dividido pelo custo de uma amostra, arredondado para baixo. Com pipeline, esse custo cresce com <math>${mi('a')}</math> até <math>${mi('p')}</math>, então os passos de acumulação para um alvo são os menos com que o maior microlote que cabe naquele <math>${mi('a')}</math> o alcança. A configuração é recusada onde o Megatron-LM a recusa: camadas que não se dividem entre os estágios, cabeças que não se dividem por <math>${mi('t')}</math>, especialistas que não se dividem pelo paralelismo de especialistas.</p>`
        + `<p>O ajuste fino com adaptadores conta o que o PEFT constrói (<code>src/peft/tuners/lora/layer.py</code> em 5d602fd): cada Linear adaptada, de <math>${mi('i')}</math> entradas e <math>${mi('o')}</math> saídas, ganha <code>lora_A</code> e <code>lora_B</code>, <math>${mi('r')}${mo('(')}${mi('i')}${mo('+')}${mi('o')}${mo(')')}</math> parâmetros treináveis; o <code>"all-linear"</code> adapta toda Linear das camadas (consultas, chaves, valores, saída e as do MLP), não a camada de saída. O <code>get_peft_model</code> converte os adaptadores para fp32, então cada um custa 4 bytes de peso, 4 de gradiente e 8 de momentos do AdamW. A base congelada não guarda gradientes nem estados do otimizador: 2 bytes por parâmetro no LoRA; no QLoRA, os pesos das Linear das camadas ficam em NF4 com quantização dupla (bitsandbytes em 95f9af3: blocos de 64 com uma escala de 8 bits, e as escalas quantizadas em blocos de 256 com uma em fp32), <math><mfrac>${mn('1')}${mn('2')}</mfrac>${mo('+')}<mfrac>${mn('1')}${mn('64')}</mfrac>${mo('+')}<mfrac>${mn('1')}${mn('4096')}</mfrac>${mo('=')}<mfrac>${mn('2113')}${mn('4096')}</mfrac></math> bytes (4,127 bits) por peso, enquanto embeddings, normalizações e camada de saída ficam em 16 bits. O AdamW de 8 bits do bitsandbytes guarda dois bytes por elemento e dois máximos em fp32 por bloco de 256, e momentos em fp32 para um tensor de menos de 4.096 elementos (<code>optim/optimizer.py</code>). Os adaptadores são contados para um modelo denso com paralelismo de dados (DDP, FSDP ou ZeRO), como o PEFT roda; as ativações são contadas como no treinamento completo.</p>`,
    },
    example: {
      title: 'Exemplo resolvido',
      html: '<p>Considere o Llama 3.1 8B (<a href="https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json">o seu config.json</a>: 32 camadas, dimensão oculta 4.096, 32 cabeças de consulta em 8 grupos de chave e valor de 128, MLP com porta de 14.336, RMSNorm, 128.256 tokens, camada de saída não atada) com sequências de 4.096 tokens, recomputação seletiva e sem paralelismo de tensor ou de pipeline, microlote de 1 em 64 réplicas com 8 passos de acumulação, ZeRO estágio 1 com gradientes em fp32, em GPUs H100 SXM 80GB.</p>'
        + `<div class="formula"><math display="block">${mi('Ψ')}${mo('=')}${mn('32')}${mo('×')}${mo('(')}${mn('41.943.040')}${mo('+')}${mn('176.160.768')}${mo('+')}${mn('8.192')}${mo(')')}${mo('+')}${mn('4.096')}${mo('+')}${mn('2')}${mo('×')}${mn('525.336.576')}${mo('=')}${mn('8.030.261.248')}</math><math display="block">${mn('6')}${mi('Ψ')}${mo('+')}<mfrac><mrow>${mn('12')}${mi('Ψ')}</mrow>${mn('64')}</mfrac>${mo('=')}${mn('49.687.241.472')}</math><math display="block">${mi('m')}${mo('=')}${mn('17.179.869.184')}${mo('+')}${mn('16.809.984')}${mo('+')}${mn('2.168.455.168')}${mo('=')}${mn('19.365.134.336')}</math></div>`
        + '<p>Os parâmetros são exatamente os 8.030.261.248 da Meta (128.256 já é múltiplo de 128). Os estados do modelo ocupam cerca de 46,3 GiB. Uma amostra guarda 32 × 4.096 × (18 × 4.096 + 4 × 14.336) bytes nas camadas, 16.809.984 no embedding e 2.168.455.168 na camada de saída e nos seus logits: cerca de 18 GiB, dos quais só os logits são 2 GiB. O próprio estimador do Megatron-LM dá os mesmos estados do modelo para este treinamento, mas não as mesmas ativações: com t = 1 ele desliga o paralelismo de sequência (<code>arguments.py</code>) e usa <code>compute_activation_memory_without_sp</code>, que conta todo MLP com largura 4h, guarda os logits em 16 bits e soma 5%; por isso imprime 20.322.381.005 bytes por amostra. A página mantém a Tabela 2 com a largura do MLP do próprio modelo e logits em fp32, como conta o <code>compute_activation_memory</code> do Megatron-LM, e mostra o número impresso ao lado do seu. Uma H100 SXM 80GB tem os 81.559 MiB que o <code>nvidia-smi</code> informa (85.520.809.984 bytes, 79,6 GiB, não 80); descontados a reserva de 1 GiB e os estados, sobram 34.759.826.688 bytes: cabe 1 amostra, não 2. O lote efetivo é 1 × 64 × 8 = 512 sequências; chegar a 1.024 com b = 1 pede ⌈1.024 ÷ 64⌉ = 16 passos de acumulação. Sem paralelismo de pipeline, aumentar os passos de acumulação nunca muda a ativação.</p>'
        + '<p>Com recomputação completa (o gradient checkpointing do Hugging Face), uma amostra guarda 32 × 2 × 4.096 × 4.096 bytes de entradas de camada, uma camada recalculada inteira, 4.096 × (18 × 4.096 + 4 × 14.336) = 536.870.912 bytes com FlashAttention, e os mesmos 2.185.265.152 além das camadas: 3.795.877.888 bytes, e cabem 9 amostras. Com atenção eager a camada recalculada guarda também as pontuações, 5 × 32 × 4.096², somando 3.221.225.472 bytes: 6.480.232.448 bytes por amostra, e cabem 5.</p>'
        + '<p>Com paralelismo de pipeline é o primeiro estágio que fica sem memória, e ele guarda só a sua parte do modelo. O GPT-3 175B (96 camadas, h 12.288, 96 cabeças, 2.048 tokens, vocabulário atado de 50.257 completado para 51.200) com t = 8 e p = 16 e ZeRO 1 sobre d = 8 guarda 1.437.894.144 parâmetros por GPU, não 175 bilhões ÷ 8: 10.784.206.080 bytes de estados. Com paralelismo de sequência e recomputação seletiva, o primeiro estágio guarda 96 × 34 × 2.048 × 12.288 ÷ 8 bytes de camadas para 16 microlotes em voo e 16 embeddings, 10.318.020.608 bytes com b = 1: os números que o estimador do Megatron-LM dá.</p>',
    },
    limits: {
      title: 'Limites',
      html: '<p>As fórmulas de ativação são as de Korthikanti et al. para uma camada de transformer com ativações de 16 bits e dropout, com a largura do MLP, o embedding e a camada de saída como o Megatron-LM os acrescenta; a opção de atenção cobre o FlashAttention e o SDPA, que não guardam as pontuações da atenção, mas as fórmulas não veem as chaves e valores menores da atenção agrupada. O paralelismo de pipeline é contado como o Megatron-LM conta o seu primeiro estágio no 1F1B; o escalonamento intercalado guarda um pouco mais. Um custo medido por amostra, digitado, substitui as fórmulas: meça-o no dispositivo que importa, pipeline incluído.</p>'
        + '<p>Os estados do modelo contam Adam com precisão mista (18 bytes por parâmetro com gradientes em fp32, 16 com gradientes de 16 bits); outros otimizadores mudam a conta, e o AdamW de 8 bits é contado só para adaptadores. Com adaptadores, uma camada congelada dispensa parte das entradas guardadas, e essa economia de ativações não é contada. O QLoRA é contado com quantização dupla, como o artigo do QLoRA o roda; sem ela (o padrão do <code>BitsAndBytesConfig</code> do Transformers), um peso ocupa 4,5 bits. Toda camada de uma mistura de especialistas é contada como camada de especialistas, como o <code>--moe-layer-freq 1</code> do Megatron-LM a constrói; modelos com camadas densas antes, ou com atenção latente multicabeça, só são contados por um número de parâmetros digitado. A memória do dispositivo está em GiB (2³⁰ bytes), como o <code>nvidia-smi</code> a informa em MiB: uma H100 80GB tem 81.559 MiB (79,6 GiB, <a href="https://github.com/NVIDIA/nccl/issues/1264">NVIDIA/nccl#1264</a>), uma H200 143.771 MiB (140,4 GiB, não 141), uma B200 183.359 MiB (179,1 GiB, não 192, <a href="https://github.com/NVIDIA/TensorRT-LLM/issues/10278">NVIDIA/TensorRT-LLM#10278</a>); os números da A100, L40S, L4, A10 e T4 são os listados em <a href="https://github.com/modal-labs/modal-client/pull/2797">modal-labs/modal-client#2797</a>.</p>'
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
        html: '<p>A seletiva guarda a maior parte das ativações, mas recalcula os grandes tensores intermediários da atenção, que crescem com o quadrado do comprimento da sequência. Junto com o paralelismo de sequência, Korthikanti et al. relatam cerca de 5 vezes menos memória de ativação que o paralelismo de tensor sozinho sem recomputação, e mais de 90% menos custo de recomputação que a recomputação completa. Ainda assim ela guarda mais que a completa. Na forma do GPT-3 com t = 8, comparando igual com igual: com paralelismo de sequência, 34/8 = 4,25 · s·b·h por camada contra 2/8 = 0,25 · s·b·h da completa, 17 vezes mais; sem ele, 10 + 24/8 = 13 · s·b·h contra 2 · s·b·h, 6,5 vezes mais. A completa guarda só a entrada de cada camada e recalcula a camada inteira na passada para trás: o mínimo de memória, por cerca de uma passada para frente a mais de processamento.</p>',
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
      {
        title: 'Calculadora de Tamanho de Lote Ideal',
        text: 'Dá o tamanho de lote e a taxa de aprendizado que as leis de escala (DeepSeek LLM, Step Law) ajustam para um modelo e um orçamento de tokens, com a faixa em que cada uma foi ajustada, e entrega o lote ao planejador.',
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
  // Each field's hint, under its label on the page (the embeds show none, so the run-time words carry none).
  fieldHints: {
    microBatch: 'Sequências em cada passada para frente e para trás.',
    accumulationSteps: 'Passadas somadas antes de cada atualização. Sem paralelismo de pipeline mudam o lote, não a memória; com ele, até p microlotes ficam em voo no primeiro estágio.',
    dataParallel: 'Réplicas que processam cada uma o seu microlote; o ZeRO divide entre elas.',
    activationPerSample: 'Bytes por sequência do microlote neste dispositivo, pipeline incluído, se você a mediu (por exemplo 2,5G). Vazio, vem da forma do modelo abaixo.',
    layers: 'Todas as camadas do modelo; o paralelismo de pipeline as divide abaixo.',
    hiddenSize: 'A dimensão do modelo.',
    attentionHeads: 'Cabeças de consulta (query) por camada.',
    kvHeads: 'Grupos de consulta da atenção agrupada, GQA (8 no Llama 3). Vazio, tantas quanto as cabeças.',
    headDim: 'Vazio, a dimensão oculta dividida pelas cabeças.',
    ffnHidden: 'A largura interna do MLP (14.336 no Llama 3 8B). Vazio, 4 × a dimensão oculta.',
    gatedMlp: 'Ligado: três matrizes por MLP (gate, up, down), como em Llama, Mistral e Qwen; desligado: duas, como no GPT.',
    normalization: 'A RMSNorm tem um peso por canal; a LayerNorm, um peso e um viés.',
    vocabulary: 'Tokens do tokenizador; completado até um múltiplo de 128 × paralelismo de tensor, como o Megatron-LM o completa.',
    tiedEmbeddings: 'Ligado: uma só matriz serve às duas (GPT-2, Gemma); desligado: duas (Llama, Mistral).',
    experts: 'Para uma mistura de especialistas: especialistas por camada (8 no Mixtral). Vazio, um modelo denso.',
    expertsPerToken: 'O top-k do roteador (2 no Mixtral); necessário com especialistas.',
    expertFfn: 'A largura interna de cada especialista roteado. Vazio, a dimensão interna do FFN.',
    sharedExpertFfn: 'A largura interna dos especialistas por onde passa todo token (Qwen2-MoE: 20.480). Vazio ou 0 para nenhum.',
    sequenceLength: 'Tokens por sequência; 4k ou 2^12 é 4.096.',
    tensorParallel: 'GPUs que dividem cada camada; 1 para nenhum.',
    pipelineParallel: 'Estágios em que as camadas se dividem; 1 para nenhum. O primeiro estágio (1F1B) guarda min(p, a) microlotes em voo.',
    expertParallel: 'GPUs entre as quais os especialistas roteados se espalham; 1 para nenhum.',
    expertTensorParallel: 'GPUs que dividem cada especialista. Vazio, o paralelismo de tensor (o padrão do Megatron-LM).',
    sequenceParallel: 'Divide também as normalizações e os dropouts entre as GPUs de tensor.',
    recompute: 'A seletiva recalcula os grandes tensores intermediários da atenção; a completa guarda só a entrada de cada camada.',
    attention: 'Flash: o FlashAttention ou o SDPA do PyTorch, padrão dos frameworks atuais, não guarda as pontuações s × s da atenção. Eager: a Tabela 2 de Korthikanti et al., com elas.',
    parameters: 'Vazio, contados a partir da forma acima, estágio por estágio. Um número digitado (por exemplo 70B) se espalha por igual entre tensor × pipeline.',
    zeroStage: '0 replica todos os estados; 1 divide os estados do otimizador, 2 também os gradientes, 3 também os parâmetros, e então guarda o maior módulo reunido (o DeepSpeed conta 4 bytes por parâmetro).',
    gradientPrecision: 'fp32: os gradientes principais do Megatron-LM, 18 bytes por parâmetro com Adam; bf16: os 16 do artigo do ZeRO.',
    fineTuning: 'O modelo inteiro, ou adaptadores do PEFT sobre uma base congelada: LoRA (base em 16 bits) ou QLoRA (base em NF4 com quantização dupla, 4,127 bits por peso).',
    loraRank: 'r: cada Linear adaptada, de in entradas e out saídas, ganha r × (in + out) parâmetros.',
    loraTargets: 'O "all-linear" do PEFT: toda Linear das camadas (atenção e MLP, não a camada de saída); ou q, k, v e o da atenção.',
    optimizer: 'O AdamW guarda dois momentos em fp32; o AdamW de 8 bits do bitsandbytes, dois bytes e uma escala por bloco de 256.',
    device: 'Põe abaixo a memória que o nvidia-smi informa para ele, em MiB; o mesmo dispositivo dá o pico na página de cômputo.',
    deviceMemory: 'Memória por GPU em GiB (2³⁰ bytes): os 81.559 MiB de uma H100 80GB são 79,6474609375 GiB. Digite outro valor para sair da lista.',
    reservedMemory: 'Separada para o contexto CUDA, os buffers da NCCL e a fragmentação antes de tudo. 0 dá exatamente as fórmulas.',
    targetBatch: 'Em sequências: os passos de acumulação necessários com o maior microlote que cabe.',
  },
};
