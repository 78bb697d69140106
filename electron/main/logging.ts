import { crashReporter } from 'electron';
import electronLog from 'electron-log/main';
import type { LogMessage } from 'electron-log';
import { setLogSink } from '../services/common/logger.js';
import { redact } from '../services/common/redact.js';

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

/** electron-log hook redacting every message it handles, its own error catcher's too, so no key reaches a log file. */
export function redactHook(message: LogMessage): LogMessage {
  return { ...message, data: message.data.map(redactValue) };
}

/** Routes the services' loggers to electron-log (docs/desktop.md#desktop-conventions) and installs {@link redactHook}. */
export function setupLogging(packaged: boolean): void {
  // electron-log's initialize() is not called: its renderer bridge would add a preload to the page.
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
