// @vitest-environment happy-dom
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { legendTogglesPlugin } from './legendToggles.js';

/** uPlot's legend as it builds it (a row per series, a click on the name cell toggles the line), and its hooks. */
function fakeChart(labels: string[], liveTime: boolean) {
  const series = labels.map((label) => ({ label, show: true }));
  const root = document.createElement('div');
  const body = document.createElement('tbody');
  root.innerHTML = '<table class="u-legend"></table>';
  root.querySelector('table')!.append(body);
  const u = { root, series } as unknown as uPlot;
  const plugin = legendTogglesPlugin();
  const hook = (name: 'init' | 'setSeries') => (plugin.hooks[name] as ((u: uPlot) => void)[])[0]!;
  series.forEach((s, i) => {
    if (i === 0 && !liveTime) return;
    const row = document.createElement('tr');
    row.className = 'u-series';
    row.innerHTML = `<th><div class="u-marker"></div><div class="u-label">${s.label}</div></th><td class="u-value">—</td>`;
    if (i > 0)
      row.querySelector('th')!.addEventListener('click', () => {
        s.show = !s.show;
        hook('setSeries')(u);
      });
    body.append(row);
  });
  hook('init')(u);
  return { root, series };
}

describe('legend toggles', () => {
  it('wraps each line’s legend entry in a button that toggles it and says whether it is shown', () => {
    const { root, series } = fakeChart(['Time', 'Shadow price ($/MWh)', 'Limit (MW)'], true);
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Shadow price ($/MWh)', 'Limit (MW)']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
    expect(buttons[0]!.querySelector('.u-marker')).not.toBeNull();

    buttons[1]!.click(); // what Enter or Space on a focused button does
    expect(series[2]!.show).toBe(false);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    buttons[1]!.click();
    expect(buttons[1]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('finds the lines when the legend has no row for the time axis', () => {
    const { root } = fakeChart(['Date', 'Data points'], false);
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Data points']);
  });
});
