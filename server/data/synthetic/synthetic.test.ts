import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../../app.js';
import { entityId } from '../constraints/ids.js';
import { parseEdartScheduled } from './edart.js';
import { parseFacility } from './facilities.js';
import { destination, distanceKm } from './geo.js';
import { generateTickets } from './outages.js';
import { shiftFactor } from './shift-factors.js';
import { readSyntheticInputs, type SyntheticInputs } from './sources.js';
import { SubstationPlacer, matchNode } from './substations.js';
import { versionsFromEdart } from './tickets.js';

/** The seeded generators: determinism, the documented rules, and the eDART parser on the real exemplar. */

let inputs: SyntheticInputs;
beforeAll(async () => {
  inputs = await readSyntheticInputs(DEFAULT_DATA_DIR);
});

describe('entity ids', () => {
  it('are UUIDv5-style, deterministic and distinct per kind and market', () => {
    const id = entityId('constraint', 'pjm', 'BERGEN 230 KV BER-HUD');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entityId('constraint', 'pjm', 'BERGEN 230 KV BER-HUD')).toBe(id);
    expect(entityId('contingency', 'pjm', 'BERGEN 230 KV BER-HUD')).not.toBe(id);
    expect(entityId('constraint', 'miso', 'BERGEN 230 KV BER-HUD')).not.toBe(id);
  });
});

describe('facility names', () => {
  it.each([
    ['CHESWICK138 KV CHE-LF53', { from: 'CHESWICK', to: 'LF53', voltage: 138 }],
    ['LENOX-NMESHOPP NML 1090 B 115 KV', { from: 'LENOX', to: 'NMESHOPP NML', voltage: 115 }],
    ['Turkey Hill - Hilgard 138 kV l/o Prairie State - Mt Vernon 345 kV', { from: 'Turkey Hill', to: 'Hilgard', voltage: 138 }],
    ['12 DRESDEN 45TR81 CT H 345 KV', { from: 'DRESDEN', to: null, voltage: 345 }],
    ['NOTTINGHM 2-3 SER DEV A 230 KV', { from: 'NOTTINGHM', to: null, voltage: 230 }],
    ['YORKANA B43 CB', { from: 'YORKANA', to: null, voltage: null }],
  ])('%s', (name, expected) => {
    expect(parseFacility(name)).toEqual(expected);
  });
});

describe('substations', () => {
  it('sit near a PJM node whose name the station begins, else inside the footprint; same name, same point', () => {
    const placer = new SubstationPlacer(inputs);
    const node = matchNode('BERGEN', inputs.nodes)!;
    expect(node.name).toBe('Bergen Generating Station');
    const bergen = placer.place('BERGEN');
    expect(distanceKm(bergen, node)).toBeLessThanOrEqual(3.01);
    expect(matchNode('BER', inputs.nodes)).toBeUndefined();
    for (const name of ['ZZQX', 'ALTAVSTA', 'QUARRY']) expect(inputs.footprint.contains(placer.place(name))).toBe(true);
    const far = placer.place('HUD-FAR-END', bergen);
    expect(distanceKm(far, bergen)).toBeGreaterThanOrEqual(9.99);
    expect(new SubstationPlacer(inputs).place('ALTAVSTA')).toEqual(placer.place('ALTAVSTA'));
  });
});

describe('shift factors', () => {
  const start = { latitude: 40, longitude: -78 };
  const facility = { constraintId: 'c1', start, end: destination(start, 20, 90) };

  it('stay in [-1, 1] and fall with distance from the facility along a bearing', () => {
    const values = [5, 50, 100, 200, 400].map((km) => shiftFactor(facility, { id: 'x', ...destination(start, km, 80) }, 'k', 'd'));
    expect(values.every((v) => v >= -1 && v <= 1)).toBe(true);
    const magnitudes = values.map(Math.abs);
    // Per-location factors (±15 %) may reorder close neighbours; far ones are clearly smaller.
    expect(magnitudes[0]!).toBeGreaterThan(magnitudes[3]!);
    expect(magnitudes[4]!).toBeLessThan(magnitudes[1]!);
  });

  it('take the sign of the side of the facility, and are exactly 0 far away', () => {
    const mid = destination(start, 10, 90);
    const east = shiftFactor(facility, { id: 'e', ...destination(mid, 60, 90) }, 'k', 'd');
    const west = shiftFactor(facility, { id: 'w', ...destination(mid, 60, 270) }, 'k', 'd');
    expect(Math.sign(east)).toBe(-Math.sign(west));
    expect(shiftFactor(facility, { id: 'f', latitude: 30, longitude: -100 }, 'k', 'd')).toBe(0);
    expect(shiftFactor(facility, { id: 'e', ...destination(mid, 60, 90) }, 'k', 'd')).toBe(east);
  });
});

describe('eDART exemplar and tickets', () => {
  it('parses ticket 724453 with Eastern times converted to UTC', () => {
    const [ticket] = parseEdartScheduled(inputs.edart);
    expect(ticket).toMatchObject({ ticket: 724453, status: 'Active', outage_type: 'Continuous', causes: ['Maintenance: Inspection / General Maintenance'] });
    expect(ticket!.equipment).toHaveLength(3);
    expect(new Date(ticket!.equipment[0]!.start).toISOString()).toBe('2017-11-19T15:00:00.000Z'); // 10:00 EST
    expect(new Date(ticket!.equipment[0]!.end).toISOString()).toBe('2027-11-01T20:00:00.000Z'); // 16:00 EDT
    expect(new Date(ticket!.history_log[0]!.at).toISOString()).toBe('2017-11-19T16:16:00.000Z');
    expect(versionsFromEdart(ticket!).map((v) => [v.version, new Date(v.version_time).toISOString()])).toEqual([
      [1, '2021-11-02T01:28:00.000Z'],
      [2, '2024-10-27T11:19:00.000Z'],
    ]);
  });

  it('generates deterministic synthetic tickets with ordered versions inside the horizon', () => {
    const options = {
      market: 'pjm', count: 50, firstTicket: 9_000_001, horizon: Date.UTC(2024, 11, 1),
      windows: [{ from: Date.UTC(2024, 0, 1), to: Date.UTC(2024, 5, 1), weight: 1 }],
      stations: [{ name: 'ALPHA', zone: 'PPL', voltage: 230, partner: 'BETA' }, { name: 'GAMMA', zone: 'PECO', voltage: 138, partner: null }],
    };
    const versions = generateTickets(options);
    expect(generateTickets(options)).toEqual(versions);
    const byTicket = new Map<number, typeof versions>();
    for (const v of versions) byTicket.set(v.ticket, [...(byTicket.get(v.ticket) ?? []), v]);
    expect(byTicket.size).toBe(50);
    for (const list of byTicket.values()) {
      expect(list.map((v) => v.version)).toEqual(list.map((_, i) => i + 1));
      expect(list.every((v, i) => i === 0 || v.version_time > list[i - 1]!.version_time)).toBe(true);
      expect(list.every((v) => v.start < v.end && v.version_time <= options.horizon && v.is_synthetic && v.equipment.length > 0)).toBe(true);
    }
  });
});
