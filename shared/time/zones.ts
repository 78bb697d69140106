const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** True when `zone` is an IANA time zone name Intl knows (e.g. `US/Eastern`, `UTC`). */
export function isKnownZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** UTC offset of `zone` at instant `epochMs`, in milliseconds (e.g. -4 h for EDT). @throws RangeError for an unknown zone. */
export function zoneOffsetMs(zone: string, epochMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** Epoch ms of wall-clock `wallMs` (encoded as if UTC) in `zone`, DST read as docs/api.md#time-grammar says. */
export function wallTimeToEpoch(wallMs: number, zone: string): number {
  const before = zoneOffsetMs(zone, wallMs - 36 * 3600_000);
  const after = zoneOffsetMs(zone, wallMs + 36 * 3600_000);
  const candidates = [...new Set([before, after])].filter((offset) => zoneOffsetMs(zone, wallMs - offset) === offset);
  if (candidates.length === 0) return wallMs - before;
  return wallMs - Math.max(...candidates);
}
