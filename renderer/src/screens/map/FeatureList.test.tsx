// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { filterRange } from '../../features/map/gpuFilter.js';
import { decodeMapFeatures } from '../../features/map/mapColumns.js';
import { mapRows } from '../../features/map/mapRows.js';
import { shownFeatures } from '../../features/map/shownList.js';
import { equipmentRow, mapFeaturesAnswer, runRow } from '../../test-support/mapFeatures.js';
import { FEATURE_PAGE, FeatureList } from './FeatureList.js';

afterEach(cleanup);

const O = Date.parse('2024-09-02T00:00:00Z');
const rows = (tickets = 2) =>
  mapRows(
    decodeMapFeatures(
      mapFeaturesAnswer(
        [runRow({ constraint_gs_entity_id: 'c-2', constraint_name: 'SMALL', peak_abs_shadow_price: 3 }), runRow()],
        Array.from({ length: tickets }, (_, k) => equipmentRow({ ticket: 9000001 + k })),
        { originMs: O },
      ),
    ),
  );

function renderList(r = rows(), selected: string | null = null) {
  const onPick = vi.fn();
  const onClear = vi.fn();
  const features = shownFeatures(r, new Uint8Array(r.equipment.count).fill(1), filterRange(null, O), {
    binding: true,
    outages: true,
  });
  render(
    <FeatureList features={features} rows={r} zone="America/New_York" selected={selected} onPick={onPick} onClear={onClear} />,
  );
  const list = screen.getByRole('list', { name: 'Features in the shown window' });
  return { onPick, onClear, list, buttons: () => within(list).getAllByRole('button') };
}

describe('FeatureList', () => {
  it('lists constraints by peak, then outages by ticket, in words and market time', () => {
    const { buttons } = renderList();
    expect(buttons().map((b) => b.getAttribute('data-pick'))).toEqual([
      'constraint:c-1',
      'constraint:c-2',
      'ticket:9000001',
      'ticket:9000002',
    ]);
    expect(buttons()[0]!.textContent).toContain('DRESD-935 KEND 345 KV');
    expect(buttons()[0]!.textContent).toContain('45.27');
    expect(buttons()[2]!.textContent).toBe(
      'Outage ticket 9000001LINE D42 345 kV · Active · Continuous · out 2024-09-01 20:00 → 2024-09-02 08:00 EDT',
    );
  });

  it('selects as a click on the map does, with Enter or a click', () => {
    const { buttons, onPick } = renderList();
    fireEvent.click(buttons()[0]!);
    expect(onPick).toHaveBeenLastCalledWith({ kind: 'constraint', id: 'c-1', name: 'DRESD-935 KEND 345 KV', row: 1 });
    fireEvent.click(buttons()[3]!);
    expect(onPick).toHaveBeenLastCalledWith({ kind: 'outage', ticket: 9000002, row: 1 });
  });

  it('is one Tab stop; the arrows, Home and End move the focus; Escape clears a selection', () => {
    const { buttons, list, onClear } = renderList(rows(), 'ticket:9000001');
    expect(buttons().map((b) => b.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(buttons()[2]!.getAttribute('aria-pressed')).toBe('true');
    buttons()[0]!.focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons()[1]);
    expect(buttons().map((b) => b.tabIndex)).toEqual([-1, 0, -1, -1]);
    fireEvent.keyDown(list, { key: 'End' });
    expect(document.activeElement).toBe(buttons()[3]);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons()[3]);
    fireEvent.keyDown(list, { key: 'Home' });
    expect(document.activeElement).toBe(buttons()[0]);
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(buttons()[0]);
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('Escape without a selection does nothing', () => {
    const { list, onClear } = renderList();
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(onClear).not.toHaveBeenCalled();
  });

  it('lists a large window a page at a time', () => {
    const { buttons } = renderList(rows(FEATURE_PAGE * 6));
    expect(buttons()).toHaveLength(FEATURE_PAGE);
    fireEvent.click(screen.getByRole('button', { name: /^Show 100 more of 127/ }));
    expect(buttons()).toHaveLength(FEATURE_PAGE * 5);
    fireEvent.click(screen.getByRole('button', { name: /^Show 27 more of 27/ }));
    expect(buttons()).toHaveLength(FEATURE_PAGE * 6 + 2);
    expect(screen.queryByRole('button', { name: /more of/ })).toBeNull();
  });
});
