// A model picker's wiring, the same on every page that has one (a published
// model chosen from a list, or a pasted text read when left): the chosen slug
// travels in the address as model= while the page still holds it.
//   heldSlug(): the slug the page holds now, or null;
//   choose(slug), chooseNone(), choosePaste(text): what the page does with each.
function wireModelPicker({ address, preset, paste, heldSlug, choose, chooseNone, choosePaste }) {
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

/**
 * A model held in a calculator's fields, the same on every page with a model
 * picker: a published model (model=<slug>, or chosen) or a pasted text, read
 * by the page's reader and put into the fields; editing a field it filled
 * drops it, and the status says so.
 *   document; words: {loaded(name), pasted(family), edited(label)}; catalog.kit.modelWithheld: the status line while a
 *     refused model leaves the page no run to answer for;
 *   reader(): resolves to {readPreset(slug) -> {report, preset}, readPaste(text) -> report,
 *     problemText(report, catalog, words) -> '' or why}, loaded only when a model is asked for;
 *   catalog: the page's; textsOf(report, currentTexts): the fields' texts for a read model;
 *   saidOf(report, said): the status for a read model, from what the words say (a note added);
 *   either may return a promise; onHeldChange(): called when a model comes to be held or stops being held.
 * Returns {linked(): the texts of a model= link, read before the page starts (so the
 * first figures shown are the model's), linkedWithheld(): after linked(), the page's
 * withheld reason when that model is refused (or ''), start(page): wires the picker to the started
 * page, checkEdited(): called after every evaluation, heldSlug(): the published model held, or null,
 * heldReport(): the report of the model the fields hold (published or pasted), or null}.
 */
export function heldModel({ document, words, reader, catalog, textsOf, saidOf = (report, said) => said, onHeldChange = () => {} }) {
  const byId = (id) => document.getElementById(id);
  const [preset, paste, status, source] = ['model-preset', 'model-config', 'model-status', 'model-source'].map(byId);
  const requested = new URLSearchParams(location.search).get('model');
  let linkedRead = null;
  let model = null;  // {slug (null for a paste), label, texts, report}, while the fields still hold it
  let page = null;
  const held = () => model !== null && page !== null && Object.entries(model.texts).every(([key, text]) => page.texts()[key] === text);
  const showStatus = (text, isError) => {
    status.textContent = text;
    status.classList.toggle('error', isError);
  };

  // A report shown, and a read model put into the fields; a refusal drops the model.
  async function use(report, { slug = null, name = '', href = '' } = {}) {
    const problem = await (await reader()).problemText(report, catalog, words);
    source.hidden = !href || Boolean(problem);
    if (href) source.href = href;
    if (problem) {
      model = null;
      showStatus(problem, true);
      // The fields still hold the run before: none of its figures may stand beside the refused model.
      await page?.withhold(catalog.kit.modelWithheld);
      page?.address.flush();
      onHeldChange();
      return;
    }
    const texts = await textsOf(report, page.texts());
    const label = slug ? name : report.family;
    // No model is held while its values go in, so the evaluation they cause is not taken for an edit.
    model = null;
    await page.setTexts(texts);
    model = { slug, label, report, texts: Object.fromEntries(Object.keys(texts).map((key) => [key, page.texts()[key]])) };  // as regrouped
    showStatus(await saidOf(report, slug ? words.loaded(name) : words.pasted(report.family)), false);
    page.address.flush();
    onHeldChange();
  }

  // read: the preset already read ({report, preset}), for a linked one.
  async function usePreset(slug, read = null) {
    const { report, preset: found } = read ?? await (await reader()).readPreset(slug);
    preset.value = found ? slug : '';
    await use(report, found ? { slug, name: found.name, href: found.source } : {});
  }

  const heldSlugNow = () => (model?.slug && held() ? model.slug : null);
  return {
    // The published model the fields hold now, or null (none, a paste, or edited since).
    heldSlug: heldSlugNow,
    // The report of the model the fields hold now (published or pasted), or null.
    heldReport: () => (model !== null && held() ? model.report : null),
    async linked() {
      if (!requested) return {};
      linkedRead = await (await reader()).readPreset(requested);
      return linkedRead.preset && !linkedRead.report.problem ? textsOf(linkedRead.report, {}) : {};
    },
    // '' or, when the link's model is refused, what the page shows instead of its figures from the first frame.
    linkedWithheld: async () => (linkedRead && await (await reader()).problemText(linkedRead.report, catalog, words) ? catalog.kit.modelWithheld : ''),
    async start(startedPage) {
      page = startedPage;
      wireModelPicker({
        address: page.address,
        preset,
        paste,
        heldSlug: heldSlugNow,
        choose: usePreset,
        chooseNone: () => {
          model = null;
          source.hidden = true;
          showStatus('', false);
          page.address.flush();
          onHeldChange();
        },
        choosePaste: async (text) => use(await (await reader()).readPaste(text)),
      });
      if (requested) await usePreset(requested, linkedRead);
    },
    // A field the model filled in was edited: the fields no longer hold that model, and the status stops saying so.
    checkEdited() {
      if (model === null || page === null || held()) return;
      const { label } = model;
      model = null;
      preset.value = '';
      source.hidden = true;
      showStatus(words.edited(label), false);
      onHeldChange();
    },
  };
}
