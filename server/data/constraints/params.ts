import { isoUtc } from '../sql.js';

/** Bound parameters of one query: `add` binds a value and returns its placeholder (`$p1`) for the SQL text. */
export class Params {
  readonly values: Record<string, string | number | boolean> = {};
  private next = 1;

  add(value: string | number | boolean): string {
    const name = `p${this.next++}`;
    this.values[name] = value;
    return `$${name}`;
  }

  /** Binds an ISO instant and returns SQL for it as a naive-UTC TIMESTAMP. */
  time(iso: string): string {
    return `CAST(${this.add(iso.replace('T', ' ').replace(/Z$/, ''))} AS TIMESTAMP)`;
  }
}

/** SQL rendering a TIMESTAMP column as the API's UTC string (`2024-03-01T00:00:00+00:00`). */
export const utcText = isoUtc;

/** Market ids of an `isos` parameter: comma-separated, trimmed, lower-cased, blanks dropped. */
export function parseIsos(isos: string | undefined): string[] | undefined {
  if (isos === undefined) return undefined;
  return isos.split(',').map((iso) => iso.trim().toLowerCase()).filter(Boolean);
}
