import { describe, expect, it } from 'vitest';
import { createLogger, setLogSink } from './logger.js';
import { REDACTED, forgetSecret, redact, registerSecret } from './redact.js';

describe('redact', () => {
  it('removes registered secrets wherever they appear', () => {
    const s = 'short-lower-case-secret';
    registerSecret(s);
    expect(redact(`a ${s} b ${s}`)).toBe(`a ${REDACTED} b ${REDACTED}`);
    forgetSecret(s);
    expect(redact(`a ${s}`)).toBe(`a ${s}`);
  });

  it('removes header and query forms and key-looking tokens, keeps ids and paths', () => {
    expect(redact('x-api-key: abc')).toBe(`x-api-key: ${REDACTED}`);
    expect(redact('GET /v1/datasets?api_key=abc&page=1')).toBe(`GET /v1/datasets?api_key=${REDACTED}&page=1`);
    expect(redact('key Zq9XbT2mKp7LwR4vNs8YcH3jFd6GaE1u here')).toBe(`key ${REDACTED} here`);
    expect(redact('hex 0123456789abcdef0123456789abcdef')).toBe(`hex ${REDACTED}`);
    for (const keep of [
      'pjm_lmp_real_time_5_min_v2',
      '/tmp/gs-vault-AbC123/keys.json',
      'ERCOT_SCED_RUN',
      '2024-03-01T00:00:00+00:00',
    ]) {
      expect(redact(keep)).toBe(keep);
    }
  });

  it('is applied to every log line', () => {
    const lines: string[] = [];
    setLogSink((_l, line) => void lines.push(line), 'debug');
    registerSecret('logger-secret-value');
    createLogger('t').info('using', { key: 'logger-secret-value' }, new Error('x-api-key=logger-secret-value'));
    setLogSink(undefined, 'warn');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[t\] using /);
    expect(lines[0]).not.toContain('logger-secret-value');
  });
});
