import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/index.js';
import type { BindingWindowInfo, BoundConstraint, OutageTicket, Result } from '../../../shared/index.js';
import { tempWorkspace } from '../workspace/test-support/helpers.js';
import { openWorkspace } from '../workspace/workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import type { AnswerSources } from './answers.js';
import { ANSWER_LIFE_MS, createWatchlistService } from './service.js';
import type { WatchlistService } from './service.js';

// The watchlist service on a real workspace file and hand-made /v1 answers: kept across a reopen, renamed, deleted;
// changes counted from the look last opened; the last look kept, with the problem, when the answers fail (offline).

const CONSTRAINT = {
  kind: 'constraint' as const,
  name: 'LENOX',
  market: 'pjm',
  datasetId: 'pjm_rt',
  address: '#/constraints/C1?dataset=pjm_rt',
  constraintId: 'C1',
};
const CHECK = { days: 2, lastDay: '2024-09-03' };

/** What the fake /v1 says: C1's binding interval starts, its cost now and before, tickets near it; `down` fails every call. */
const world = { starts: ['2024-09-02T10:00:00Z'], cost: 100, previous: 40, tickets: [1], down: false };
const info = { limitReached: false, synthetic: [], fetchedAt: '2024-09-04T05:00:00Z' } as unknown as BindingWindowInfo;
const offline = (): Result<never> => fail('network', 'Could not reach the /v1 server.');
const ticket = (n: number) =>
  ({
    ticket: n,
    status: 'Approved',
    outage_type: 'Planned',
    current_interval_start_utc: '2024-09-01T00:00:00Z',
    current_interval_end_utc: '2024-09-09T00:00:00Z',
    equipment: [{ facility_name: 'F', from_substation: { latitude: 40, longitude: -75, name: 'S' }, to_substation: null }],
  }) as unknown as OutageTicket;

const sources: AnswerSources = {
  binding: {
    constraints: async ({ window }) =>
      world.down
        ? offline()
        : ok({
            window: info,
            constraints: [
              {
                constraint_gs_entity_id: 'C1',
                absolute_cost: window.start < '2024-09-02' ? world.previous : world.cost,
              } as BoundConstraint,
            ],
          }),
    intervals: async () => (world.down ? offline() : ok({ window: info, starts: world.starts })),
  },
  grid: {
    activeOutages: async () =>
      world.down ? offline() : ok({ truncated: false, tickets: world.tickets.map(ticket), synthetic: [] }),
    constraintLocation: async () =>
      world.down
        ? offline()
        : ok({
            constraint_gs_entity_id: 'C1',
            constraint_name: 'LENOX',
            start: { latitude: 40, longitude: -75, name: 'S' },
            end: null,
            synthetic: [],
          }),
    locationShiftFactors: async () => ok({ rows: [], synthetic: [] }),
    bindingLocations: async () => ok({ constraints: [], synthetic: [] }),
  },
};

let ws: Workspace;
let dir: string;
let cleanup: () => Promise<void>;
let service: WatchlistService;
let clock = 0;
const later = () => void (clock += ANSWER_LIFE_MS + 1);
const serviceOn = (w: Workspace) =>
  createWatchlistService({ ...sources, workspace: { use: (work) => work(w) }, now: () => clock });

async function value<T>(r: Promise<Result<T>>): Promise<T> {
  const x = await r;
  if (!x.ok) throw new Error(`${x.error.code}: ${x.error.message}`);
  return x.value;
}

beforeEach(async () => {
  Object.assign(world, { starts: ['2024-09-02T10:00:00Z'], cost: 100, previous: 40, tickets: [1], down: false });
  ({ ws, dir, cleanup } = await tempWorkspace());
  service = serviceOn(ws);
});
afterEach(async () => cleanup());

describe('the watchlist service', () => {
  it('stars once per thing, renames and deletes; the items are kept in the workspace file', async () => {
    const added = await value(service.add(CONSTRAINT));
    expect(added).toMatchObject({ name: 'LENOX', target: CONSTRAINT, openedAt: null, look: null, problem: null });
    expect((await value(service.add({ ...CONSTRAINT, name: 'again' }))).id).toBe(added.id);
    await value(service.rename({ id: added.id, name: '  Lenox 230  ' }));

    await ws.close();
    ws = await openWorkspace(dir, 'embedded');
    service = serviceOn(ws);
    expect((await value(service.list({}))).map((i) => [i.id, i.name])).toEqual([[added.id, 'Lenox 230']]);

    expect(await value(service.delete({ id: added.id }))).toEqual({ id: added.id });
    expect(await value(service.list({}))).toEqual([]);
    expect(await service.delete({ id: added.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await service.rename({ id: added.id, name: 'x' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('counts changes from the look last opened: a first look, then new intervals and tickets once opened', async () => {
    const { id } = await value(service.add(CONSTRAINT));
    const [first] = await value(service.check(CHECK));
    expect(first!.look!.changes).toMatchObject({
      firstLook: true,
      bindingIntervals: 1,
      cost: 100,
      previousCost: 40,
      ticketsNear: 1,
    });
    expect(first!.look).toMatchObject({ days: 2, lastDay: '2024-09-03', asOf: '2024-09-04T05:00:00Z' });
    expect(first!.look!.window).toEqual({ start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' });

    // Not opened yet: the baseline is still the first look, so what arrives keeps counting from it.
    world.starts = ['2024-09-02T10:00:00Z', '2024-09-03T10:00:00Z'];
    world.tickets = [1, 2];
    const [same] = await value(service.check(CHECK));
    expect(same!.look!.changes.bindingIntervals).toBe(1); // the answers of a few minutes ago are used again
    later();
    const [second] = await value(service.check(CHECK));
    expect(second!.look!.changes).toMatchObject({ firstLook: false, newIntervals: 1, newTicketCount: 1 });

    const opened = await value(service.open({ id }));
    expect(opened.openedAt).not.toBeNull();
    later();
    const [third] = await value(service.check(CHECK));
    expect(third!.look!.changes).toMatchObject({ newIntervals: 0, newTicketCount: 0, bindingIntervals: 2, ticketsNear: 2 });
  });

  it('offline, an item keeps its last look and says why; the next good check clears the problem', async () => {
    await value(service.add(CONSTRAINT));
    const [before] = await value(service.check(CHECK));
    world.down = true;
    later();
    const [stale] = await value(service.check(CHECK));
    expect(stale!.problem).toEqual({ code: 'network', message: 'Could not reach the /v1 server.' });
    expect(stale!.look).toEqual(before!.look);
    world.down = false;
    const [fresh] = await value(service.check(CHECK));
    expect(fresh!.problem).toBeNull();
  });

  it('an item never looked at while offline has no look, only the problem', async () => {
    world.down = true;
    await value(service.add(CONSTRAINT));
    const [item] = await value(service.check(CHECK));
    expect(item).toMatchObject({ look: null, problem: { code: 'network' } });
  });
});
