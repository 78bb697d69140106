import { z } from 'zod';
import { DateTimeString } from './common.js';
import { SubstationLocation } from './constraints.js';
import { QueryDateTime, queryInteger } from './request-params.js';

/** One piece of equipment of a ticket (eDART "FACILITY NAME" line); every key present (docs/api.md#active-outages). */
export const OutageEquipment = z.object({
  zone: z.string(),
  facility_name: z.string(),
  equipment_type: z.string().describe('eDART facility type, e.g. BRKR, LINE, XFMR, CAP'),
  station_1: z.string(),
  station_2: z.string(),
  from_substation: SubstationLocation.nullable().describe('station_1 coordinates; SYNTHETIC for PJM stations'),
  to_substation: SubstationLocation.nullable().describe('station_2 coordinates; SYNTHETIC for PJM stations'),
  voltage: z.number().describe('kV'),
  equipment_name: z.string(),
  switching_action: z.string().describe('OPEN or CLOSED (eDART O/C)'),
  interval_start_utc: DateTimeString,
  interval_end_utc: DateTimeString,
});
export type OutageEquipment = z.infer<typeof OutageEquipment>;

/** A ticket as it stood at `start_time`; only ticket 724453 is real, the others SYNTHETIC (docs/constraints.md). */
export const OutageTicket = z.object({
  ticket: z.number().int(),
  status: z.string(),
  outage_type: z.string(),
  version_time_utc: DateTimeString.describe('time of the ticket version shown (the last change at or before start_time)'),
  current_interval_start_utc: DateTimeString,
  current_interval_end_utc: DateTimeString,
  causes: z.array(z.string()),
  equipment: z.array(OutageEquipment),
  is_synthetic: z.boolean().describe('ours: true for tickets made by the SYNTHETIC generator'),
});
export type OutageTicket = z.infer<typeof OutageTicket>;

/** `truncated`: more tickets matched than `limit`. */
export const ActiveOutagesResponse = z.object({ truncated: z.boolean(), tickets: z.array(OutageTicket) });
export type ActiveOutagesResponse = z.infer<typeof ActiveOutagesResponse>;

// `start_date=` is absent; read here so the route and the plan hook's row bound (server/plans/rowBounds.ts) agree.
const nullableQueryDateTime = z
  .preprocess((raw) => (typeof raw === 'string' && raw.trim() === '' ? undefined : raw), QueryDateTime.optional())
  .meta({ type: ['string', 'null'], format: 'date-time' });

export const ActiveOutagesQuery = z.object({
  start_time: QueryDateTime.describe('inclusive window start; also the as-of cutoff for reconstruction'),
  end_time: QueryDateTime.describe('exclusive window end'),
  start_date: nullableQueryDateTime.describe(
    'inclusive lower bound on current_interval_start_utc; nullable: an empty value (`start_date=`) is the same as leaving it out',
  ),
  limit: queryInteger(1, 100_000).default(50_000),
});
export type ActiveOutagesQuery = z.output<typeof ActiveOutagesQuery>;

export const MarketPath = z.object({ market_id: z.string() });
