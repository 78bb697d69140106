import { describe, expect, it } from 'vitest';
import {
  ClientActiveOutages,
  ClientBindingLocations,
  ClientConstraintList,
  ClientConstraintLocation,
  ClientContingencyList,
  ClientLocationConstraintCosts,
} from './bodies.js';

// What another spec-valid /v1 server may send, read into the shared types (docs/desktop.md#grid-verbs).

const constraint = { gs_entity_id: 'c1', constraint_name: 'A-B 230 KV', market_id: 'pjm' };
const T = '2024-09-02T00:00:00+00:00';

describe('lenient grid bodies', () => {
  it('constraint list: envelope or bare array; absent times, datasets and metadata → null', () => {
    const fromEnvelope = ClientConstraintList.parse({ data: [constraint] });
    expect(fromEnvelope).toEqual({
      data: [{ ...constraint, earliest_seen_utc: null, latest_seen_utc: null, available_datasets: null }],
      dataset_metadata: null,
    });
    expect(ClientConstraintList.parse([constraint])).toEqual(fromEnvelope);
    expect(ClientConstraintList.safeParse({ data: [{ ...constraint, constraint_name: 5 }] }).success).toBe(false);
  });

  it('contingencies: bare array or {data}; the two timestamps stay required', () => {
    const c = { gs_entity_id: 'k1', contingency_name: 'BASE', gs_created_at_utc: T, gs_updated_at_utc: T };
    expect(ClientContingencyList.parse({ data: [c] })).toEqual(ClientContingencyList.parse([c]));
    expect(ClientContingencyList.parse([c])[0]).toMatchObject({ market_id: null, available_datasets: null });
    expect(ClientContingencyList.safeParse([{ ...c, gs_created_at_utc: undefined }]).success).toBe(false);
  });

  it('location without start/end → null; costs without contingency or cost keys → null', () => {
    expect(ClientConstraintLocation.parse({ constraint_gs_entity_id: 'c1', constraint_name: 'A-B' })).toMatchObject({
      start: null,
      end: null,
    });
    const cost = { constraint_gs_entity_id: 'c1', constraint_name: 'A-B', shift_factor: 0.1 };
    expect(ClientLocationConstraintCosts.parse([cost])).toEqual([
      { ...cost, contingency_gs_entity_id: null, contingency_name: null, absolute_cost: null, adjusted_cost: null },
    ]);
  });

  it('binding constraints: absent substations, contingencies and observation contingency → null / []', () => {
    const item = {
      ...{ constraint_gs_entity_id: 'c1', constraint_name: 'A-B', market_id: 'pjm', dataset_id: 'd' },
      ...{ peak_abs_shadow_price: 40, peak_interval_start_utc: T, binding_interval_count: 1 },
      observations: [{ interval_start_utc: T, interval_end_utc: T, shadow_price: -40 }],
    };
    expect(ClientBindingLocations.parse({ data: [item] })).toEqual([
      {
        ...item,
        start: null,
        end: null,
        contingencies: [],
        observations: [{ ...item.observations[0], contingency_gs_entity_id: null, contingency_name: null }],
      },
    ]);
  });

  it('outages: a bare ticket array is not truncated; an unmarked ticket is real; absent substations → null', () => {
    const equipment = {
      ...{ zone: 'PE', facility_name: 'X', equipment_type: 'LINE', station_1: 'A', station_2: 'B', voltage: 230 },
      ...{ equipment_name: 'A-B', switching_action: 'OPEN', interval_start_utc: T, interval_end_utc: T },
    };
    const ticket = {
      ...{ ticket: 1, status: 'Active', outage_type: 'Planned', version_time_utc: T },
      ...{ current_interval_start_utc: T, current_interval_end_utc: T, equipment: [equipment] },
    };
    const read = ClientActiveOutages.parse([ticket]);
    expect(read.truncated).toBe(false);
    expect(read.tickets[0]).toMatchObject({ is_synthetic: false, causes: [] });
    expect(read.tickets[0]!.equipment[0]).toMatchObject({ from_substation: null, to_substation: null });
    expect(ClientActiveOutages.parse({ truncated: true, tickets: [{ ...ticket, is_synthetic: true }] })).toMatchObject({
      truncated: true,
      tickets: [{ is_synthetic: true }],
    });
    expect(ClientActiveOutages.safeParse({ tickets: [{ ...ticket, ticket: 'one' }] }).success).toBe(false);
  });
});
