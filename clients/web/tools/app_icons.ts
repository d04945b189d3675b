/// <reference types="node" />
// The app's icons for the web app manifest (public/manifest.webmanifest), drawn at build time
// from the same design as the page's favicon (index.html): a green tile with a tan castle wall,
// on a 16-unit grid. PNG written with Node's zlib; no image package needed for two flat shapes.

import { deflateSync } from "node:zlib";

const GREEN = [0x6b, 0x8e, 0x23, 0xff];
const TAN = [0xc8, 0xa1, 0x65, 0xff];
const CLEAR = [0, 0, 0, 0];

/** The colour at a point of the 16-unit design. */
function colourAt(u: number, v: number): number[] {
  // The tile: a square with corners rounded by 2 units.
  const dx = Math.max(2 - u, u - 14, 0);
  const dy = Math.max(2 - v, v - 14, 0);
  if (dx * dx + dy * dy > 4) return CLEAR;
  // The wall (x 3..13, y 8..13) and its three merlons (y 6..8).
  const wall = u >= 3 && u < 13 && v >= 8 && v < 13;
  const merlon = v >= 6 && v < 8 && ((u >= 3 && u < 5) || (u >= 7 && u < 9) || (u >= 11 && u < 13));
  return wall || merlon ? TAN : GREEN;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The icon as a size x size RGBA PNG. */
export function appIconPng(size: number): Buffer {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; ++y) {
    const row = y * (size * 4 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < size; ++x) {
      const colour = colourAt(((x + 0.5) * 16) / size, ((y + 0.5) * 16) / size);
      rows.set(colour, row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ]);
}
