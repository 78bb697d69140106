import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { RequestValidationError, validatorCompiler } from './validation.js';

/** An error with an HTTP status and a client-safe message, e.g. 404 `Dataset x not found` (docs/api.md#errors). */
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

const INTERNAL = { detail: 'Internal Server Error' };

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

/** Answer to a Node HTTP parser error: 431, 408 or 400 (docs/api.md#status-codes); `undefined` for a reset connection. */
export function clientErrorAnswer(code: string): { status: number; detail: string } | undefined {
  if (code === 'ECONNRESET') return undefined;
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      detail: `Request Header Fields Too Large: the URL and headers together may not exceed ${maxHeaderSize} bytes.`,
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, detail: 'Request Timeout' };
  return { status: 400, detail: 'Bad Request: the request is not valid HTTP.' };
}

/** Fastify options of every /v1 server: `{detail}` answers to errors raised before the error handler runs (400, 414, 431…). */
export const API_SERVER_OPTIONS = {
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  return503OnClosing: false,
  frameworkErrors: (error, _request, reply) => {
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    void (reply as FastifyReply).code(status).send(status === 500 ? INTERNAL : { detail: frameworkDetail(error) });
  },
  clientErrorHandler(this: FastifyInstance | undefined, error: Error & { code?: string }, socket: Socket) {
    const answer = clientErrorAnswer(error.code ?? '');
    if (!answer || socket.destroyed) return;
    // The raw packet may hold a key (x-api-key header, api_key parameter): log the code only.
    this?.log.debug({ code: error.code }, 'client error');
    // A response already under way would be corrupted by another status line; parser input cannot be trusted: close.
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

// Response schemas only document bodies: a zod encoder would drop unlisted keys and cost time on large pages.
const documentOnlySerializer = () => (data: unknown) => JSON.stringify(data);

/** Installs, before the routes, the zod validator and the answers of docs/api.md#errors (others: logged, bare 500). */
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
