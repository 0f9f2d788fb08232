/*
 * Pictures as the shop stores and draws them (backoffice §2 Images): every upload is re-encoded into
 * WebP and AVIF at a few widths, never wider than the original, plus a tiny blurred placeholder.
 */

/** The widths pages ask for, in CSS pixels × density: a phone card, a desktop card, a product page. */
export const MEDIA_WIDTHS = [320, 640, 1280] as const
/** Best first: a browser takes the first `<source>` whose type it can draw. */
export const MEDIA_FORMATS = ['avif', 'webp'] as const
export type MediaFormat = (typeof MEDIA_FORMATS)[number]

/**
 * How wide pages draw a product picture (`sizes`), shared with the server's HTML skeleton so the
 * picture it preloads is the variant the page then asks for. A card in the product grid: 2 → 4 → 6
 * columns, the page at most 80rem wide.
 */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 208px, (min-width: 768px) 25vw, 50vw'

/** The product page's large image: the page's first column (2 of 5 from md, the page at most 80rem). */
export const GALLERY_IMAGE_SIZES = '(min-width: 1280px) 500px, (min-width: 768px) 40vw, 100vw'

/**
 * A home banner: the page's width (at most 80rem, and the widest variant is 1280 anyway). Shared with
 * the server's HTML skeleton like the others.
 */
export const BANNER_IMAGE_SIZES = '100vw'

/** The largest upload accepted, in bytes (10 MB). */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024

/** One encoded variant as stored: `key` is the media store's name for it. */
export interface MediaVariant {
  width: number
  height: number
  format: MediaFormat
  key: string
}

/** One variant as sent: where to fetch it. */
export interface MediaVariantDto {
  width: number
  format: MediaFormat
  url: string
}

/** A picture on the wire (the answer of POST /api/ops/media, and a product's or brand's images). */
export interface MediaImageDto {
  id: number
  width: number
  height: number
  /** data: URL of a tiny blurred WebP. */
  placeholder: string
  variants: MediaVariantDto[]
}

/** `srcset` of one format's variants, narrowest first ('/media/a-320.webp 320w, …'). */
export function srcSetOf(image: MediaImageDto, format: MediaFormat): string {
  return image.variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ')
}

/** The variant to use where only one URL fits (a plain `src`, an e-mail): the widest WebP up to `width`. */
export function fallbackUrlOf(image: MediaImageDto, width = 640): string | undefined {
  const webp = image.variants.filter((variant) => variant.format === 'webp').sort((a, b) => a.width - b.width)
  const fitting = webp.filter((variant) => variant.width <= width)
  return (fitting.at(-1) ?? webp[0])?.url
}
