// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID_CHOICE } from '../../features/constraints/gridChoice.js';
import { SYNTHETIC_COORDINATES, SYNTHETIC_TICKET } from '../../features/map/synthetic.js';
import { constraintFacts, outageFacts } from './facts.js';
import { constraintPopup, outagePopup } from './popupContent.js';
import { bindingConstraint, observation, ticket } from '../../test-support/mapFixtures.js';

const choice = DEFAULT_GRID_CHOICE;
const T = (iso: string) => Date.parse(iso);

describe('constraint popup', () => {
  it('lists the observations of the shown window, capped with "… N more", and links to details and the table', () => {
    const c = bindingConstraint({ observations: ['04:15', '04:20', '04:25', '04:30', '11:40'].map((t) => observation(t, -10)) });
    const facts = constraintFacts(c, {
      window: { start: T('2024-09-02T04:00:00Z'), end: T('2024-09-02T05:00:00Z') },
      choice,
      coordinatesSynthetic: true,
      cap: 3,
    });
    const el = constraintPopup(facts);
    expect(el.dataset.constraintId).toBe('c-1');
    expect([...el.querySelectorAll('tbody tr')].map((r) => r.firstChild!.textContent)).toEqual([
      '09-02 04:15',
      '09-02 04:20',
      '09-02 04:25',
    ]);
    expect(el.textContent).toContain('… 1 more');
    expect(el.textContent).toContain('Peak |shadow price|45.27 $/MWh');
    expect(el.querySelector('.badge')!.textContent).toBe('Synthetic coordinates');
    expect(el.querySelector<HTMLElement>('.badge')!.title).toBe(SYNTHETIC_COORDINATES);
    const links = [...el.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      [
        'Open details',
        `#/constraints/c-1?dataset=${choice.datasetId}&market=pjm&start=2024-09-02T00%3A00%3A00Z&end=2024-09-04T00%3A00%3A00Z`,
      ],
      ['Show in constraints table', expect.stringMatching(/^#\/constraints\?.*selected=c-1$/)],
    ]);
  });

  it('says when the constraint does not bind in the window; names are text, never markup', () => {
    const c = bindingConstraint({ constraint_name: '<img src=x onerror=alert(1)>' });
    const el = constraintPopup(
      constraintFacts(c, {
        window: { start: T('2024-09-02T20:00:00Z'), end: T('2024-09-02T21:00:00Z') },
        choice,
        coordinatesSynthetic: false,
        cap: 5,
      }),
    );
    expect(el.querySelector('img')).toBeNull();
    expect(el.querySelector('h3')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(el.textContent).toContain('Not binding in the shown window.');
    expect(el.querySelector('.badge')).toBeNull();
  });

  it('"All times" lists every observation', () => {
    const facts = constraintFacts(bindingConstraint(), { window: null, choice, coordinatesSynthetic: false, cap: 10 });
    expect(facts.observations).toHaveLength(3);
    expect(facts.observationsCaption).toBe('Binding intervals');
  });
});

describe('outage popup', () => {
  it('lists ticket, type, status, interval, causes and equipment; a synthetic ticket says so', () => {
    const el = outagePopup(outageFacts(ticket({ causes: ['Maintenance', 'Relay'] }), true));
    expect(el.dataset.ticket).toBe('9000001');
    expect(el.querySelector('h3')!.textContent).toBe('Outage ticket 9000001');
    expect(el.querySelector('.badge')!.textContent).toBe('Synthetic ticket');
    expect(el.querySelector<HTMLElement>('.badge')!.title).toBe(SYNTHETIC_TICKET);
    expect(el.textContent).toContain('Outage typeContinuous');
    expect(el.textContent).toContain('StatusActive');
    expect(el.textContent).toContain('Interval2024-09-02 00:00 UTC → 2024-09-02 12:00 UTC');
    expect(el.textContent).toContain('CausesMaintenance; Relay');
    expect([...el.querySelectorAll('.map-equipment li')].map((li) => li.textContent)).toEqual([
      'LINE D42 · 345 kV · MANSFIEL → SAMMIS',
    ]);
  });

  it('a real ticket at synthetic stations says that instead', () => {
    expect(outageFacts(ticket({ is_synthetic: false }), true).badge).toBe('Synthetic coordinates');
    expect(outageFacts(ticket({ is_synthetic: false }), false).badge).toBeNull();
  });
});
