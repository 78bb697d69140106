import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConversionOptions } from '../services/index.js';

/**
 * Tests only: a gate that holds the conversions of offline reviews (docs/workspace.md#local-review-pulls), so an e2e
 * test can look at a review answering from its files before the conversion ends. Env `GRIDSCOPE_TEST_CONVERSION_GATE`
 * names a folder; part `n` of a conversion is written once `<folder>/parts` holds a whole number ≥ n (a missing or
 * unreadable file counts as 0), and each part is one file, so the progress can be seen between two files. Unset: none.
 */

/** How often the gate reads its file, in ms. */
const POLL_MS = 50;

/** Parts the gate lets through now: the number in `<folder>/parts`, 0 when it is missing or not a number. */
async function openParts(folder: string): Promise<number> {
  const text = await readFile(join(folder, 'parts'), 'utf8').catch(() => '');
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isSafeInteger(n) ? n : 0;
}

/**
 * The conversion options of env `GRIDSCOPE_TEST_CONVERSION_GATE`, or undefined when it is unset: one file per part, and
 * a `beforePart` that resolves once part `part` may be written and rejects with the signal's reason once it aborts.
 */
export function conversionGateFromEnv(env: NodeJS.ProcessEnv = process.env): ConversionOptions | undefined {
  const folder = env.GRIDSCOPE_TEST_CONVERSION_GATE?.trim();
  if (!folder) return undefined;
  const beforePart = async (part: number, signal: AbortSignal): Promise<void> => {
    while ((await openParts(folder)) < part) {
      signal.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    signal.throwIfAborted();
  };
  return { beforePart, filesPerStatement: 1 };
}
