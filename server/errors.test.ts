import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError, installErrorHandlers } from './errors.js';
import { RequestValidationError } from './validation.js';

/** Error bodies are JSON `{detail}` for every status, 5xx included (the Python client calls .json()). */
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
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{bad json' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['detail']);
    expect(typeof res.json().detail).toBe('string');
    await app.close();
  });
});
