import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Fastify's `logger` option in its object form. */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** What replaces a key in logs. */
export const REDACTED = '[redacted]';

/** The URL with the value of every `api_key` query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api_key=)[^&#]*/gi, `$1${REDACTED}`);
}

/** Logger options that never print a key: the URL redacted (Fastify's would log `?api_key=`), no headers; `stream` for tests. */
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
