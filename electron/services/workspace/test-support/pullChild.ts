import { setLogSink } from '../../common/logger.js';
import { startPull } from '../pull.js';
import { openWorkspace } from '../workspace.js';
import { proxyTo } from './helpers.js';

// Child process of crash.test.ts: `node --import tsx pullChild.ts <dir> <origin> <datasetId>` starts a pull of 10-row pages
// and prints a JSON line per progress report; it never exits by itself (the test kills it).

const [dir, origin, datasetId] = process.argv.slice(2) as [string, string, string];
setLogSink(() => undefined);
const ws = await openWorkspace(dir, 'embedded');
const started = await startPull(
  ws,
  proxyTo(origin),
  { datasetId },
  {
    pageSize: 10,
    columnTypes: { interval_start_utc: 'TIMESTAMP', zone: 'VARCHAR', load: 'DOUBLE PRECISION' },
    onProgress: (p) =>
      process.stdout.write(`${JSON.stringify({ pullId: p.pullId, pages: p.pages, rows: p.rows, state: p.state })}\n`),
  },
);
if (!started.ok) {
  process.stdout.write(`${JSON.stringify({ error: started.error })}\n`);
  process.exit(1);
}
setInterval(() => undefined, 60_000);
