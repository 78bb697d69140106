import { describe, expect, it } from 'vitest';
import { ClientExportList, ClientPresignedExport } from './client-exports.js';

describe('ClientExportList', () => {
  it('reads the spec body, and one with only files, extra fields and no last_modified', () => {
    const file = { date: '2024-03-01', size_bytes: 38_000, last_modified: '2024-03-02T06:00:00+00:00' };
    expect(ClientExportList.parse({ dataset_id: 'x', file_type: 'csv', count: 1, files: [file] }).files).toEqual([file]);
    const bare = ClientExportList.parse({ files: [{ date: '2024-03-01', size_bytes: 1, etag: 'abc' }] });
    expect(bare.files[0]).toMatchObject({ date: '2024-03-01', size_bytes: 1, etag: 'abc' });
    expect(bare.files[0]?.last_modified).toBeUndefined();
  });
  it('refuses a file without its date or size', () => {
    expect(ClientExportList.safeParse({ files: [{ size_bytes: 1 }] }).success).toBe(false);
    expect(ClientExportList.safeParse({ files: [{ date: '2024-03-01' }] }).success).toBe(false);
    expect(ClientExportList.safeParse({ files: [{ date: '1 March', size_bytes: 1 }] }).success).toBe(false);
  });
});

describe('ClientPresignedExport', () => {
  it('needs an http(s) link and its lifetime; bucket and object key may be absent', () => {
    expect(ClientPresignedExport.parse({ presigned_url: 'https://b.example/k?s=1', expires_in_seconds: 900 })).toEqual({
      presigned_url: 'https://b.example/k?s=1',
      expires_in_seconds: 900,
    });
    expect(ClientPresignedExport.safeParse({ presigned_url: 'file:///etc/passwd', expires_in_seconds: 900 }).success).toBe(false);
    expect(ClientPresignedExport.safeParse({ presigned_url: 'https://b.example/k' }).success).toBe(false);
  });
});
