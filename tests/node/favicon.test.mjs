// The page icon's PNG draws what its SVG draws: read back with a PNG reader
// written here from the specification (chunk layout, CRC, palette, 2-bit rows).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32, inflateSync } from 'node:zlib';
import { faviconPng, faviconSvg } from '../../web/pages/favicon.mjs';

function readPng(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  const chunks = {};
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    assert.equal(bytes.readUInt32BE(at + 8 + length), crc32(bytes.subarray(at + 4, at + 8 + length)), `${type} CRC`);
    chunks[type] = Buffer.concat([chunks[type] ?? Buffer.alloc(0), data]);
    at += 12 + length;
  }
  const width = chunks.IHDR.readUInt32BE(0);
  const height = chunks.IHDR.readUInt32BE(4);
  assert.deepEqual([...chunks.IHDR.subarray(8)], [2, 3, 0, 0, 0], 'bit depth 2, palette, no interlace');
  const rows = inflateSync(chunks.IDAT);
  const stride = 1 + width / 4;
  const palette = chunks.PLTE;
  const alpha = chunks.tRNS;
  return (x, y) => {
    assert.equal(rows[y * stride], 0, 'row filter: none');
    const index = (rows[y * stride + 1 + (x >> 2)] >> (6 - 2 * (x & 3))) & 3;
    const opaque = index >= alpha.length || alpha[index] === 255;
    return opaque ? `#${palette.subarray(3 * index, 3 * index + 3).toString('hex')}` : 'transparent';
  };
}

test('the page icon is a 32 px PNG with the SVG icon\'s colours in the SVG icon\'s places', () => {
  const svg = faviconSvg();
  const pixel = readPng(faviconPng());
  const blue = svg.match(/<rect width="32" height="32" rx="7" fill="(#[0-9a-f]{6})"/)[1];
  // Each white cell of the SVG is white in the PNG, at its corners and its centre.
  const cells = [...svg.matchAll(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"/g)].map((match) => match.slice(1).map(Number));
  assert.equal(cells.length, 7);
  for (const [x, y, width, height] of cells) {
    for (const [px, py] of [[x, y], [x + width - 1, y + height - 1], [x + (width >> 1), y + (height >> 1)]]) {
      assert.equal(pixel(px, py), '#ffffff', `cell pixel ${px},${py}`);
    }
  }
  // Between the cells and inside the rounded square: the background; past its rounded corners: nothing.
  assert.equal(pixel(12, 8), blue);
  assert.equal(pixel(8, 12), blue);
  assert.equal(pixel(3, 3), blue);
  assert.equal(pixel(16, 0), blue);
  for (const [x, y] of [[0, 0], [31, 0], [0, 31], [31, 31]]) assert.equal(pixel(x, y), 'transparent', `corner ${x},${y}`);
});
