// The site's icon, drawn from one geometry in two formats:
//  - favicon.svg, the web app manifest's icon (any size);
//  - favicon.png, the page's <link rel="icon">. Chromium fetches and decodes
//    a page's icon again after every history.replaceState, which the page
//    calls as the reader types; an SVG icon is a new SVG document each time
//    (about 7 ms of main thread, 27 ms at CPU x4), a 32 px palette PNG almost
//    nothing. Measured on the planner's ramp keystroke at CPU x4: p95 to the
//    next frame 100-112 ms with the SVG, 92-94 ms with the PNG.
import { deflateSync } from 'node:zlib';

const SIZE = 32;
const BLUE = [0x1d, 0x4e, 0xd8];
const BACKGROUND_RADIUS = 7;
// The white cells: a 3 x 2 grid over one wide bar, [x, y, width, height].
const CELLS = [[6, 6, 6, 6], [13, 6, 6, 6], [20, 6, 6, 6], [6, 13, 6, 6], [13, 13, 6, 6], [20, 13, 6, 6], [6, 20, 20, 6]];

export function faviconSvg() {
  const cells = CELLS.map(([x, y, width, height]) => `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="1"/>`).join('');
  const fill = `#${BLUE.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}"><rect width="${SIZE}" height="${SIZE}" rx="${BACKGROUND_RADIUS}" fill="${fill}"/><g fill="#fff">${cells}</g></svg>\n`;
}

// Palette index of a pixel: 0 transparent, 1 blue, 2 white.
function colourAt(x, y) {
  if (CELLS.some(([left, top, width, height]) => x >= left && x < left + width && y >= top && y < top + height)) return 2;
  const r = BACKGROUND_RADIUS;
  const nearestX = Math.min(Math.max(x + 0.5, r), SIZE - r);
  const nearestY = Math.min(Math.max(y + 0.5, r), SIZE - r);
  return (x + 0.5 - nearestX) ** 2 + (y + 0.5 - nearestY) ** 2 <= r * r ? 1 : 0;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 32 x 32 PNG of 2-bit palette colour (PNG specification, sections 11.2 and 11.3). */
export function faviconPng() {
  const rows = [];
  for (let y = 0; y < SIZE; y += 1) {
    const row = [0];  // filter type: none
    for (let x = 0; x < SIZE; x += 4) {
      row.push((colourAt(x, y) << 6) | (colourAt(x + 1, y) << 4) | (colourAt(x + 2, y) << 2) | colourAt(x + 3, y));
    }
    rows.push(...row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([2, 3, 0, 0, 0], 8);  // bit depth 2, colour type 3 (palette), deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from([0, 0, 0, ...BLUE, 0xff, 0xff, 0xff])),
    chunk('tRNS', Buffer.from([0])),  // palette entry 0 is transparent
    chunk('IDAT', deflateSync(Buffer.from(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
