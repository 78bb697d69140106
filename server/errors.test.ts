import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../shared/index.js';
import { API_SERVER_OPTIONS, HttpError, MAX_PARAM_LENGTH, clientErrorAnswer, installErrorHandlers } from './errors.js';
import { RequestValidationError } from './validation.js';

const post = (app: FastifyInstance, url: string, contentType: string, payload: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

// Every error body is JSON, 5xx included: the Python client calls .json() on them.
async function appWith(error: Error) {
  const app = Fastify({ logger: false });
  installErrorHandlers(app);
  app.get('/boom', async () => {
    throw error;
  });
  app.post('/echo', async (request) => request.body);
  return app;
}

describe('error bodies', () => {
  it('hides an unexpected error behind a JSON 500', async () => {
    const app = await appWith(new Error('database password is hunter2'));
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ detail: 'Internal Server Error' });
    await app.close();
  });

  it('sends HttpError status and detail', async () => {
    const app = await appWith(new HttpError(503, 'Service Unavailable'));
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'Service Unavailable' });
    await app.close();
  });

  it('sends validation issues as a 422 list', async () => {
    const issues = [{ loc: ['query', 'limit'], msg: 'Field required', type: 'missing' }];
    const app = await appWith(new RequestValidationError(issues));
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: issues });
    await app.close();
  });

  it("turns Fastify's own 4xx errors into {detail}", async () => {
    const app = await appWith(new Error('unused'));
    const res = await post(app, '/echo', 'application/json', '{bad json');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['detail']);
    expect(typeof res.json().detail).toBe('string');
    await app.close();
  });
});

// The server's own errors, raised before a route runs, on an app with createServer's Fastify options and handlers.
describe("Fastify's and Node's own errors in the API shape", () => {
  const app = Fastify({ ...API_SERVER_OPTIONS, logger: false });
  let port: number;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    installErrorHandlers(app);
    const schema = { params: z.object({ id: z.string() }), querystring: z.object({ limit: z.enum(['1', '2']).optional() }) };
    app.get('/v1/items/:id', { schema }, async (request) => ({ id: (request.params as { id: string }).id }));
    app.post('/v1/echo', async (request) => request.body);
    app.get('/v1/slow', () => new Promise((resolve) => (release = () => resolve({ slow: true }))));
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    release();
    await app.close();
  });

  const detailOf = (res: { headers: Record<string, unknown>; json: () => unknown }) => {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return ErrorBody.strict().parse(res.json()).detail;
  };

  it('bad percent-encoding in the path → 400 {detail}', async () => {
    const res = await app.inject({ url: '/v1/items/%ZZ' });
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe('Bad Request: the URL path is not valid percent-encoding.');
  });

  it(`a path parameter over ${MAX_PARAM_LENGTH} characters → 414 {detail}; ${MAX_PARAM_LENGTH} is served`, async () => {
    const long = await app.inject({ url: `/v1/items/${'a'.repeat(MAX_PARAM_LENGTH + 1)}` });
    expect(long.statusCode).toBe(414);
    expect(detailOf(long)).toBe(`URI Too Long: a path parameter may have at most ${MAX_PARAM_LENGTH} characters.`);
    const fits = await app.inject({ url: `/v1/items/${'a'.repeat(MAX_PARAM_LENGTH)}` });
    expect(fits.json()).toEqual({ id: 'a'.repeat(MAX_PARAM_LENGTH) });
  });

  it('unknown routes and methods other than the route’s → 404 {"detail":"Not Found"}', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nothing'],
      ['POST', '/v1/items/x'],
      ['PUT', '/v1/items/x'],
      ['DELETE', '/v1/items/x'],
      ['PATCH', '/v1/items/x'],
      ['OPTIONS', '/v1/items/x'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(detailOf(res)).toBe('Not Found');
    }
  });

  it.each([
    ['not JSON', 400, 'application/json', '{bad', /not valid JSON/],
    ['of an unknown type', 415, 'application/xml', '<a/>', /Unsupported Media Type/i],
    ['too large', 413, 'application/json', `"${'x'.repeat(1_100_000)}"`, /body/i],
  ])('a request body %s → %i {detail}', async (_case, status, contentType, payload, detail) => {
    const res = await post(app, '/v1/echo', contentType, payload);
    expect(res.statusCode).toBe(status);
    expect(detailOf(res)).toMatch(detail);
  });

  it('a bad parameter → the 422 list, path parameters named `path`', async () => {
    const res = await app.inject({ url: '/v1/items/x?limit=9' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ loc: ['query', 'limit'], msg: "Input should be '1' or '2'", type: 'enum' }] });
  });

  async function raw(
    request: string,
  ): Promise<{ status: number; headers: Record<string, string>; body: string; closed: boolean }> {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined); // the server may reset a connection it refuses
    await once(socket, 'connect');
    socket.write(request);
    const closed = await Promise.race([
      once(socket, 'close').then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
    ]);
    socket.destroy();
    const [head = '', body = ''] = text.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, body, closed };
  }

  it('a URL over the header limit (rejected by Node before Fastify) → 431 {detail}, Connection: close, connection closed', async () => {
    const res = await raw(`GET /v1/items/x?limit=${'1'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      connection: 'close',
      'content-length': String(Buffer.byteLength(res.body)),
    });
    expect(JSON.parse(res.body)).toEqual({ detail: clientErrorAnswer('HPE_HEADER_OVERFLOW')!.detail });
    expect(JSON.parse(res.body).detail).toMatch(/^Request Header Fields Too Large: .* 16384 bytes\.$/);
    expect(res.closed).toBe(true);
  });

  it('an over-long header block → 431 {detail} and closes; malformed HTTP → 400 {detail} and closes', async () => {
    const headers = await raw(`GET /v1/items/x HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${'k'.repeat(20_000)}\r\n\r\n`);
    expect(headers.status).toBe(431);
    expect(headers.headers.connection).toBe('close');
    expect(ErrorBody.strict().parse(JSON.parse(headers.body)).detail).toMatch(/^Request Header Fields Too Large/);
    expect(headers.closed).toBe(true);
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(garbage.headers.connection).toBe('close');
    expect(JSON.parse(garbage.body)).toEqual({ detail: 'Bad Request: the request is not valid HTTP.' });
    expect(garbage.closed).toBe(true);
  });

  it('a request arriving during shutdown → 503 {detail} with Connection: close', async () => {
    // The first request holds the connection open while close() begins; the second arrives on it then.
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    socket.write('GET /v1/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await pause();
    const closing = app.close();
    await pause();
    socket.write('GET /v1/items/x HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await pause();
    release();
    await Promise.race([once(socket, 'close'), new Promise((resolve) => setTimeout(resolve, 5000))]);
    await closing;
    socket.destroy();
    const [first = '', second = ''] = text.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(second.split('\r\n\r\n')[1]!)).toEqual({ detail: 'Service Unavailable: the server is shutting down.' });
  });
});

describe('clientErrorAnswer', () => {
  it('answers nothing on a reset connection, 408 on a request timeout, 400 on other parser errors', () => {
    expect(clientErrorAnswer('ECONNRESET')).toBeUndefined();
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).toEqual({ status: 408, detail: 'Request Timeout' });
    expect(clientErrorAnswer('HPE_INVALID_METHOD')?.status).toBe(400);
  });
});
