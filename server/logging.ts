import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Logger configuration of the /v1 service (CONVENTIONS §14: logs never print a key). Fastify's
 * request serializer logs the URL, which may carry `?api_key=...`; ours logs it redacted, and pino's
 * redaction removes an `x-api-key` header should any log line carry request headers.
 */

/** Fastify's `logger` option in its object form. */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** What replaces a key in logs. */
export const REDACTED = '[redacted]';

/** The URL with the value of every `api_key` query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api_key=)[^&#]*/gi, `$1${REDACTED}`);
}

/**
 * Logger options: info level, the request serializer with a redacted URL (no headers), and pino
 * redaction of `x-api-key` and `api_key` paths. `stream` is an optional destination (tests).
 */
export function loggerOptions(stream?: LoggerOptions['stream']): LoggerOptions {
  return {
    level: 'info',
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers["x-api-key"]', 'req.query.api_key', 'headers["x-api-key"]', 'query.api_key'],
      censor: REDACTED,
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
