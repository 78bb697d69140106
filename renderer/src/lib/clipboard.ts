/** Writes `text` to the clipboard: the async Clipboard API, else a hidden textarea and `execCommand('copy')`. */
export async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('The clipboard refused the text.');
  } finally {
    area.remove();
  }
}
