import type uPlot from 'uplot';

/**
 * A stand-in for uPlot in component tests (happy-dom has no canvas): it keeps the options and data it was given, draws
 * the legend labels as text, and does the scale and selection calls the components make. The static helpers (`join`,
 * `tzDate`, `paths`) are uPlot's own. Use: `vi.mock('uplot', () => import('./uplotMock.js').then((m) => m.uplotModule()))`.
 */
export class FakeUPlot {
  static instances: FakeUPlot[] = [];
  static join: typeof uPlot.join;
  static tzDate: typeof uPlot.tzDate;
  static paths: typeof uPlot.paths;

  readonly root: HTMLDivElement;
  scales: Record<string, { min?: number; max?: number }> = { x: {} };
  select = { left: 0, top: 0, width: 0, height: 0 };
  destroyed = false;
  width: number;
  height: number;

  constructor(
    readonly opts: uPlot.Options,
    public data: uPlot.AlignedData,
    target: HTMLElement,
  ) {
    this.width = opts.width;
    this.height = opts.height;
    this.root = document.createElement('div');
    this.root.className = 'uplot';
    const legend = document.createElement('div');
    legend.className = 'u-legend';
    for (const s of opts.series) {
      const label = document.createElement('span');
      label.className = 'u-label';
      label.textContent = String(s.label ?? '');
      legend.append(label);
    }
    this.root.append(document.createElement('canvas'), legend);
    target.append(this.root);
    FakeUPlot.instances.push(this);
  }

  /** Legend labels of the lines (without the x series). */
  get labels(): string[] {
    return this.opts.series.slice(1).map((s) => String(s.label));
  }

  setData(data: uPlot.AlignedData): void {
    this.data = data;
  }
  setSize({ width, height }: { width: number; height: number }): void {
    this.width = width;
    this.height = height;
  }
  setScale(key: string, range: { min: number; max: number }): void {
    this.scales[key] = { ...range };
  }
  setSelect(select: { left: number; top: number; width: number; height: number }): void {
    this.select = select;
  }
  /** Linear over the plot width and the current x scale. */
  posToVal(pos: number): number {
    const { min = 0, max = 1 } = this.scales.x ?? {};
    return min + (pos / this.width) * (max - min);
  }
  destroy(): void {
    this.destroyed = true;
    this.root.remove();
  }

  /** Runs the options' `setSelect` hooks as a drag from `left` to `left + width` (CSS px) would. */
  dragSelect(left: number, width: number): void {
    this.select = { left, top: 0, width, height: this.height };
    for (const hook of this.opts.hooks?.setSelect ?? []) hook?.(this as unknown as uPlot);
  }
}

/**
 * The mocked `uplot` module: {@link FakeUPlot} as the default export, uPlot's static helpers on it. It also gives
 * canvases a stub 2D context, so the components believe they can draw.
 */
export async function uplotModule() {
  HTMLCanvasElement.prototype.getContext = (() => ({})) as unknown as HTMLCanvasElement['getContext'];
  const { vi } = await import('vitest');
  const actual = (await vi.importActual<{ default: typeof uPlot }>('uplot')).default;
  FakeUPlot.join = actual.join;
  FakeUPlot.tzDate = actual.tzDate;
  FakeUPlot.paths = actual.paths;
  return { default: FakeUPlot };
}
