// What every calculator page says alike in Brazilian Portuguese: the related cards' heading, the embed
// section of a page with one embed (the home page, with two, has its own) and the footer. Each related card is the
// card its calculator gives of itself (card in its prose), in the registry's order (site.mjs).
export default {
  // The page chrome of a page with no planner (the home page has its own).
  skipLink: 'Ir para a calculadora',
  languageSwitch: {
    label: 'English',
    navLabel: 'Idioma',
  },
  pageNav: {
    label: 'Nesta página',
    calculator: 'Calculadora',
    explanation: 'Como funciona',
    embed: 'Incorporar',
  },
  noscript: 'A calculadora precisa de JavaScript e WebAssembly para refazer as contas; os números acima são os do exemplo resolvido. A explicação, as fórmulas e o exemplo abaixo continuam aqui.',
  shareHint: 'O endereço desta página guarda os valores digitados: copie-o para compartilhar exatamente esta conta.',
  related: { title: 'Próximas sugestões' },
  embed: {
    title: 'Incorporar',
    intro: 'Coloque esta calculadora na documentação de treinamento da sua equipe — MkDocs, Docusaurus, Sphinx ou HTML puro. O código abaixo já traz os valores que estão na calculadora agora.',
    iframeTitle: 'Como iframe',
    iframeText: 'Funciona em qualquer página que aceite HTML, inclusive em sites com política de segurança rígida, desde que o site permita frames desta origem (<code>frame-src</code>). O módulo <code>embed.js</code> ajusta a altura do frame ao conteúdo.',
    copyIframe: 'Copiar código do iframe',
  },
  footer: 'As contas acontecem no seu navegador, num núcleo em C++ compilado para WebAssembly. Nenhum dado sai do seu computador.',
};
