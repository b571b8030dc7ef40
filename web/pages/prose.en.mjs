// What every calculator page says alike in English: the related cards' heading, the embed
// section of a page with one embed (the home page, with two, has its own) and the footer. Each related card is the
// card its calculator gives of itself (card in its prose), in the registry's order (site.mjs).
export default {
  // The page chrome of a page with no planner (the home page has its own).
  skipLink: 'Skip to the calculator',
  languageSwitch: {
    label: 'Português',
    navLabel: 'Language',
  },
  pageNav: {
    label: 'On this page',
    calculator: 'Calculator',
    explanation: 'How it works',
    embed: 'Embed',
  },
  noscript: 'The calculator needs JavaScript and WebAssembly to redo the arithmetic; the figures above are the worked example\'s. The explanation, the formulas and the example below are all still here.',
  shareHint: 'This page\'s address holds the values you typed: copy it to share exactly this calculation.',
  related: { title: 'Related calculators' },
  embed: {
    title: 'Embed',
    intro: 'Put this calculator in your team\'s training docs — MkDocs, Docusaurus, Sphinx or plain HTML. The snippet below already carries the values in the calculator right now.',
    iframeTitle: 'As an iframe',
    iframeText: 'Works on any page that accepts HTML, including sites with a strict security policy, as long as the site allows frames from this origin (<code>frame-src</code>). The <code>embed.js</code> module sizes the frame to its content.',
    copyIframe: 'Copy iframe code',
  },
  footer: 'The arithmetic happens in your browser, in a C++ core compiled to WebAssembly. No data leaves your computer.',
};
