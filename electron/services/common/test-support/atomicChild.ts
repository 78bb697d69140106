import fs from 'node:fs';
import { writeFileAtomic } from '../fsutil.js';

/**
 * Child of fsutil.test.ts: starts an atomic write of `argv[2]` and dies (SIGKILL, as a crash or a power cut would) once
 * the new bytes are in the temp file, at the flush before the rename: the moment a plain write leaves half a file.
 */
const [file] = process.argv.slice(2);
fs.fsync = (() => process.kill(process.pid, 'SIGKILL')) as unknown as typeof fs.fsync;
await writeFileAtomic(file!, `${JSON.stringify({ version: 'new', pad: 'x'.repeat(200_000) })}\n`);
