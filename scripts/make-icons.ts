/**
 * Draws the app icons (public/icon-192.png, public/icon-512.png) without any image library: a navy
 * square with an orange ring and a white dot, safe inside the maskable zone. Run once when the
 * design changes; the PNGs are committed as assets.
 */
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const NAVY = [0x1e, 0x3a, 0x8a]
const ORANGE = [0xf9, 0x73, 0x16]
const WHITE = [0xff, 0xff, 0xff]

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

function icon(size: number): Buffer {
  const rows: Buffer[] = []
  const c = size / 2
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3) // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c) / size
      const color = d < 0.1 ? WHITE : d > 0.22 && d < 0.3 ? ORANGE : NAVY
      row.set(color, 1 + x * 3)
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ])
}

for (const size of [192, 512]) writeFileSync(`public/icon-${size}.png`, icon(size))
