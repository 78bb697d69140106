/**
 * Closing paragraph of every dataset description of the embedded /v1 service (its catalogue,
 * server/data/catalogue/): the data is a small, real, fixed sample. The renderer's catalogue search
 * leaves this paragraph out (renderer/src/catalogue/filter.ts): it says nothing about the dataset.
 */
export const SAMPLE_NOTE =
  'Gridscope embeds this as a **small real sample** for offline use; it is not updated. See `data/SOURCES.md` for the exact commit and path.';
