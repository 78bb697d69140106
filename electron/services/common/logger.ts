import { redact } from './redact.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogSink = (level: LogLevel, line: string) => void;

export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
  /** Starts a timer; the returned function logs `<label> took <ms> ms` at debug and returns the ms. */
  time(label: string): (extra?: string) => number;
}

const consoleSink: LogSink = (level, line) => {
  (level === 'error' ? console.error : level === 'warn' ? console.warn : console.log)(line);
};

function envLevel(): LogLevel {
  const v = process.env.GRIDSCOPE_LOG_LEVEL;
  return v === 'debug' || v === 'info' || v === 'warn' || v === 'error' ? v : 'warn';
}

let sink: LogSink = consoleSink;
let minLevel: LogLevel = envLevel();

/** Replaces the sink (desktop: electron-log; no argument: back to the console) and optionally the minimum level. */
export function setLogSink(next?: LogSink, level?: LogLevel): void {
  sink = next ?? consoleSink;
  if (level) minLevel = level;
}

export function setLogLevel(level: LogLevel): void {
  minLevel = level;
}

function format(details: unknown[]): string {
  return details.map((d) => (d instanceof Error ? `${d.name}: ${d.message}` : typeof d === 'string' ? d : safeJson(d))).join(' ');
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

/** A logger prefixing `[scope]`, every line {@link redact}ed; plain Node logs `warn`+ to the console (env `GRIDSCOPE_LOG_LEVEL`). */
export function createLogger(scope: string): Logger {
  const write = (level: LogLevel, message: string, details: unknown[]): void => {
    if (ORDER[level] < ORDER[minLevel]) return;
    const rest = details.length ? ` ${format(details)}` : '';
    sink(level, redact(`[${scope}] ${message}${rest}`));
  };
  return {
    debug: (m, ...d) => write('debug', m, d),
    info: (m, ...d) => write('info', m, d),
    warn: (m, ...d) => write('warn', m, d),
    error: (m, ...d) => write('error', m, d),
    time(label) {
      const start = performance.now();
      return (extra) => {
        const ms = Math.round(performance.now() - start);
        write('debug', `${label} took ${ms} ms${extra ? ` (${extra})` : ''}`, []);
        return ms;
      };
    },
  };
}
