// The model reader's words in Brazilian Portuguese (words.en.js has the same keys).
export default {
  problems: {
    'empty': () => 'A caixa está vazia: cole um config.json.',
    'too_long': () => 'São mais de 65.536 caracteres, muito mais que qualquer config.json; o texto não foi lido.',
    'not_json': () => 'Isso não é JSON válido. Cole o config.json inteiro, de { a }.',
    'too_deep': () => 'Esse JSON se aninha em mais de 1.000 níveis, mais fundo do que o módulo json do Python lê (ele para com um RecursionError); um config.json se aninha em dois ou três.',
    'not_an_object': () => 'Um config.json é um objeto JSON, { … }.',
    'too_many_members': () => 'Esse objeto tem mais de 1.024 membros; um config.json tem algumas dezenas.',
    'no_model_type': () => 'Falta a string "model_type": é ela que diz qual arquitetura lê o resto.',
    'unknown_model_type': ({ key }) => `"model_type": "${key}" não é uma das famílias que esta página lê.`,
    'missing_key': ({ key }) => `Falta "${key}" (ou é null), e a classe de configuração desta família não lhe dá padrão: a arquitetura precisa de um número ali.`,
    'not_a_count': ({ key }) => `"${key}" deve ser um número inteiro (não negativo, fracionário, entre aspas ou com ponto decimal ou expoente: 32, não 32.0 nem 3.2e1).`,
    'out_of_range': ({ key, limit }) => `"${key}" deve ir de 1 a ${limit}.`,
    'not_a_boolean': ({ key }) => `"${key}" deve ser true ou false.`,
    'not_divisible': ({ key, otherKey }) => `"${key}" deve ser múltiplo de "${otherKey}".`,
    'above_other': ({ key, otherKey }) => `"${key}" não pode passar de "${otherKey}".`,
    'unknown_preset': ({ key }) => `Não há modelo publicado "${key}" aqui: escolha um da lista.`,
    'too_large': ({ limit }) => `Esse modelo tem mais de ${limit} parâmetros.`,
    'not_read': ({ key }) => `"${key}" traz algo que esta página não conta (aqui, só uma lista vazia): o modelo seria contado errado, por isso não foi lido.`,
  },
};
