import { crc32, deflateSync } from "node:zlib";

// PNG files made in code (8-bit truecolour, no library): the demo pictures of the seed and the
// small images tests upload.

export type Rgb = [number, number, number];

/** An RGB picture being drawn: width × height pixels of 3 bytes, row after row. */
export interface Raster {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function newRaster(width: number, height: number): Raster {
  return { width, height, pixels: new Uint8Array(width * height * 3) };
}

/** Fills the raster fading from `top` to `bottom`. */
export function fillVerticalGradient(raster: Raster, top: Rgb, bottom: Rgb): void {
  const { width, height, pixels } = raster;
  for (let y = 0; y < height; y++) {
    const t = height > 1 ? y / (height - 1) : 0;
    const colour = top.map((c, i) => Math.round(c + ((bottom[i] ?? c) - c) * t));
    for (let x = 0; x < width; x++) pixels.set(colour, (y * width + x) * 3);
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const FILTER_NONE = 0;
const FILTER_SUB = 1;
const FILTER_UP = 2;

/** What a filter subtracts from byte i: nothing, the same byte of the pixel to the left, or above. */
function predicted(filter: number, row: Uint8Array, above: Uint8Array | null, i: number): number {
  if (filter === FILTER_SUB) return row[i - 3] ?? 0;
  if (filter === FILTER_UP) return above?.[i] ?? 0;
  return 0;
}

/**
 * One row with the PNG filter that leaves the smallest differences (None, Sub: from the pixel to
 * the left, Up: from the pixel above), the usual heuristic: gradients and flat shapes then turn
 * into runs of zeros that deflate to almost nothing.
 */
function filteredRow(row: Uint8Array, above: Uint8Array | null): Buffer {
  const candidates = [FILTER_NONE, FILTER_SUB, ...(above ? [FILTER_UP] : [])].map((filter) => {
    const out = Buffer.alloc(row.length + 1);
    out[0] = filter;
    let cost = 0;
    for (let i = 0; i < row.length; i++) {
      const value = ((row[i] ?? 0) - predicted(filter, row, above, i)) & 0xff;
      out[i + 1] = value;
      cost += value < 128 ? value : 256 - value;
    }
    return { out, cost };
  });
  return candidates.reduce((best, next) => (next.cost < best.cost ? next : best)).out;
}

export function encodePng(raster: Raster): Buffer {
  const { width, height, pixels } = raster;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const stride = width * 3;
  const rows = Array.from({ length: height }, (_, y) =>
    filteredRow(
      pixels.subarray(y * stride, (y + 1) * stride),
      y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null,
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A width × height PNG fading from `top` to `bottom`. */
export function gradientPng(width: number, height: number, top: Rgb, bottom: Rgb): Buffer {
  const raster = newRaster(width, height);
  fillVerticalGradient(raster, top, bottom);
  return encodePng(raster);
}

/** A width × height PNG of one colour. */
export function solidPng(width: number, height: number, colour: Rgb): Buffer {
  return gradientPng(width, height, colour, colour);
}
