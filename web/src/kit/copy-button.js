// A button that copies text with the Clipboard API and says so in a status
// element next to it.
const STATUS_MS = 4000;

/** textToCopy() is read at click time. messages: {done, failed}. */
export function setUpCopyButton(button, status, messages, textToCopy) {
  let clearTimer = 0;
  button.hidden = false;
  button.addEventListener('click', async () => {
    clearTimeout(clearTimer);
    try {
      await navigator.clipboard.writeText(textToCopy());
      status.textContent = messages.done;
    } catch {
      status.textContent = messages.failed;
    }
    clearTimer = setTimeout(() => { status.textContent = ''; }, STATUS_MS);
  });
}
