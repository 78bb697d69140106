import { setLogSink } from '../../common/logger.js';
import { createDownloadManager } from '../manager.js';
import { enqueueRequest, presignVia } from './exportsApi.js';

// Child process of downloads.crash.test.ts:
//   GRIDSCOPE_TEST_KEY=<key> node --import tsx managerChild.ts <configDir> <folder> <origin> <datasetId> <date>
// runs a download manager on <configDir> and <folder> (its default folder) against the /v1 server at <origin>, queues
// one day, and prints a JSON line when queued ({queued: true}) or when it cannot ({error}); then one line per change of
// the item's state or bytes. It never exits by itself: the test kills it.

const [configDir, folder, origin, datasetId, date] = process.argv.slice(2) as [string, string, string, string, string];
const key = process.env.GRIDSCOPE_TEST_KEY ?? '';
const print = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);
setLogSink(() => undefined);

const manager = createDownloadManager({ configDir, defaultFolder: folder, presign: presignVia(origin, key) });
const queued = await manager.enqueue(await enqueueRequest(origin, key, datasetId, [date]));
if (!queued.ok) {
  print({ error: queued.error });
  process.exit(1);
}
print({ queued: true });
let last = '';
setInterval(() => {
  void manager.state().then((state) => {
    const item = state.ok ? state.value.items.find((i) => i.id === `${datasetId}/${date}`) : undefined;
    const now = JSON.stringify({ state: item?.state, bytesWritten: item?.bytesWritten });
    if (now !== last) print(JSON.parse(now));
    last = now;
  });
}, 50);
