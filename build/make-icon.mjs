// Generates build/icon.png (512×512 RGBA) with node:zlib only: a rounded dark tile, a faint grid
// and a price trace with a spike — "grid" + "scope". Run `node build/make-icon.mjs` after editing.
// electron-builder derives the .icns (macOS) and .ico (Windows) from this PNG.
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { stdout } from 'node:process';
import { URL } from 'node:url';
import { deflateSync } from 'node:zlib';

const S = 512;
const SS = 4; // supersampling per axis, for smooth edges
const px = new Float32Array(S * S * 4);

const trace = [
  [64, 330],
  [120, 318],
  [170, 340],
  [215, 300],
  [250, 312],
  [285, 150],
  [318, 352],
  [360, 286],
  [405, 296],
  [448, 250],
];

function distToSegment(x, y, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

function insideRoundedSquare(x, y, r = 96, m = 16) {
  const cx = Math.max(m + r, Math.min(S - m - r, x));
  const cy = Math.max(m + r, Math.min(S - m - r, y));
  return Math.hypot(x - cx, y - cy) <= r;
}

/** Colour of one sample point, or null outside the tile. */
function sample(x, y) {
  if (!insideRoundedSquare(x, y)) return null;
  const t = y / S;
  let c = [15 + 10 * t, 32 + 14 * t, 56 + 30 * t]; // deep blue gradient
  const grid = (x - 64) % 64;
  const gy = (y - 64) % 64;
  if (x > 48 && x < 464 && y > 48 && y < 464 && ((grid >= 0 && grid < 2) || (gy >= 0 && gy < 2))) c = [50, 78, 112];
  let d = Infinity;
  for (let i = 0; i + 1 < trace.length; i++) d = Math.min(d, distToSegment(x, y, trace[i], trace[i + 1]));
  if (d < 22) c = c.map((v, i) => v + ([64, 196, 255][i] - v) * 0.18); // glow
  if (d < 10) c = [255, 196, 64]; // the trace
  return c;
}

for (let y = 0; y < S; y++) {
  for (let x = 0; x < S; x++) {
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let j = 0; j < SS; j++) {
      for (let i = 0; i < SS; i++) {
        const c = sample(x + (i + 0.5) / SS, y + (j + 0.5) / SS);
        if (c) {
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
    }
    const o = (y * S + x) * 4;
    px[o] = a ? r / a : 0;
    px[o + 1] = a ? g / a : 0;
    px[o + 2] = a ? b / a : 0;
    px[o + 3] = (a / (SS * SS)) * 255;
  }
}

// PNG: signature, IHDR, one IDAT (filter byte 0 per row), IEND.
const raw = Buffer.alloc(S * (S * 4 + 1));
for (let y = 0; y < S; y++) {
  raw[y * (S * 4 + 1)] = 0;
  for (let i = 0; i < S * 4; i++) raw[y * (S * 4 + 1) + 1 + i] = Math.round(px[y * S * 4 + i]);
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([len, body, sum]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(S, 0);
ihdr.writeUInt32BE(S, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('./icon.png', import.meta.url), png);
stdout.write(`build/icon.png: ${S}×${S}, ${png.length} bytes\n`);
