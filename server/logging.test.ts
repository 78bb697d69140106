import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REDACTED, loggerOptions, redactUrl } from './logging.js';

describe('logging never prints a key', () => {
  it('redacts every api_key query value and nothing else', () => {
    expect(redactUrl('/v1/datasets?api_key=s3cret&return_format=csv')).toBe(`/v1/datasets?api_key=${REDACTED}&return_format=csv`);
    expect(redactUrl('/v1/datasets?x=1&api_key=s3cret')).toBe(`/v1/datasets?x=1&api_key=${REDACTED}`);
    expect(redactUrl('/v1/datasets?my_api_key=1')).toBe('/v1/datasets?my_api_key=1');
    expect(redactUrl('/v1/datasets')).toBe('/v1/datasets');
  });

  it('keeps header and query keys out of request logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions(stream) });
    app.get('/v1/thing', async (request) => {
      request.log.info({ req: request }, 'handler saw the request');
      return { ok: true };
    });
    await app.inject({ url: '/v1/thing?api_key=query-secret-123', headers: { 'x-api-key': 'header-secret-456' } });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/v1/thing?api_key=[redacted]');
    expect(log).toContain('incoming request');
    expect(log).not.toContain('query-secret-123');
    expect(log).not.toContain('header-secret-456');
  });
});
