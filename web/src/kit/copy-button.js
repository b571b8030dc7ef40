// A button that copies text with the Clipboard API and says so in a status
// element next to it.
const STATUS_MS = 4000;

/**
 * textToCopy() is read at click time. messages: {done, failed}. fallback: an
 * optional read-only field that shows the text, selected, when the clipboard
 * refuses (for text that is nowhere else on the page to select).
 */
export function setUpCopyButton(button, status, messages, textToCopy, fallback = null) {
  let clearTimer = 0;
  button.hidden = false;
  button.addEventListener('click', async () => {
    clearTimeout(clearTimer);
    const text = textToCopy();
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = messages.done;
      if (fallback) fallback.hidden = true;
    } catch {
      status.textContent = messages.failed;
      if (fallback) {
        fallback.value = text;
        fallback.hidden = false;
        fallback.focus();
        fallback.select();
      }
    }
    clearTimer = setTimeout(() => { status.textContent = ''; }, STATUS_MS);
  });
}
