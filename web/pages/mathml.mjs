// MathML pieces for the page prose (trusted markup written in the prose
// files): an identifier, a number, an operator, and a subscripted identifier
// whose index is upright text ("t_AR").
export const mi = (name) => `<mi>${name}</mi>`;
export const mn = (value) => `<mn>${value}</mn>`;
export const mo = (operator) => `<mo>${operator}</mo>`;
export const sub = (base, index) => `<msub>${mi(base)}<mi mathvariant="normal">${index}</mi></msub>`;
