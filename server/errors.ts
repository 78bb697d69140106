import type { FastifyError, FastifyInstance } from 'fastify';
import { RequestValidationError } from './validation.js';

/**
 * Error bodies of the /v1 service (spec "Errors"): `{"detail": "<message>"}` for every non-validation
 * error, `{"detail": [{loc,msg,type}]}` for 422. 5xx bodies are JSON too because the official
 * Python client calls `.json()` on them (addendum).
 */

/** An error with an HTTP status and a client-safe message, e.g. 404 `Dataset x not found`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/**
 * Installs the error and not-found handlers on the root instance:
 * - RequestValidationError → 422 with its issues;
 * - HttpError and Fastify's own 4xx errors → that status with `{detail}`;
 * - anything else → logged, 500 `{"detail":"Internal Server Error"}` (no internals leak);
 * - unknown routes → 404 `{"detail":"Not Found"}`, before any authentication (as FastAPI does).
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.code(422).send({ detail: error.issues });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ detail: error.detail });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ detail: 'Internal Server Error' });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
}
