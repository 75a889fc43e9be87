/**
 * Draws the app's home-screen icons (a white ₹ on the theme's teal) and writes them as PNGs into
 * public/. Run with `npx tsx scripts/icons.ts` after changing the design; the PNGs are committed.
 *
 * No image library: the glyph is a few shapes given as distance functions, sampled 4×4 per pixel
 * for smooth edges, and the PNG is written by hand (IHDR, one deflated IDAT, IEND) with zlib.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'

const OUT_DIR = path.resolve(import.meta.dirname, '../public')
const THEME: Rgb = [0x28, 0x5e, 0x61]
const WHITE: Rgb = [0xff, 0xff, 0xff]
const SAMPLES = 4

type Rgb = readonly [number, number, number]

/** Whether the point (x, y) of the unit glyph box is inside the ₹ sign. */
function inRupee(x: number, y: number): boolean {
  const stroke = 0.085
  const bar = (top: number) => x >= 0.22 && x <= 0.78 && y >= top && y <= top + stroke
  // The bowl: the right half of a ring joining the top bar to the waist stroke.
  const cx = 0.5
  const cy = 0.4
  const r = Math.hypot(x - cx, y - cy)
  const bowl = x >= cx && r <= 0.215 && r >= 0.215 - stroke
  const waist = y >= 0.615 - stroke && y <= 0.615 && x >= 0.22 && x <= cx
  // The leg: a thick segment from the waist's left end down to the lower right.
  const leg = distanceToSegment(x, y, [0.3, 0.57], [0.7, 0.9]) <= stroke / 2
  return bar(0.185) || bar(0.33) || bowl || waist || leg
}

function distanceToSegment(
  x: number,
  y: number,
  [ax, ay]: readonly [number, number],
  [bx, by]: readonly [number, number],
): number {
  const dx = bx - ax
  const dy = by - ay
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy))
}

/** Inside a square of side 1 with corners rounded to `radius`. */
function inRoundedSquare(x: number, y: number, radius: number): boolean {
  const qx = Math.max(radius - x, x - (1 - radius), 0)
  const qy = Math.max(radius - y, y - (1 - radius), 0)
  return qx * qx + qy * qy <= radius * radius
}

/**
 * RGBA pixels of one icon. `maskable` fills the whole square (the launcher cuts its own shape)
 * and keeps the glyph inside the central 80% safe zone; otherwise the tile has rounded corners.
 */
function draw(size: number, maskable: boolean): Buffer {
  const glyphScale = maskable ? 0.62 : 0.78
  const glyphOffset = (1 - glyphScale) / 2
  const pixels = Buffer.alloc(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0
      let glyph = 0
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size
          const y = (py + (sy + 0.5) / SAMPLES) / size
          if (!maskable && !inRoundedSquare(x, y, 0.18)) continue
          tile++
          if (inRupee((x - glyphOffset) / glyphScale, (y - glyphOffset) / glyphScale)) glyph++
        }
      }
      const offset = (py * size + px) * 4
      const mix = tile === 0 ? 0 : glyph / tile
      for (let c = 0; c < 3; c++) {
        pixels[offset + c] = Math.round(THEME[c]! + (WHITE[c]! - THEME[c]!) * mix)
      }
      pixels[offset + 3] = Math.round((255 * tile) / (SAMPLES * SAMPLES))
    }
  }
  return pixels
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A truecolour-with-alpha PNG of square RGBA `pixels`. */
function encodePng(size: number, pixels: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bits per channel
  header[9] = 6 // colour type: RGBA
  // Bytes 10–12 (compression, filter, interlace) stay 0: the only values PNG defines.
  const rowBytes = size * 4
  const raw = Buffer.alloc(size * (rowBytes + 1))
  for (let y = 0; y < size; y++) {
    // Each scanline starts with its filter type; 0 (none) is enough for a flat icon.
    pixels.copy(raw, y * (rowBytes + 1) + 1, y * rowBytes, (y + 1) * rowBytes)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS ignores the manifest's icons and fills transparency with black: give it a full tile.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
]
for (const { file, size, maskable } of icons) {
  writeFileSync(path.join(OUT_DIR, file), encodePng(size, draw(size, maskable)))
  console.log(`wrote public/${file}`)
}
