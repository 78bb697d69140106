import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { RequestValidationError, validatorCompiler } from './validation.js';

/**
 * Error bodies of the /v1 service (docs/api.md "Errors"): `{"detail": "<message>"}` for every
 * non-validation error, `{"detail": [{loc,msg,type}]}` for 422, whoever raises it — a route, a hook,
 * Fastify itself (bad percent-encoding, an over-long path parameter, a bad request body, shutting
 * down) or Node's HTTP parser (an over-long URL or header block, malformed HTTP). 5xx bodies are JSON
 * too because the official Python client calls `.json()` on them.
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

/** Longest path parameter Fastify routes (its default, stated so the 414 text can name it). */
export const MAX_PARAM_LENGTH = 100;

/** Body of a 500: nothing about the cause leaks. */
const INTERNAL = { detail: 'Internal Server Error' };

/** The `detail` of the errors Fastify raises before a route is found (`frameworkErrors`). */
function frameworkDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return 'Bad Request: the URL path is not valid percent-encoding.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return `URI Too Long: a path parameter may have at most ${MAX_PARAM_LENGTH} characters.`;
    default:
      return error.message;
  }
}

/**
 * The status line, `detail` and whether to answer at all for an error of Node's HTTP parser on a
 * connection (the request never reached Fastify): 431 for a request line plus headers over Node's
 * limit (`maxHeaderSize`, 16 KB: a URL that long lands here), 408 for a request that took too
 * long to arrive, 400 for anything else that is not HTTP. `undefined` for a connection the client
 * already reset.
 */
export function clientErrorAnswer(code: string): { status: number; detail: string } | undefined {
  if (code === 'ECONNRESET') return undefined;
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, detail: `Request Header Fields Too Large: the URL and headers together may not exceed ${maxHeaderSize} bytes.` };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, detail: 'Request Timeout' };
  return { status: 400, detail: 'Bad Request: the request is not valid HTTP.' };
}

/**
 * Fastify options every /v1 server is built with (app.ts): the answers to errors raised before
 * the error handler can run, in the API's shape.
 * - `frameworkErrors`: bad percent-encoding in the path → 400, a path parameter over
 *   {@link MAX_PARAM_LENGTH} characters → 414, anything else with its own status (5xx as 500);
 * - `clientErrorHandler`: Node's parser errors ({@link clientErrorAnswer}), answered with
 *   `Connection: close` on a socket that is then closed (its input cannot be trusted);
 * - `return503OnClosing: false`: the 503 of a request arriving during shutdown comes from
 *   {@link installErrorHandlers}' hook instead of Fastify's own body.
 */
export const API_SERVER_OPTIONS = {
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  return503OnClosing: false,
  frameworkErrors: (error, _request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    void (reply as FastifyReply).code(status).send(status === 500 ? INTERNAL : { detail: frameworkDetail(error) });
  },
  clientErrorHandler(this: FastifyInstance | undefined, error: Error & { code?: string }, socket: Socket) {
    const answer = clientErrorAnswer(error.code ?? '');
    if (!answer || socket.destroyed) return;
    // The raw packet may hold a key (x-api-key header, api_key parameter): log the code only.
    this?.log.debug({ code: error.code }, 'client error');
    // A response already under way on this connection would be corrupted by another status line.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify({ detail: answer.detail });
    const head = [
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
  },
} satisfies FastifyServerOptions;

/**
 * Fastify's serializer compiler for the routes' response schemas: they document the bodies in the
 * OpenAPI document, they do not re-encode them (a zod encoder would drop keys it does not list and
 * cost time on large pages), so a body is `JSON.stringify`-ed as it would be without a schema.
 */
const documentOnlySerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * Installs on the root instance (before the routes) the request validation and the error answers:
 * - the zod validator compiler (validation.ts) and the document-only response serializer;
 * - RequestValidationError → 422 with its issues;
 * - HttpError and Fastify's own 4xx errors (e.g. a request body that is not JSON, a content type
 *   without parser) → that status with `{detail}`;
 * - anything else → logged, 500 `{"detail":"Internal Server Error"}` (no internals leak);
 * - unknown routes (and methods other than GET and HEAD) → 404 `{"detail":"Not Found"}`, before
 *   any authentication (as FastAPI does);
 * - a request arriving once `close()` has begun → 503 with `Connection: close` (with
 *   {@link API_SERVER_OPTIONS}' `return503OnClosing: false`; Fastify answers it itself otherwise).
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(documentOnlySerializer);

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
    return reply.code(status >= 500 && status < 600 ? status : 500).send(INTERNAL);
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new HttpError(503, 'Service Unavailable: the server is shutting down.');
  });
}
