import { describe, expect, it } from 'vitest';
import { isOrigin, originOf } from './url.js';

describe('originOf', () => {
  it('normalises scheme and host case and drops the default port, path, query and fragment', () => {
    expect(originOf('HTTPS://API.Example.com:443/v1/x?a=1#f')).toBe('https://api.example.com');
    expect(originOf('http://127.0.0.1:8787/v1')).toBe('http://127.0.0.1:8787');
  });

  it('is null for what is not a URL; WHATWG URL itself ignores surrounding spaces', () => {
    expect(originOf('not a url')).toBeNull();
    expect(originOf('')).toBeNull();
    expect(originOf(' https://x.example/v1 ')).toBe('https://x.example');
  });
});

describe('isOrigin', () => {
  it.each(['https://api.example.com', 'http://localhost:8787'])('accepts %s', (s) => expect(isOrigin(s)).toBe(true));
  it.each([
    'https://api.example.com/',
    'https://API.example.com',
    'https://api.example.com:443',
    'https://api.example.com/v1',
    'api.example.com',
    '',
  ])('refuses %j', (s) => expect(isOrigin(s)).toBe(false));
});
