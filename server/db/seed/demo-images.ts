import { DEMO_FOLDER, type MediaStore } from '../../services/media/media-store.ts'
import { createRandom, mix32 } from './random.ts'

/**
 * The demo catalog's pictures, drawn as small SVGs in code so the demo needs no network and no
 * binary assets. Each artwork is a function of its index only, so rewriting them is a no-op.
 */

/** The silhouette an artwork shows; item kinds pick pictures of their own shape. */
export const ART_SHAPES = ['figure', 'box', 'card', 'plush', 'book', 'shirt'] as const
export type ArtShape = (typeof ART_SHAPES)[number]

export const DEMO_PRODUCT_IMAGE_COUNT = 60

export interface DemoBannerArt {
  title: string
  subtitle: string
}

/** Latin text only: the artworks must render without CJK fonts. */
export const DEMO_BANNER_ART: readonly DemoBannerArt[] = [
  { title: 'PRE-ORDER NOW', subtitle: 'Reserve next season with a small deposit' },
  { title: 'NEW ARRIVALS', subtitle: 'Fresh from Japan this week' },
  { title: 'HOT THIS MONTH', subtitle: 'What collectors are ordering' },
  { title: 'HOW DEPOSITS WORK', subtitle: 'Pay the rest when your goods arrive' },
  { title: 'IN STOCK', subtitle: 'Ships within two business days' },
]

/** 1-based index → file name, e.g. `product-07.svg`. */
export function demoProductImageFile(index: number): string {
  return `product-${String(index).padStart(2, '0')}.svg`
}

export function demoProductImageShape(index: number): ArtShape {
  return ART_SHAPES[(index - 1) % ART_SHAPES.length] as ArtShape
}

/** 1-based index → file name, e.g. `banner-2.svg`. */
export function demoBannerImageFile(index: number): string {
  return `banner-${index}.svg`
}

const productIndexes = Array.from({ length: DEMO_PRODUCT_IMAGE_COUNT }, (_, i) => i + 1)

export const DEMO_PRODUCT_IMAGE_FILES: readonly string[] = productIndexes.map(demoProductImageFile)
export const DEMO_BANNER_IMAGE_FILES: readonly string[] = DEMO_BANNER_ART.map((_, i) =>
  demoBannerImageFile(i + 1),
)

const imagesOfShape = (shape: ArtShape) =>
  productIndexes.filter((i) => demoProductImageShape(i) === shape).map(demoProductImageFile)

/** Product picture files of each shape, for item kinds to choose from. */
export const DEMO_PRODUCT_IMAGES_BY_SHAPE: Readonly<Record<ArtShape, readonly string[]>> = {
  figure: imagesOfShape('figure'),
  box: imagesOfShape('box'),
  card: imagesOfShape('card'),
  plush: imagesOfShape('plush'),
  book: imagesOfShape('book'),
  shirt: imagesOfShape('shirt'),
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100
  const l = lightness / 100
  const a = s * Math.min(l, 1 - l)
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

interface Palette {
  light: string
  mid: string
  dark: string
  accent: string
}

function paletteFromHue(hue: number): Palette {
  const accentHue = (hue + 150) % 360
  return {
    light: hslToHex(hue, 70, 93),
    mid: hslToHex(hue, 55, 78),
    dark: hslToHex(hue, 50, 34),
    accent: hslToHex(accentHue, 75, 60),
  }
}

/** Golden-angle steps keep neighbouring pictures far apart on the colour wheel. */
const paletteFor = (index: number) => paletteFromHue(Math.round((index * 137.508) % 360))

function silhouette(shape: ArtShape, p: Palette): string {
  switch (shape) {
    case 'figure':
      return [
        `<ellipse cx="300" cy="470" rx="140" ry="28" fill="${p.dark}" opacity=".35"/>`,
        `<path d="M300 220 L385 450 L215 450 Z" fill="${p.dark}"/>`,
        `<path d="M245 300 L180 380 M355 300 L420 250" stroke="${p.dark}" stroke-width="22" stroke-linecap="round"/>`,
        `<circle cx="300" cy="170" r="62" fill="${p.dark}"/>`,
        `<path d="M238 160 Q300 80 362 160 Q330 120 300 125 Q270 120 238 160 Z" fill="${p.accent}"/>`,
      ].join('')
    case 'box':
      return [
        `<rect x="150" y="100" width="300" height="380" rx="14" fill="${p.dark}"/>`,
        `<rect x="185" y="160" width="230" height="230" rx="10" fill="${p.light}"/>`,
        `<circle cx="300" cy="240" r="42" fill="${p.accent}"/>`,
        `<path d="M300 280 L350 380 L250 380 Z" fill="${p.accent}"/>`,
        `<rect x="185" y="410" width="230" height="40" rx="6" fill="${p.accent}"/>`,
      ].join('')
    case 'card':
      return [
        `<rect x="170" y="120" width="240" height="340" rx="16" fill="${p.mid}" transform="rotate(-12 290 290)"/>`,
        `<rect x="190" y="110" width="240" height="340" rx="16" fill="${p.dark}" transform="rotate(6 310 280)"/>`,
        `<rect x="215" y="140" width="190" height="200" rx="8" fill="${p.light}" transform="rotate(6 310 280)"/>`,
        `<path d="M310 180 L327 225 L375 227 L337 256 L351 302 L310 275 L269 302 L283 256 L245 227 L293 225 Z" fill="${p.accent}" transform="rotate(6 310 280)"/>`,
      ].join('')
    case 'plush':
      return [
        `<circle cx="215" cy="135" r="45" fill="${p.dark}"/><circle cx="385" cy="135" r="45" fill="${p.dark}"/>`,
        `<ellipse cx="300" cy="380" rx="135" ry="100" fill="${p.dark}"/>`,
        `<circle cx="300" cy="210" r="110" fill="${p.dark}"/>`,
        `<circle cx="260" cy="200" r="12" fill="${p.light}"/><circle cx="340" cy="200" r="12" fill="${p.light}"/>`,
        `<ellipse cx="300" cy="245" rx="30" ry="20" fill="${p.accent}"/>`,
      ].join('')
    case 'book':
      return [
        `<rect x="165" y="95" width="280" height="390" rx="8" fill="${p.dark}"/>`,
        `<rect x="165" y="95" width="34" height="390" fill="${p.accent}"/>`,
        `<rect x="230" y="150" width="180" height="26" rx="4" fill="${p.light}"/>`,
        `<rect x="230" y="192" width="130" height="16" rx="4" fill="${p.mid}"/>`,
        `<circle cx="320" cy="330" r="70" fill="${p.mid}"/>`,
      ].join('')
    case 'shirt':
      return [
        `<path d="M230 110 L150 160 L110 250 L185 280 L200 230 L200 480 L400 480 L400 230 L415 280 L490 250 L450 160 L370 110 Q300 160 230 110 Z" fill="${p.dark}"/>`,
        `<circle cx="300" cy="290" r="60" fill="${p.accent}"/>`,
        `<path d="M300 250 L315 285 L350 287 L322 308 L332 342 L300 322 L268 342 L278 308 L250 287 L285 285 Z" fill="${p.light}"/>`,
      ].join('')
  }
}

/** A few soft dots in the background, placed from the index so each picture differs. */
function confetti(seed: number, width: number, height: number, colour: string): string {
  const random = createRandom(mix32(seed))
  const dots: string[] = []
  for (let i = 0; i < 7; i++) {
    const x = random.int(20, width - 20)
    const y = random.int(20, height - 20)
    const r = random.int(8, 38)
    dots.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" opacity=".35"/>`)
  }
  return dots.join('')
}

/** A 600×600 product picture: gradient, confetti, a silhouette of the shape and a short label. */
export function demoProductImageSvg(index: number): string {
  const shape = demoProductImageShape(index)
  const p = paletteFor(index)
  const label = `${shape.toUpperCase()} No.${String(index).padStart(2, '0')}`
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">',
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.mid}"/></linearGradient></defs>`,
    '<rect width="600" height="600" fill="url(#bg)"/>',
    confetti(index, 600, 600, p.accent),
    silhouette(shape, p),
    `<text x="300" y="555" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" letter-spacing="3" fill="${p.dark}">${label}</text>`,
    '</svg>',
  ].join('')
}

/** A 1200×320 home-page banner. */
export function demoBannerSvg(index: number): string {
  const art = DEMO_BANNER_ART[index - 1]
  if (!art) throw new RangeError(`no demo banner ${index}`)
  // Banners sit side by side in a carousel: spread their hues evenly.
  const p = paletteFromHue(Math.round((index * 360) / DEMO_BANNER_ART.length + 200) % 360)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="320" viewBox="0 0 1200 320">',
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.dark}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient></defs>`,
    '<rect width="1200" height="320" fill="url(#bg)"/>',
    confetti(1000 + index, 1200, 320, p.light),
    `<circle cx="1030" cy="160" r="120" fill="${p.light}" opacity=".25"/>`,
    `<text x="80" y="165" font-family="Helvetica, Arial, sans-serif" font-size="72" font-weight="800" fill="#ffffff">${art.title}</text>`,
    `<text x="84" y="225" font-family="Helvetica, Arial, sans-serif" font-size="32" fill="${p.light}">${art.subtitle}</text>`,
    '</svg>',
  ].join('')
}

export interface DemoImage {
  file: string
  svg: string
}

/** Every demo picture with its file name. */
export function demoImages(): DemoImage[] {
  return [
    ...productIndexes.map((i) => ({ file: demoProductImageFile(i), svg: demoProductImageSvg(i) })),
    ...DEMO_BANNER_ART.map((_, i) => ({ file: demoBannerImageFile(i + 1), svg: demoBannerSvg(i + 1) })),
  ]
}

/** Drawings checked (and written) at once: with a bucket, each is a request. */
const WRITE_AT_ONCE = 8

/**
 * Puts the pictures in the media store as `demo/<file>`, served as `/media/demo/<file>`. Keys the
 * store already holds are left alone (an operator may have replaced them). Returns how many were
 * written. Two servers starting at once may both write one: the same bytes, each put whole.
 */
export async function writeDemoImages(store: MediaStore): Promise<number> {
  const images = demoImages()
  let written = 0
  for (let start = 0; start < images.length; start += WRITE_AT_ONCE) {
    await Promise.all(
      images.slice(start, start + WRITE_AT_ONCE).map(async ({ file, svg }) => {
        const key = `${DEMO_FOLDER}/${file}`
        if (await store.exists(key)) return
        await store.put(key, new TextEncoder().encode(svg), 'image/svg+xml')
        written++
      }),
    )
  }
  return written
}
