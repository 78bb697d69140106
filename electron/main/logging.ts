import { crashReporter } from 'electron';
import electronLog from 'electron-log/main';
import type { LogMessage } from 'electron-log';
import { setLogSink } from '../services/common/logger.js';
import { redact } from '../services/common/redact.js';

/**
 * Desktop logging and crash dumps (issue 5 §1, §5; CONVENTIONS.md §14).
 * - Every scoped logger writes through electron-log to its standard file: `~/.config/Gridscope/
 *   logs/main.log` (Linux), `~/Library/Logs/Gridscope/main.log` (macOS),
 *   `%APPDATA%\Gridscope\logs\main.log` (Windows).
 * - A hook runs redact() over every message electron-log handles — including ones that do not
 *   come from our loggers (its unhandled-error catcher) — so a key never reaches a log file.
 * - electron-log's renderer bridge (`initialize()`) is not used: it would add a preload to the page.
 * - Crash dumps stay on this machine (`uploadToServer: false`) and carry no extra parameters.
 */

/** Redacts one value of a log message: strings and errors keep their kind, anything else becomes redacted JSON. */
function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redact(value);
  if (value instanceof Error) {
    const copy = new Error(redact(value.message));
    copy.name = value.name;
    copy.stack = value.stack ? redact(value.stack) : undefined;
    return copy;
  }
  if (value === null || typeof value !== 'object') return value;
  try {
    return redact(JSON.stringify(value));
  } catch {
    return redact(String(value));
  }
}

/** electron-log hook: the message with every data item redacted. */
export function redactHook(message: LogMessage): LogMessage {
  return { ...message, data: message.data.map(redactValue) };
}

/** Routes the services' loggers to electron-log (file + console in development) and installs {@link redactHook}. */
export function setupLogging(packaged: boolean): void {
  if (!electronLog.hooks.includes(redactHook)) electronLog.hooks.push(redactHook);
  electronLog.transports.file.level = packaged ? 'info' : 'debug';
  electronLog.transports.console.level = packaged ? false : 'debug';
  electronLog.errorHandler.startCatching({ showDialog: false });
  setLogSink((level, line) => electronLog[level](line), packaged ? 'info' : 'debug');
}

/** Path of the current log file (for Help → Show Log Files). */
export function logFilePath(): string {
  return electronLog.transports.file.getFile().path;
}

/** Starts crash dump collection, local only: nothing is uploaded and no extra parameters are attached. */
export function startCrashReporter(): void {
  crashReporter.start({ uploadToServer: false });
}
