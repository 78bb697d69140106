import { expect, it, vi } from 'vitest';
import { electronState as m } from '../test-support/electronMock.js';

vi.mock('electron', async () => (await import('../test-support/electronMock.js')).electronModule());
vi.mock('electron-log/main', async () => (await import('../test-support/electronMock.js')).electronLogModule());

/** Desktop conventions: a second instance does not start (the first one is focused instead, see index.test.ts). */

it('a second instance, refused the single-instance lock, quits without a window, a bridge or services', async () => {
  m.singleInstance = false;
  delete process.env.ELECTRON_RENDERER_URL;
  await import('./index.js');
  await vi.waitFor(() => expect(m.quit).toBe(1));
  // Give a wrongly continuing start-up the chance to open something.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(m.windows).toHaveLength(0);
  expect(m.ipcHandlers.size).toBe(0);
});
