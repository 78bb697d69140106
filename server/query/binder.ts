import { sqlType } from './columns.js';

/** Bound parameters `$p0`, `$p1`, …: request values never enter SQL text (typed ones are bound as text, then cast in SQL). */
export class Binder {
  readonly values: Record<string, string | number> = {};
  private next = 0;

  /** A copy with the same values that continues the numbering (one per statement built on a shared part). */
  fork(): Binder {
    const copy = new Binder();
    Object.assign(copy.values, this.values);
    copy.next = this.next;
    return copy;
  }

  /** Binds a value; returns its placeholder (`$p3`). */
  bind(value: string | number): string {
    const name = `p${this.next++}`;
    this.values[name] = value;
    return `$${name}`;
  }

  /** The values `sql` uses: DuckDB refuses to bind an unused parameter, and several statements share one binder. */
  valuesFor(sql: string): Record<string, string | number> {
    const used: Record<string, string | number> = {};
    for (const [, name] of sql.matchAll(/\$(p\d+)\b/g)) if (name! in this.values) used[name!] = this.values[name!]!;
    return used;
  }

  /** Binds text and casts it to a catalogue type (the caller checked the cast cannot fail): `CAST($p3 AS TIMESTAMP)`. */
  cast(value: string, catalogueType: string): string {
    return `CAST(${this.bind(value)} AS ${sqlType(catalogueType)})`;
  }
}
