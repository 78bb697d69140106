/** What the map says about synthetic data (docs/constraints.md): its badges' tooltips and the popups' notes. */

/** The sentence of a layer built from synthetic substation coordinates. */
export const SYNTHETIC_COORDINATES =
  'Synthetic: the substation coordinates are generated (docs/constraints.md), not published; names and prices are real.';
/** The sentence of a synthetic outage ticket. */
export const SYNTHETIC_TICKET = 'Synthetic ticket: generated (docs/constraints.md), not a published eDART ticket.';
/** The sentence of a real ticket drawn at synthetic station coordinates. */
export const SYNTHETIC_STATIONS = 'Real ticket; its station coordinates are synthetic (generated, docs/constraints.md).';
