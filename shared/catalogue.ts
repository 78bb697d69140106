/** Closing paragraph of every embedded dataset description (server/data/catalogue/); catalogue search ignores it. */
export const SAMPLE_NOTE =
  'Gridscope embeds this as a **small real sample** for offline use; it is not updated. See `data/SOURCES.md` for the exact commit and path.';
