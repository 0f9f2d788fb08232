/**
 * Draws the app's PNG icons without any image library (run `node scripts/make-icons.ts` when the
 * design changes; the PNGs are committed as assets):
 * - public/icon-192.png, public/icon-512.png: a navy square with an orange ring and a white dot;
 * - public/icon-maskable-512.png: the same artwork smaller, inside the maskable safe zone (the
 *   centred circle of 40 % radius that every platform mask keeps);
 * - public/shortcuts/{cart,orders,favourites}-96.png: a white glyph on a navy tile, one per
 *   shortcut of the manifest.
 * Shapes are tested on 4×4 samples per pixel, so their edges are smooth.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

type Rgb = readonly [number, number, number]
/** Whether a point of the icon, in units of its side (0..1 from the top left), is inside. */
type Shape = (x: number, y: number) => boolean
interface Layer {
  shape: Shape
  color: Rgb
}

const NAVY: Rgb = [0x1e, 0x3a, 0x8a]
const ORANGE: Rgb = [0xf9, 0x73, 0x16]
const WHITE: Rgb = [0xff, 0xff, 0xff]
const SAMPLES = 4

// --- shapes

const everywhere: Shape = () => true

function disc(cx: number, cy: number, radius: number): Shape {
  return (x, y) => Math.hypot(x - cx, y - cy) < radius
}

function ring(cx: number, cy: number, inner: number, outer: number): Shape {
  return (x, y) => {
    const d = Math.hypot(x - cx, y - cy)
    return d > inner && d < outer
  }
}

function roundedRect(left: number, top: number, right: number, bottom: number, radius: number): Shape {
  return (x, y) => {
    const dx = Math.max(left + radius - x, 0, x - (right - radius))
    const dy = Math.max(top + radius - y, 0, y - (bottom - radius))
    return x >= left && x <= right && y >= top && y <= bottom && Math.hypot(dx, dy) <= radius
  }
}

/** A stroke of the given width along a polyline, with round ends and joins. */
function stroke(points: ReadonlyArray<readonly [number, number]>, width: number): Shape {
  return (x, y) => {
    for (let i = 1; i < points.length; i++) {
      const [ax, ay] = points[i - 1] as readonly [number, number]
      const [bx, by] = points[i] as readonly [number, number]
      const lengthSquared = (bx - ax) ** 2 + (by - ay) ** 2
      const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / lengthSquared))
      if (Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= width / 2) return true
    }
    return false
  }
}

/** A filled polygon (even-odd rule). */
function polygon(points: ReadonlyArray<readonly [number, number]>): Shape {
  return (x, y) => {
    let inside = false
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i] as readonly [number, number]
      const [xj, yj] = points[j] as readonly [number, number]
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
    }
    return inside
  }
}

/** The classic heart curve (x² + y² − 1)³ ≤ x²y³, centred at (cx, cy), `size` wide. */
function heart(cx: number, cy: number, size: number): Shape {
  const scale = size / 2.3 // the curve spans about 2.3 units across
  return (x, y) => {
    const u = (x - cx) / scale
    const v = -(y - cy) / scale + 0.15
    return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0
  }
}

// --- artwork

/** The brand mark: orange ring and white dot on navy, its ring's outer edge at `scale` × 30 % of the side. */
function brandMark(scale: number): Layer[] {
  return [
    { shape: everywhere, color: NAVY },
    { shape: ring(0.5, 0.5, 0.22 * scale, 0.3 * scale), color: ORANGE },
    { shape: disc(0.5, 0.5, 0.1 * scale), color: WHITE },
  ]
}

const tile: Layer = { shape: roundedRect(0, 0, 1, 1, 0.2), color: NAVY }

const cartGlyph: Layer[] = [
  tile,
  // the handle, running down into the frame under the basket
  {
    shape: stroke(
      [
        [0.18, 0.26],
        [0.28, 0.26],
        [0.37, 0.64],
        [0.76, 0.64],
      ],
      0.07,
    ),
    color: WHITE,
  },
  // the basket
  {
    shape: polygon([
      [0.3, 0.34],
      [0.82, 0.34],
      [0.76, 0.56],
      [0.35, 0.56],
    ]),
    color: WHITE,
  },
  // the wheels
  { shape: disc(0.41, 0.76, 0.065), color: WHITE },
  { shape: disc(0.72, 0.76, 0.065), color: WHITE },
]

const ordersGlyph: Layer[] = [
  tile,
  // a sheet with three lines of text
  { shape: roundedRect(0.27, 0.18, 0.73, 0.82, 0.06), color: WHITE },
  ...[0.36, 0.5, 0.64].map((y) => ({
    shape: stroke(
      [
        [0.37, y],
        [0.63, y],
      ],
      0.06,
    ),
    color: NAVY,
  })),
]

const favouritesGlyph: Layer[] = [tile, { shape: heart(0.5, 0.5, 0.62), color: WHITE }]

// --- raster and PNG

/** RGBA pixels: each pixel takes the colour of the topmost layer over each of its samples. */
function rasterize(size: number, layers: readonly Layer[]): Buffer {
  const rows: Buffer[] = []
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4) // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      let [red, green, blue, covered] = [0, 0, 0, 0]
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size
          const y = (py + (sy + 0.5) / SAMPLES) / size
          const top = layers.findLast((layer) => layer.shape(x, y))
          if (!top) continue
          red += top.color[0]
          green += top.color[1]
          blue += top.color[2]
          covered += 1
        }
      }
      // a pixel no layer covers stays transparent (the row starts zeroed)
      if (covered === 0) continue
      const alpha = Math.round((255 * covered) / SAMPLES ** 2)
      row.set([red, green, blue].map((sum) => Math.round(sum / covered)).concat(alpha), 1 + px * 4)
    }
    rows.push(row)
  }
  return Buffer.concat(rows)
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

function png(size: number, layers: readonly Layer[]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rasterize(size, layers), { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ])
}

for (const size of [192, 512]) writeFileSync(`public/icon-${size}.png`, png(size, brandMark(1)))
// 80 %: the ring's edge at 24 % of the side from the centre, well inside the 40 % safe circle
writeFileSync('public/icon-maskable-512.png', png(512, brandMark(0.8)))
mkdirSync('public/shortcuts', { recursive: true })
writeFileSync('public/shortcuts/cart-96.png', png(96, cartGlyph))
writeFileSync('public/shortcuts/orders-96.png', png(96, ordersGlyph))
writeFileSync('public/shortcuts/favourites-96.png', png(96, favouritesGlyph))
