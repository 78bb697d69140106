import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../../app.js';
import { tempDir } from '../../test-support/testing.js';
import { CATALOGUE } from '../catalogue/index.js';
import { EMBEDDED_CONSTRAINT_DATASETS } from '../constraints/configs.js';
import { entityId } from '../constraints/ids.js';
import { ConstraintStore } from '../constraints/store.js';
import { parseEdartScheduled } from './edart.js';
import { parseFacility } from '../../../shared/reference/facilityNames.js';
import { destination, distanceKm } from './geo.js';
import { generateTickets } from './outages.js';
import { SCALED_DATASET, generateScaledDatabase, type ScaleOptions } from './scale.js';
import { shiftFactor } from './shift-factors.js';
import { readSyntheticInputs, type SyntheticInputs } from './sources.js';
import { SubstationPlacer, matchNode } from './substations.js';
import { versionsFromEdart } from './tickets.js';

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
    placer.placeLines([{ from: 'BERGEN', to: 'HUD-FAR-END', voltage: 230 }]);
    expect(placer.place('BERGEN')).toEqual(bergen);
    expect(distanceKm(placer.get('HUD-FAR-END')!, bergen)).toBeGreaterThanOrEqual(9.99);
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

describe('labels', () => {
  it('the catalogue holds only real samples; a generated dataset says SYNTHETIC and has an id of its own', () => {
    for (const entry of CATALOGUE) {
      expect(entry.description, entry.id).toMatch(/small real sample/);
      expect(entry.description, entry.id).not.toMatch(/synthetic/i);
    }
    expect(SCALED_DATASET.description).toMatch(/^SYNTHETIC /);
    expect(CATALOGUE.map((e) => e.id)).not.toContain(SCALED_DATASET.dataset_id);
    expect(EMBEDDED_CONSTRAINT_DATASETS.map((c) => c.dataset_id)).not.toContain(SCALED_DATASET.dataset_id);
    expect(EMBEDDED_CONSTRAINT_DATASETS.every((c) => CATALOGUE.some((e) => e.id === c.dataset_id))).toBe(true);
  });
});

describe('--scale generator (small parameters)', () => {
  const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('scale-test');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const options: Omit<ScaleOptions, 'file'> = {
    dataDir: DEFAULT_DATA_DIR, days: 2, bindingConstraints: 4, constraints: 15, contingencies: 9, outageTickets: 6, start: Date.UTC(2024, 0, 1),
  };

  async function contents(file: string): Promise<Record<string, unknown[]>> {
    const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
    const conn = await instance.connect();
    try {
      const out: Record<string, unknown[]> = {};
      const tables = (await conn.runAndReadAll("SELECT table_name FROM duckdb_tables() WHERE table_name <> 'gs_store_facts' ORDER BY 1")).getRowObjectsJson();
      for (const { table_name: table } of tables) {
        out[String(table)] = (await conn.runAndReadAll(`SELECT COLUMNS(c -> c NOT IN ('gs_created_at_utc', 'gs_updated_at_utc')) FROM "${String(table)}" ORDER BY ALL`)).getRowObjectsJson();
      }
      return out;
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  }

  it('writes the requested counts under its own dataset id, described as SYNTHETIC', async () => {
    const file = path.join(dir, 'a.duckdb');
    const summary = await generateScaledDatabase({ ...options, file });
    expect(summary).toEqual({
      file,
      dataset_id: 'pjm_marginal_value_real_time_5_min_synthetic_scale',
      description: expect.stringMatching(/^SYNTHETIC /),
      binding_rows: 2 * 288 * 4,
      constraints: 15,
      contingencies: 9,
      outage_tickets: 6 + 1, // + the real eDART ticket 724453
      start_utc: '2024-01-01T00:00:00.000Z',
      end_utc: '2024-01-03T00:00:00.000Z',
    });
    const realIds = new Set([...CATALOGUE.map((e) => e.id), ...EMBEDDED_CONSTRAINT_DATASETS.map((c) => c.dataset_id)]);
    expect(realIds.has(SCALED_DATASET.dataset_id)).toBe(false);

    const store = await ConstraintStore.open({ path: file });
    try {
      expect(store.datasetConfigs().map((c) => [c.dataset_id, c.description])).toEqual([[SCALED_DATASET.dataset_id, SCALED_DATASET.description]]);
      const facts = await store.withConnection(async (conn) => (await conn.runAndReadAll(`
        SELECT count(DISTINCT monitored_facility)::INTEGER AS binding, count(DISTINCT interval_start_utc)::INTEGER AS intervals,
               min(shadow_price) AS lo, max(shadow_price) AS hi,
               (SELECT count(*)::INTEGER FROM gs_constraints WHERE len(available_datasets) > 0) AS with_rows,
               (SELECT count(*)::INTEGER FROM gs_outage_versions WHERE NOT is_synthetic AND ticket <> 724453) AS real_other
        FROM ${SCALED_DATASET.dataset_id}`)).getRowObjectsJson()[0]);
      expect(facts).toMatchObject({ binding: 4, intervals: 2 * 288, with_rows: 4, real_other: 0 });
      expect(Number(facts!.lo)).toBeGreaterThanOrEqual(-1000.01);
      expect(Number(facts!.hi)).toBeLessThanOrEqual(-0.01);
    } finally {
      store.close();
    }
  });

  it('is deterministic: the same options give the same rows (build time stamps aside)', async () => {
    const first = path.join(dir, 'a.duckdb');
    if (!existsSync(first)) await generateScaledDatabase({ ...options, file: first });
    const second = path.join(dir, 'b.duckdb');
    await generateScaledDatabase({ ...options, file: second });
    const [a, b] = [await contents(first), await contents(second)];
    expect(Object.keys(a)).toEqual(expect.arrayContaining([SCALED_DATASET.dataset_id, 'gs_constraints', 'gs_shift_factors', 'gs_outage_versions']));
    expect(a[SCALED_DATASET.dataset_id]).toHaveLength(2 * 288 * 4);
    expect(b).toEqual(a);
  });

  it('CLI: --scale writes the file and prints the summary as one JSON line; bad arguments exit 2', () => {
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    const cli = path.join(ROOT, 'server', 'data', 'synthetic', 'cli.ts');
    const out = path.join(dir, 'cli.duckdb');
    const run = spawnSync(tsx, [cli, '--scale', '--out', out, '--days', '1', '--binding', '2', '--constraints', '5', '--tickets', '3'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ file: out, dataset_id: SCALED_DATASET.dataset_id, binding_rows: 288 * 2, constraints: 5, outage_tickets: 4 });
    const bad = spawnSync(tsx, [cli, '--scale', '--out', path.join(dir, 'x.duckdb'), '--days', '0'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^usage: /);
  }, 60_000);
});
