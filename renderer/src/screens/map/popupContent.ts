import type { ConstraintFacts, Fact, OutageFacts } from './facts.js';

/**
 * A popup's content as DOM built from text nodes (`textContent`, never `innerHTML`: names and causes come from the
 * data service), for maplibre's `Popup.setDOMContent`.
 */

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function factList(facts: Fact[]): HTMLDListElement {
  const dl = el('dl', 'map-facts');
  for (const f of facts) {
    const row = el('div');
    row.append(el('dt', undefined, f.label), el('dd', undefined, f.value));
    dl.append(row);
  }
  return dl;
}

// Popups stay short: the badge says what is synthetic, its tooltip and the selection panel give the sentence.
function header(title: string, badge: string | null, synthetic: string | null): HTMLElement {
  const head = el('div', 'map-popup-head');
  head.append(el('h3', undefined, title));
  if (badge) {
    const b = el('span', 'badge warn', badge);
    if (synthetic) b.title = synthetic;
    head.append(b);
  }
  return head;
}

/** A binding constraint's popup: facts, observations in the shown window (nested table, "… N more"), links. */
export function constraintPopup(f: ConstraintFacts): HTMLElement {
  const root = el('div', 'map-popup-content');
  root.dataset.constraintId = f.id;
  root.append(header(f.title, f.badge, f.synthetic), factList(f.facts));
  if (f.observations.length) {
    const table = el('table', 'map-observations');
    table.append(el('caption', undefined, f.observationsCaption));
    const head = el('tr');
    for (const h of [f.intervalHeader, 'Shadow price ($/MWh)', 'Contingency']) head.append(el('th', undefined, h));
    table.append(el('thead'));
    table.tHead!.append(head);
    const body = el('tbody');
    for (const o of f.observations) {
      const tr = el('tr');
      tr.append(el('td', undefined, o.start), el('td', 'num', o.shadowPrice), el('td', undefined, o.contingency));
      body.append(tr);
    }
    table.append(body);
    root.append(table);
    if (f.more) root.append(el('p', 'muted', `… ${f.more.toLocaleString('en-US')} more`));
  } else root.append(el('p', 'muted', 'Not binding in the shown window.'));
  const links = el('p', 'map-links');
  const details = el('a', undefined, 'Open details');
  details.href = f.links.details;
  const table = el('a', undefined, 'Show in constraints table');
  table.href = f.links.table;
  links.append(details, table);
  root.append(links);
  return root;
}

/** An outage ticket's popup: facts, causes and its equipment (nested list); its badge says "Synthetic ticket" when it is. */
export function outagePopup(f: OutageFacts): HTMLElement {
  const root = el('div', 'map-popup-content');
  root.dataset.ticket = String(f.ticket);
  root.append(
    header(f.title, f.badge, f.synthetic),
    factList([...f.facts, { label: 'Causes', value: f.causes.join('; ') || '—' }]),
  );
  root.append(el('p', 'map-list-title', `Equipment (${f.equipment.length})`));
  const list = el('ul', 'map-equipment');
  for (const e of f.equipment) list.append(el('li', undefined, e));
  root.append(list);
  return root;
}

/** A pricing location's popup: name, type, market (real CommonGrid data). */
export function locationPopup(props: { name: string; location_type: string; market_id: string }): HTMLElement {
  const root = el('div', 'map-popup-content');
  root.append(el('h3', undefined, String(props.name)));
  root.append(
    factList([
      { label: 'Location type', value: String(props.location_type) },
      { label: 'Market', value: String(props.market_id).toUpperCase() },
      { label: 'Source', value: 'CommonGrid (real, ODbL)' },
    ]),
  );
  return root;
}
