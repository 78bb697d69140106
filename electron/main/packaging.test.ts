import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import viteConfig from '../../electron.vite.config.js';
import { BUILT_CHILD_NAME } from '../../shared/embedded/protocol.js';
import { APP_ID } from './appId.js';

/**
 * Packaging config, checked without running electron-builder (it needs the network):
 * electron-builder.yml must satisfy electron-builder's own JSON schema and carry the targets,
 * allow-list, unpacked native code, hardened runtime and fuses we rely on.
 */

const ROOT = resolve(import.meta.dirname, '../..');
interface BuilderConfig {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  win: { target: string; icon: string; verifyUpdateCodeSignature: boolean; signtoolOptions: { publisherName: string[] } };
  mac: { target: string[]; hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string; icon: string };
  linux: { target: string[]; icon: string };
  directories: { buildResources: string };
  publish: { provider: string; url: string };
  forceCodeSigning?: boolean;
}
const config = YAML.parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig;

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's schema", () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as object;
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('names the app as main does and builds NSIS, DMG, AppImage and deb', () => {
    expect(config.appId).toBe(APP_ID);
    expect(config.productName).toBe('Gridscope');
    expect(config.win.target).toBe('nsis');
    expect(config.mac.target).toEqual(['dmg', 'zip']); // the zip is what Squirrel.Mac updates from
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
  });

  it('ships an allow-list of built output only, in an asar, with DuckDB and data/ unpacked', () => {
    expect(config.files).toEqual(['out/**', 'data/**', 'package.json', '!**/*.map']);
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['node_modules/@duckdb/**', 'data/**']));
  });

  it('sets the release fuses', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('publishes an https update feed, and Windows updates must carry the publisher signature', () => {
    expect(config.publish.provider).toBe('generic');
    expect(new URL(config.publish.url).protocol).toBe('https:');
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
    expect(config.win.signtoolOptions.publisherName.length).toBeGreaterThan(0);
    expect(config.forceCodeSigning).toBeUndefined(); // local and CI test builds may be unsigned; releases may not
  });

  it('the release config is this config plus forceCodeSigning, as electron-builder itself merges it', async () => {
    const release = YAML.parse(readFileSync(join(ROOT, 'electron-builder.release.yml'), 'utf8')) as Record<string, unknown>;
    expect(release).toEqual({ extends: 'electron-builder.yml', forceCodeSigning: true });
    const { getConfig } = (await import('app-builder-lib/out/util/config/config.js')) as unknown as {
      getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<Record<string, unknown>>;
    };
    const merged = await getConfig(ROOT, 'electron-builder.release.yml', null);
    const base = await getConfig(ROOT, 'electron-builder.yml', null);
    expect(merged.forceCodeSigning).toBe(true);
    const { forceCodeSigning: _forced, extends: _parent, ...rest } = merged;
    expect(rest).toEqual(base);
  });

  it('macOS: hardened runtime with minimal entitlements (JIT only)', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.entitlements).toBe('build/entitlements.mac.plist');
    expect(config.mac.entitlementsInherit).toBe('build/entitlements.mac.plist');
    const plist = readFileSync(join(ROOT, config.mac.entitlements), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    expect([...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((k) => k[1])).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('has a 512×512 PNG icon under 200 KB for every platform', () => {
    const icon = join(ROOT, 'build/icon.png');
    const png = readFileSync(icon);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    expect(statSync(icon).size).toBeLessThan(200 * 1024);
    for (const p of [config.win.icon, config.mac.icon, config.linux.icon]) expect(p).toBe('build/icon.png');
  });
});

describe('electron.vite.config.ts', () => {
  it('bundles the preload whole, as CommonJS: a sandboxed preload can require nothing but electron', () => {
    const preload = (
      viteConfig as { preload: { build: { externalizeDeps?: unknown; rollupOptions: { output: { format: string } } } } }
    ).preload;
    expect(preload.build.externalizeDeps).toBe(false);
    expect(preload.build.rollupOptions.output.format).toBe('cjs');
  });

  it('builds the embedded /v1 service entry as its own file next to main, under the name main forks', () => {
    const input = (viteConfig as { main: { build: { rollupOptions: { input: Record<string, string> } } } }).main.build
      .rollupOptions.input;
    expect(Object.keys(input).sort()).toEqual([BUILT_CHILD_NAME, 'index'].sort());
    expect(input[BUILT_CHILD_NAME]).toBe(resolve(ROOT, 'server/embeddedChild.ts'));
    expect(input.index).toBe(resolve(ROOT, 'electron/main/index.ts'));
  });
});
