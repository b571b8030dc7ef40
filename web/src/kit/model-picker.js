// A model picker's wiring, the same on every page that has one (a published
// model chosen from a list, or a pasted text read when left): the chosen slug
// travels in the address as model= while the page still holds it.
//   heldSlug(): the slug the page holds now, or null;
//   choose(slug), chooseNone(), choosePaste(text): what the page does with each.
export function wireModelPicker({ address, preset, paste, heldSlug, choose, chooseNone, choosePaste }) {
  address.addPart((href) => {
    const url = new URL(href);
    const slug = heldSlug();
    if (slug) url.searchParams.set('model', slug);
    else url.searchParams.delete('model');
    return url.href;
  });
  preset.addEventListener('change', () => {
    paste.value = '';
    if (preset.value) choose(preset.value);
    else chooseNone();
  });
  paste.addEventListener('change', () => {
    preset.value = '';
    choosePaste(paste.value);
  });
  // The address is written once now, with this part: a "model=" the page does not hold (empty, unknown) goes at once.
  address.flush();
}
