// `npm start`: the Electron app, or, where its binary cannot be obtained (offline), the web host, saying why.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}${process.platform === 'win32' ? '.cmd' : ''}`;

function electronBinary() {
  if (process.env.GRIDSCOPE_FORCE_WEB === '1') return { reason: 'GRIDSCOPE_FORCE_WEB=1 is set' };
  // Resolving `electron` may try to download the binary: do it in a child with a time limit.
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    encoding: 'utf8',
    timeout: 60_000,
    cwd: process.cwd(),
  });
  const path = probe.stdout?.trim();
  if (probe.status === 0 && path && existsSync(path)) return { path };
  const lines = `${probe.stderr ?? ''}`
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const why = lines.find((l) => /fetch failed|ENOTFOUND|EAI_AGAIN|failed to install|ECONN/i.test(l)) ?? lines.at(-1);
  return { reason: why ?? (probe.error ? probe.error.message : 'the Electron binary is missing') };
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const electron = electronBinary();
if (electron.path) {
  run(bin('electron-vite'), ['build']);
  const child = spawn(electron.path, ['.'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(
    `Electron cannot be obtained on this machine (${electron.reason}); starting Gridscope as a web host instead — ` +
      'open the "Gridscope at" URL printed below, with its ?token=, in your browser.',
  );
  run(bin('vite'), ['build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn']);
  const port = process.env.PORT ?? '5178';
  const child = spawn(bin('tsx'), ['electron/webhost/cli.ts', '--port', port], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
}
