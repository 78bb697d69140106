import { useEffect, useState } from 'react';

/** Colours a canvas chart draws with, read from the page's CSS variables (styles.css) for the current colour scheme. */
export interface ChartTheme {
  dark: boolean;
  text: string;
  muted: string;
  grid: string;
  border: string;
  surface: string;
  accent: string;
  danger: string;
  font: string;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

const LIGHT_FALLBACK: Omit<ChartTheme, 'dark'> = {
  text: '#1b2330',
  muted: '#5d6878',
  grid: '#d9dee6',
  border: '#d9dee6',
  surface: '#ffffff',
  accent: '#1f6feb',
  danger: '#b42318',
  font: 'system-ui, sans-serif',
};
const DARK_FALLBACK: Omit<ChartTheme, 'dark'> = {
  ...LIGHT_FALLBACK,
  text: '#e2e8f0',
  muted: '#95a1b2',
  grid: '#2e3743',
  border: '#2e3743',
  surface: '#161b22',
  accent: '#5b9dff',
  danger: '#ff7b72',
};

function prefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Reads the theme now: CSS variables of `:root`, with fixed light/dark fallbacks where a variable is unset. */
export function readChartTheme(): ChartTheme {
  const dark = prefersDark();
  const fallback = dark ? DARK_FALLBACK : LIGHT_FALLBACK;
  const style = typeof document !== 'undefined' ? getComputedStyle(document.documentElement) : null;
  const v = (name: string, dflt: string) => style?.getPropertyValue(name).trim() || dflt;
  return {
    dark,
    text: v('--text', fallback.text),
    muted: v('--muted', fallback.muted),
    grid: v('--border', fallback.grid),
    border: v('--border', fallback.border),
    surface: v('--surface', fallback.surface),
    accent: v('--accent', fallback.accent),
    danger: v('--danger', fallback.danger),
    font: v('--font', fallback.font),
  };
}

/** The {@link ChartTheme}, re-read when the system switches between light and dark. */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readChartTheme);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(DARK_QUERY);
    const onChange = () => setTheme(readChartTheme());
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return theme;
}

// Tableau 10: distinct on white and on the dark surface alike.
const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

/** Line colour of the `i`-th series (0-based): the palette, then golden-angle hues so 50 lines stay apart. */
export function seriesColor(i: number, dark: boolean): string {
  if (i < PALETTE.length) return PALETTE[i]!;
  const hue = Math.round((i * 137.508) % 360);
  return `hsl(${hue} 65% ${dark ? 62 : 42}%)`;
}

/** `#rrggbb` (or `#rgb`) as `rgba(…, alpha)` for canvas fills; other colour text is returned as is. */
export function withAlpha(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return color;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
