/* global window, document, requestAnimationFrame, MutationObserver, KeyboardEvent, HTMLInputElement */
// The page side of `bench table` (bench/table.ts), injected into every document of the web host before its own
// scripts. Plain browser JavaScript: it runs in Chromium, not in Node. `window.__bench` holds the moments the bench
// times, in `performance.now()` ms of the document; `window.__benchTools` the actions it runs in the page.
(() => {
  const marks = {};
  window.__bench = marks;
  // The row count the result should show ("1,000,000"), set by the bench after the page loads.
  window.__benchExpect = '';

  const check = () => {
    const status = document.querySelector('[data-testid="pull-status"]');
    const complete = status?.getAttribute('data-state') === 'complete';
    if (marks.complete === undefined && complete) marks.complete = performance.now();
    // A pull that ended otherwise (failed, cancelled, partial): the bench stops with its sentence instead of waiting.
    const state = status?.getAttribute('data-state');
    if (marks.stopped === undefined && state && state !== 'running' && !complete)
      marks.stopped = `${state}: ${status.textContent}`;
    if (marks.firstRows === undefined && complete && window.__benchExpect) {
      const total = document.querySelector('[data-testid="result-count"]')?.textContent ?? '';
      const row = document.querySelector('[data-testid="result-row"]:not(.loading)');
      if (row && total.startsWith(`${window.__benchExpect} rows`)) marks.firstRows = performance.now();
    }
    const chart = document.querySelector('[data-testid="chart-status"]')?.textContent ?? '';
    if (
      marks.chartDrawn === undefined &&
      marks.chartPending === undefined &&
      /\d+ lines?$/.test(chart) &&
      document.querySelector('.uplot canvas')
    ) {
      // Counted once the frame with the chart is painted.
      marks.chartPending = true;
      requestAnimationFrame(() => (marks.chartDrawn = performance.now()));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  /** Resolves once view row `index` (1-based, as the gutter numbers it) is on screen with its values, then painted. */
  const rowShown = async (number) => {
    for (;;) {
      const row = document.querySelector(`[data-testid="result-row"][aria-rowindex="${number + 1}"]`);
      if (row && !row.classList.contains('loading')) break;
      await nextFrame();
    }
    await nextFrame();
  };
  const rowCount = () => Number(document.querySelector('[data-testid="results-table"]').getAttribute('aria-rowcount')) - 1;
  // A key as the table gets it from the keyboard (React listens for the native event).
  const press = (key, ctrlKey = false) =>
    document
      .querySelector('.results-scroll')
      .dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey, bubbles: true, cancelable: true }));

  window.__benchTools = {
    /** From the first row, presses End: @returns ms until the last row is painted with its values. */
    async end() {
      press('Home', true);
      await rowShown(1);
      const t = performance.now();
      press('End', true);
      await rowShown(rowCount());
      return performance.now() - t;
    },

    /** From the first row, types `number` (formatted, "1,400,000") into Go to row: @returns ms until it is painted. */
    async goTo(number) {
      press('Home', true);
      await rowShown(1);
      const input = document.querySelector('[data-testid="go-to-row-input"]');
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      set.call(input, new Intl.NumberFormat('en-US').format(number));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await nextFrame();
      const t = performance.now();
      document.querySelector('[data-testid="go-to-row"]').requestSubmit();
      await rowShown(number);
      return performance.now() - t;
    },

    /** Clicks the Chart tab; @returns when, for the chart's time. */
    openChart() {
      // The table's row reads fill the resource timing buffer; the chart's requests should be listed.
      performance.clearResourceTimings();
      const t = performance.now();
      document.querySelector('[data-testid="tab-chart"]').click();
      return t;
    },

    /**
     * Scrolls the results table from top to bottom in `steps` jumps, one per animation frame, then waits for the last
     * row. @returns the frame intervals (ms between animation frames), the long animation frames (the performance
     * timeline's frames of 50 ms or more), the ms until the last row showed and the table's height in px.
     */
    async scroll(steps) {
      const el = document.querySelector('.results-scroll');
      const longFrames = [];
      const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longFrames.push(e.duration)));
      observer.observe({ type: 'long-animation-frame' });
      const frames = [];
      const max = el.scrollHeight - el.clientHeight;
      await new Promise((resolve) => {
        let i = 0;
        let last = null;
        const tick = (t) => {
          if (last !== null) frames.push(t - last);
          last = t;
          if (i > steps) return resolve();
          el.scrollTop = Math.round((max * i) / steps);
          i++;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const scrolled = performance.now();
      const total = document.querySelector('[data-testid="results-table"]').getAttribute('aria-rowcount');
      await new Promise((resolve) => {
        const done = () => {
          const lastRow = document.querySelector(`[data-testid="result-row"][aria-rowindex="${total}"]`);
          if (lastRow && !lastRow.classList.contains('loading')) resolve();
          else requestAnimationFrame(done);
        };
        done();
      });
      const lastRowMs = performance.now() - scrolled;
      observer.takeRecords().forEach((e) => longFrames.push(e.duration));
      observer.disconnect();
      return { frames, longFrames, lastRowMs, height: el.scrollHeight };
    },
  };
})();
