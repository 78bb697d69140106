import { sqlType } from './columns.js';

/**
 * Bound parameters of one SQL statement (CONVENTIONS §10): request values never enter SQL text.
 * Each value gets a name `$p0`, `$p1`, ...; typed values are bound as text and cast in SQL to the
 * column's type, after the caller checked that the cast cannot fail.
 */
export class Binder {
  /** Values by parameter name, as `DuckDBConnection.run(sql, values)` takes them. */
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

  /**
   * The values `sql` refers to: DuckDB refuses to bind a parameter a statement does not use, and
   * several statements share one binder (e.g. the zone of `_local` columns is unused by probes).
   */
  valuesFor(sql: string): Record<string, string | number> {
    const used: Record<string, string | number> = {};
    for (const [, name] of sql.matchAll(/\$(p\d+)\b/g)) if (name! in this.values) used[name!] = this.values[name!]!;
    return used;
  }

  /** Binds text and casts it to a catalogue type: `CAST($p3 AS TIMESTAMP)`. */
  cast(value: string, catalogueType: string): string {
    return `CAST(${this.bind(value)} AS ${sqlType(catalogueType)})`;
  }
}
