import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../../app.js';
import { sourceRows } from '../../test-support/constraintRows.js';
import { parseFacility } from '../../../shared/reference/facilityNames.js';
import { distanceKm } from './geo.js';
import { generateGeometry } from './geometry.js';
import { facilityStates } from './regions.js';
import { scaleConstraintName } from './scale.js';
import { readSyntheticInputs, type SyntheticInputs } from './sources.js';
import { SubstationPlacer } from './substations.js';
import { DEFAULT_VOLTAGE_KV, lineLength } from './voltage.js';

// The placement rules of docs/constraints.md#generators-seeded-deterministic, on the embedded facility names and on the
// scaled generator's.

let inputs: SyntheticInputs;
let embedded: string[];
beforeAll(async () => {
  inputs = await readSyntheticInputs(DEFAULT_DATA_DIR);
  embedded = [...new Set((await sourceRows()).map((r) => r.facility))].sort();
});

function place(names: readonly string[]) {
  const placer = new SubstationPlacer(inputs);
  const geometry = generateGeometry('pjm', names, placer, inputs.nodes);
  const lines = names.map((name) => {
    const { from, to, voltage } = parseFacility(name);
    const start = placer.get(from)!;
    const end = to ? placer.get(to)! : start;
    return { name, voltage, start, end, km: distanceKm(start, end) };
  });
  return { placer, geometry, lines };
}

const node = (name: string) => inputs.nodes.find((n) => n.name === name)!;

describe('voltage classes', () => {
  it.each([
    [69, 60],
    [115, 150],
    [138, 150],
    [230, 150],
    [345, 300],
    [500, 300],
    [765, 300],
  ])('%i kV: typical lengths inside the limit of %i km', (kv, limit) => {
    const length = lineLength(kv);
    expect(length.limit).toBe(limit);
    expect(length.min).toBeGreaterThan(0);
    expect(length.max).toBeLessThanOrEqual(limit);
  });

  it('a facility without a kV is the default class', () => {
    expect(lineLength(null)).toEqual(lineLength(DEFAULT_VOLTAGE_KV));
    expect(parseFacility('Stillwell-Dumont 345 l/o Wilton Center-Dumont 765').voltage).toBe(345);
    expect(parseFacility('PLEASNTV-ASHBURN 274D').voltage).toBeNull();
  });
});

describe('embedded constraints', () => {
  it('put every substation inside the PJM footprint', () => {
    const { placer } = place(embedded);
    expect(placer.all().length).toBeGreaterThan(50);
    for (const s of placer.all()) expect(inputs.footprint.contains(s), s.name).toBe(true);
  });

  it('draw no line longer than its voltage class allows (115–230 kV ≤ 150 km, none over 300 km)', () => {
    for (const line of place(embedded).lines) {
      expect(line.km, line.name).toBeLessThanOrEqual(lineLength(line.voltage).limit);
      expect(line.km, line.name).toBeLessThanOrEqual(300);
      if (line.voltage && line.voltage >= 115 && line.voltage <= 230) expect(line.km, line.name).toBeLessThanOrEqual(150);
    }
  });

  it('are deterministic: the same names give the same points and rows', () => {
    const [a, b] = [place(embedded), place([...embedded])];
    expect(b.placer.all()).toEqual(a.placer.all());
    expect(b.geometry.rows).toEqual(a.geometry.rows);
  });

  it('LAKENELS-MIDDLESE (a New Jersey 230 kV line) is drawn in New Jersey, at Middlesex, within 150 km', () => {
    const line = place(embedded).lines.find((l) => l.name === 'LAKENELS-MIDDLESE I-1023-3 B 230 KV')!;
    expect(distanceKm(line.end, node('Middlesex County Utilities Authority'))).toBeLessThanOrEqual(3.01);
    expect(line.km).toBeLessThanOrEqual(lineLength(230).limit);
    for (const p of [line.start, line.end]) {
      expect(p.latitude).toBeGreaterThan(38.9);
      expect(p.latitude).toBeLessThan(41.4);
      expect(p.longitude).toBeGreaterThan(-75.6);
      expect(p.longitude).toBeLessThan(-73.8);
    }
  });

  it('DRESDEN (a ComEd name) is at Dresden Generating Station, Illinois, not Dresden Energy Facility, Ohio', () => {
    expect(facilityStates('12 DRESDEN 45TR81 CT H 345 KV')).toEqual(['IL']);
    const { placer, lines } = place(embedded);
    const illinois = node('Dresden Generating Station');
    expect(distanceKm(placer.get('DRESDEN')!, illinois)).toBeLessThanOrEqual(3.01);
    const dresd = lines.find((l) => l.name === '12 DRESD-935 KEND 93505_1 A 345 KV')!;
    expect(distanceKm(dresd.start, illinois)).toBeLessThanOrEqual(3.01);
    expect(distanceKm(dresd.end, node('Kendall County Generation Facility'))).toBeLessThanOrEqual(3.01);
    // Every ComEd-numbered station without a plant of its name still lands in Illinois (west of Indiana's line).
    for (const name of ['WILT', 'COLLI', 'HAURD', 'POWERT']) expect(placer.get(name)!.longitude, name).toBeLessThan(-87.5);
  });

  it('an unmatched far end is placed a typical line length of its class from its start', () => {
    const [line] = place(['BERGEN 230 KV BER-HUD']).lines;
    expect(distanceKm(line!.start, node('Bergen Generating Station'))).toBeLessThanOrEqual(3.01);
    expect(line!.km).toBeGreaterThanOrEqual(lineLength(230).min - 0.01);
    expect(line!.km).toBeLessThanOrEqual(lineLength(230).max + 0.01);
  });

  it('a name match out of reach of the partner station is not used: that end falls back to a line length', () => {
    const [line] = place(['DRESD-MIDDLESE 1 230 KV']).lines;
    expect(distanceKm(line!.start, node('Dresden Energy Facility'))).toBeLessThanOrEqual(3.01);
    expect(line!.km).toBeLessThanOrEqual(lineLength(230).limit);
    expect(distanceKm(line!.end, node('Middlesex County Utilities Authority'))).toBeGreaterThan(300);
  });
});

describe('scaled constraints', () => {
  it('5,000 lines: every point inside the footprint and every line inside its class', () => {
    const names = Array.from({ length: 5000 }, (_, i) => scaleConstraintName(i));
    const { placer, lines } = place(names);
    for (const s of placer.all()) expect(inputs.footprint.contains(s)).toBe(true);
    const over = lines.filter((l) => l.km > lineLength(l.voltage).limit).map((l) => `${l.name}: ${l.km.toFixed(0)} km`);
    expect(over).toEqual([]);
  }, 60_000);
});
