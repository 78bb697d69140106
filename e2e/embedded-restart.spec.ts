import { readFile, readdir, readlink } from 'node:fs/promises';
import { expect, test } from './fixtures.js';

// Killing the embedded service's process (docs/desktop.md#the-embedded-v1-service), found through Linux /proc.
// A distinct worker option gives this file its own web host, so its restart notice stays out of other files' pages.
test.use({ usedThisMonth: { rows: 0, requests: 0 } });
test.skip(process.platform !== 'linux', 'finds the service process through /proc');

const DATASET = 'nyiso_zonal_load_5_min';

/** Pid of the process listening on 127.0.0.1:`port` (/proc/net/tcp gives the socket's inode, /proc/<pid>/fd its owner). */
async function listeningPid(port: number): Promise<number> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const rows = (await readFile('/proc/net/tcp', 'utf8'))
    .split('\n')
    .slice(1)
    .map((l) => l.trim().split(/\s+/));
  const inode = rows.find((f) => f[1] === `0100007F:${hexPort}` && f[3] === '0A')?.[9];
  if (!inode) throw new Error(`nothing listens on 127.0.0.1:${port}`);
  for (const pid of (await readdir('/proc')).filter((d) => /^\d+$/.test(d))) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      if ((await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')) === `socket:[${inode}]`) return Number(pid);
    }
  }
  throw new Error(`no process owns the socket of port ${port}`);
}

async function servicePids(parent: number): Promise<number[]> {
  const found: number[] = [];
  for (const pid of (await readdir('/proc')).filter((d) => /^\d+$/.test(d))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields after "(comm)": state, ppid, …; a zombie (Z) is already dead.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(ppid) !== parent || state === 'Z') continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('server/embeddedChild')) found.push(Number(pid));
  }
  return found;
}

test('the embedded service process is killed mid-session: the page says it was restarted, and a query succeeds', async ({
  page,
  host,
}) => {
  await page.goto('/');
  await expect.poll(() => page.getByTestId('catalogue-row').count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByTestId('embedded-notice')).toHaveCount(0);

  const hostPid = await listeningPid(Number(new URL(host.url).port));
  const before = await servicePids(hostPid);
  expect(before, 'one embedded service process').toHaveLength(1);
  process.kill(before[0]!, 'SIGKILL');

  const notice = page.getByTestId('embedded-notice');
  await expect(notice).toHaveText(/The embedded data service stopped unexpectedly and was restarted\./, { timeout: 60_000 });
  const after = await servicePids(hostPid);
  expect(after).toHaveLength(1);
  expect(after[0]).not.toBe(before[0]);

  await page.goto(`/#/datasets/${DATASET}/query`);
  const form = page.getByTestId('query-form');
  await expect(form).toBeVisible();
  await expect(notice).toBeVisible();
  await form.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  await expect(page.getByTestId('error-state')).toHaveCount(0);

  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
});
