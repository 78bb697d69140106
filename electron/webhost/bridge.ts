import type { FastifyError, FastifyInstance } from 'fastify';
import { BINARY_RESULT_TYPE, BRIDGE_PATH, encodeBinaryResult, fail, holdsBinary } from '../../shared/index.js';
import { createLogger, dispatch } from '../services/index.js';
import type { Services } from '../services/index.js';
import { pathOf } from './access.js';

/** Largest bridge request body, in bytes. */
export const MAX_BRIDGE_BODY = 1024 * 1024;

const CLIENT_GONE = 'the browser closed the bridge connection';

const log = createLogger('webhost');

// Undecodable text is kept as sent (and then refused as an unknown verb).
function verbOf(pathname: string): string {
  const part = pathname.slice(BRIDGE_PATH.length + 1);
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * `POST /bridge/<verb>`, JSON body (empty = `{}`) → the verb's Result, 200: JSON, or, when a successful result holds bytes
 * (the map's Arrow streams), one binary body of {@link BINARY_RESULT_TYPE} (shared/bridge/binary.ts). Bad JSON, not POST
 * or over {@link MAX_BRIDGE_BODY}: `validation` with 400/405/413. A caller that disconnects first aborts the call and gets
 * no answer (its /v1 request too).
 */
export async function bridgeRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BRIDGE_BODY }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else parseJson(request, body.toString(), done);
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    reply.header('cache-control', 'no-store');
    if (err.statusCode === 413) {
      reply.header('connection', 'close');
      return reply.code(413).send(fail('validation', `Bridge request bodies are limited to ${MAX_BRIDGE_BODY} bytes.`));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      return reply.code(400).send(fail('validation', 'The bridge request body is not valid JSON.'));
    if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(fail('validation', `Bad bridge request: ${err.message}`));
    }
    log.error(`${request.method} ${pathOf(request)} failed`, err);
    return reply.code(500).send(fail('internal', 'The web host failed to answer.'));
  });

  app.all(`${BRIDGE_PATH}/*`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.method !== 'POST')
      return reply.code(405).header('allow', 'POST').send(fail('validation', 'Bridge calls use POST.'));
    // 'close' also fires after a complete answer; only an early one means the caller is gone.
    const gone = new AbortController();
    const onClose = (): void => {
      if (!reply.raw.writableEnded) gone.abort(new Error(CLIENT_GONE));
    };
    reply.raw.on('close', onClose);
    if (reply.raw.destroyed) onClose();
    const verb = verbOf(pathOf(request));
    const result = await dispatch(opts.services.handlers, verb, request.body, { signal: gone.signal });
    if (gone.signal.aborted) {
      log.info(`${verb}: ${CLIENT_GONE}; call aborted`);
      return reply.hijack();
    }
    if (result.ok && holdsBinary(result.value)) {
      const body = encodeBinaryResult(result);
      return reply.type(BINARY_RESULT_TYPE).send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    }
    return reply.send(result);
  });
}
