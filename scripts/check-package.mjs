// After `electron-builder` (the desktop workflow): reads the fuses and the code signature of the unpacked app in
// release/ and prints them. Fails when a fuse differs from electron-builder.yml's `electronFuses`, and, with
// GRIDSCOPE_REQUIRE_SIGNED=1 (release tags), when the Windows or macOS app is not validly signed.
// The fuses are read with @electron/fuses (what `npx @electron/fuses read --app <path>` prints).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import YAML from 'yaml';

const ROOT = join(import.meta.dirname, '..');
const RELEASE = join(ROOT, 'release');
const { FuseV1Options, getCurrentFuseWire } = createRequire(import.meta.url)('@electron/fuses');
// A fuse's byte in the wire: ASCII '1' on, '0' off (anything else: inherited or removed).
const ON = '1'.charCodeAt(0);
const OFF = '0'.charCodeAt(0);

/** The unpacked app electron-builder left in release/: the .app bundle, Gridscope.exe or the Linux executable. */
function unpackedApp() {
  const dirs = existsSync(RELEASE) ? readdirSync(RELEASE) : [];
  const candidates = {
    darwin: dirs.filter((d) => /^mac(-arm64|-universal)?$/.test(d)).map((d) => join(RELEASE, d, 'Gridscope.app')),
    win32: dirs.filter((d) => /^win(-arm64|-ia32)?-unpacked$/.test(d)).map((d) => join(RELEASE, d, 'Gridscope.exe')),
    linux: dirs.filter((d) => /^linux(-arm64)?-unpacked$/.test(d)).map((d) => join(RELEASE, d, 'gridscope')),
  }[process.platform];
  const app = candidates?.find((p) => existsSync(p));
  if (!app) throw new Error(`no unpacked app for ${process.platform} in ${RELEASE} (found: ${dirs.join(', ') || 'nothing'})`);
  return app;
}

/** Each fuse of the built binary against electron-builder.yml; returns the names that differ. */
function checkFuses(app) {
  const wanted = YAML.parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')).electronFuses;
  return getCurrentFuseWire(app).then((wire) => {
    const wrong = [];
    console.log(`fuses of ${app} (wire v${wire.version}):`);
    for (const [name, on] of Object.entries(wanted)) {
      const index = FuseV1Options[name[0].toUpperCase() + name.slice(1)];
      const state = wire[index];
      const actual = state === ON ? true : state === OFF ? false : `state ${state}`;
      const ok = actual === on;
      if (!ok) wrong.push(name);
      console.log(`  ${ok ? 'ok  ' : 'DIFF'} ${name}: ${actual} (electron-builder.yml: ${on})`);
    }
    return wrong;
  });
}

/** Prints the platform's own account of the signature: true for a valid, non-ad-hoc signature, null on Linux. */
function checkSignature(app) {
  const show = (cmd, args) => {
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    console.log(`$ ${cmd} ${args.join(' ')}\n${`${r.stdout ?? ''}${r.stderr ?? ''}`.trim()}`);
    return r;
  };
  if (process.platform === 'darwin') {
    const details = show('codesign', ['-dv', '--verbose=2', app]);
    const verify = show('codesign', ['--verify', '--deep', '--strict', app]);
    return details.status === 0 && verify.status === 0 && !/Signature=adhoc/.test(details.stderr ?? '');
  }
  if (process.platform === 'win32') {
    const ps = `Get-AuthenticodeSignature -FilePath '${app}' | Format-List Status,StatusMessage,SignerCertificate`;
    const r = show('powershell', ['-NoProfile', '-Command', ps]);
    return r.status === 0 && /Status\s*:\s*Valid\b/.test(r.stdout ?? '');
  }
  return null;
}

const app = unpackedApp();
const wrongFuses = await checkFuses(app);
const signed = checkSignature(app);
console.log(
  `code signature: ${signed === null ? 'none on Linux (the AppImage and deb are not code-signed)' : signed ? 'valid' : 'none or invalid'}`,
);
if (wrongFuses.length > 0) {
  console.error(`fuses differ from electron-builder.yml: ${wrongFuses.join(', ')}`);
  process.exit(1);
}
if (signed === false && process.env.GRIDSCOPE_REQUIRE_SIGNED === '1') {
  console.error('a release build must be signed (GRIDSCOPE_REQUIRE_SIGNED=1)');
  process.exit(1);
}
