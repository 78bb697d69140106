import type uPlot from 'uplot';

/**
 * A uPlot plugin that makes the legend's series toggles keyboard controls (docs/accessibility.md). uPlot toggles a line
 * on a click of its legend cell, which is not focusable; this wraps each series' marker and name in a `<button>` inside
 * that cell, so Tab reaches it and Enter or Space clicks it (the click bubbles to uPlot's own handler), and keeps the
 * button's `aria-pressed` equal to whether the line is shown.
 */
export function legendTogglesPlugin(): uPlot.Plugin {
  const buttons = new Map<number, HTMLButtonElement>();
  const sync = (u: uPlot) => {
    for (const [i, button] of buttons) button.setAttribute('aria-pressed', String(u.series[i]?.show !== false));
  };
  return {
    hooks: {
      init: [
        (u) => {
          const rows = [...u.root.querySelectorAll<HTMLTableRowElement>('.u-legend tr.u-series')];
          // Without a live legend the time series has no row: the rows are the last series.
          const first = u.series.length - rows.length;
          rows.forEach((row, r) => {
            const i = first + r;
            const cell = row.querySelector('th');
            if (i === 0 || !cell) return;
            const button = document.createElement('button');
            button.type = 'button';
            button.className = 'u-toggle';
            button.title = 'Show or hide this line';
            button.append(...cell.childNodes);
            cell.append(button);
            buttons.set(i, button);
          });
          sync(u);
        },
      ],
      setSeries: [(u) => sync(u)],
      destroy: [() => buttons.clear()],
    },
  };
}
