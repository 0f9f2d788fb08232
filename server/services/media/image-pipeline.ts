import sharp, { type Channels, type Metadata } from 'sharp'
import { MEDIA_FORMATS, MEDIA_MAX_BYTES, MEDIA_WIDTHS, type MediaFormat } from '../../../src/domain/media.ts'
import { MediaMessage } from '../../../src/domain/media-messages.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import { ApiError } from '../../http/envelope.ts'

/*
 * Uploads are decoded and re-encoded (backoffice §2 Images): only the four formats shops use, judged by
 * their bytes; EXIF orientation applied, then every metadata block (EXIF, GPS, XMP, ICC) dropped, as
 * sharp writes none unless asked; WebP and AVIF at the shop's widths, never wider than the original;
 * and a tiny blurred placeholder. Decoding untrusted images is libvips' job, behind size limits.
 */

/** Largest image decoded, in pixels: a 40-megapixel photo still passes, a decompression bomb does not. */
export const MAX_INPUT_PIXELS = 40_000_000
/** Longest side accepted: a 1 × 30000 strip has few pixels but no use in a shop. */
export const MAX_INPUT_SIDE = 20_000
/** Width of the placeholder (it is drawn stretched and blurred, so more pixels buy nothing). */
export const PLACEHOLDER_WIDTH = 16

// The refusals' phrases live with the media contract, where the console translates them.
export { MediaMessage }

const fileError = (message: string) => new ApiError(ResultCode.invalidInput, `file: ${message}`)

// Measured on a 1280 px photo-like picture and the demo drawings: effort 3 took twice the CPU of 2 and
// effort 4 over ten times, each for under 2% fewer bytes; 4:2:0 chroma (as JPEG's) cut another third of
// the time and a tenth of the bytes against sharp's 4:4:4 default.
const AVIF_OPTIONS = { quality: 50, effort: 2, chromaSubsampling: '4:2:0' } as const
const WEBP_OPTIONS = { quality: 80, effort: 4 } as const

export interface EncodedVariant {
  width: number
  height: number
  format: MediaFormat
  bytes: Buffer
}

export interface EncodedImage {
  /** The picture's size after EXIF orientation. */
  width: number
  height: number
  /** data: URL of a tiny blurred WebP. */
  placeholder: string
  variants: EncodedVariant[]
  sourceBytes: number
}

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0))
const hasAt = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  bytes.length >= at + expected.length && expected.every((byte, i) => bytes[at + i] === byte)

/**
 * A first look at the signature, before any decoder sees the bytes: SVG, GIF, TIFF, PDF and text never
 * reach libvips' other loaders. sharp's own reading of the header then has the last word.
 */
function looksLikeAcceptedImage(bytes: Uint8Array): boolean {
  return (
    hasAt(bytes, 0, [0xff, 0xd8, 0xff]) ||
    hasAt(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    (hasAt(bytes, 0, ascii('RIFF')) && hasAt(bytes, 8, ascii('WEBP'))) ||
    hasAt(bytes, 4, ascii('ftyp'))
  )
}

/** The widths to encode for a picture this wide: the shop's widths up to it, or its own when narrower. */
export function variantWidthsFor(width: number): number[] {
  const fitting = MEDIA_WIDTHS.filter((candidate) => candidate <= width)
  return fitting.length > 0 ? fitting : [width]
}

interface Checked {
  width: number
  height: number
}

/** Refuses anything but a JPEG, PNG, WebP or AVIF of sane dimensions, reading only its header. */
async function checkUpload(bytes: Uint8Array): Promise<Checked> {
  if (bytes.length === 0) throw fileError(ValidationMessage.avatarEmpty)
  if (bytes.length > MEDIA_MAX_BYTES) throw fileError(MediaMessage.tooLarge)
  if (!looksLikeAcceptedImage(bytes)) throw fileError(MediaMessage.type)
  let metadata: Metadata
  try {
    // The header only: no pixel is decoded here, so the pixel limit is checked below, by us.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw fileError(MediaMessage.type)
  }
  const { format, compression, width, height } = metadata
  // AVIF is HEIF with AV1 inside; HEIC (HEVC inside) is not one of ours.
  const accepted =
    format === 'jpeg' || format === 'png' || format === 'webp' || (format === 'heif' && compression === 'av1')
  if (!accepted) throw fileError(MediaMessage.type)
  if (!width || !height) throw fileError(MediaMessage.unreadable)
  if (width * height > MAX_INPUT_PIXELS || Math.max(width, height) > MAX_INPUT_SIDE) {
    throw fileError(MediaMessage.tooManyPixels)
  }
  return metadata.autoOrient
}

interface RawImage {
  data: Buffer
  info: { width: number; height: number; channels: Channels }
}

const rawInput = (image: RawImage) => ({
  raw: { width: image.info.width, height: image.info.height, channels: image.info.channels },
})

async function encode(image: RawImage, format: MediaFormat): Promise<EncodedVariant> {
  const pipeline = sharp(image.data, rawInput(image))
  const encoded = format === 'avif' ? pipeline.avif(AVIF_OPTIONS) : pipeline.webp(WEBP_OPTIONS)
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, format, bytes: data }
}

/**
 * Drops an alpha channel that is opaque everywhere (drawings and screenshots often carry one): AVIF
 * encodes alpha as a second picture, so this nearly halves its time.
 */
async function withoutOpaqueAlpha(image: RawImage): Promise<RawImage> {
  if (image.info.channels !== 4) return image
  // A plain loop over the alpha bytes: a tenth of the time of sharp's stats() on the same pixels.
  for (let alpha = 3; alpha < image.data.length; alpha += 4) if (image.data[alpha] !== 255) return image
  return sharp(image.data, rawInput(image)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
}

async function placeholderOf(image: RawImage): Promise<string> {
  const tiny = await sharp(image.data, rawInput(image))
    .resize({ width: PLACEHOLDER_WIDTH, height: PLACEHOLDER_WIDTH, fit: 'inside' })
    .blur(0.8)
    .webp({ quality: 40, alphaQuality: 40, effort: 6 })
    .toBuffer()
  return `data:image/webp;base64,${tiny.toString('base64')}`
}

/**
 * Decodes an upload once (oriented, sRGB, 8 bits, at the widest variant's width: JPEG decodes shrunk),
 * then resizes and encodes every variant from those pixels. Throws a 400 ApiError naming `file` for
 * anything refused. Nothing of the input's metadata survives: only pixels go from one step to the next.
 */
export async function encodeImage(bytes: Uint8Array): Promise<EncodedImage> {
  const oriented = await checkUpload(bytes)
  const widths = variantWidthsFor(oriented.width)
  const widest = Math.max(...widths)
  let decoded: RawImage
  try {
    decoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw fileError(MediaMessage.unreadable)
  }
  decoded = await withoutOpaqueAlpha(decoded)

  const sized = await Promise.all(
    widths.map(async (width): Promise<RawImage> => {
      if (width === decoded.info.width) return decoded
      return sharp(decoded.data, rawInput(decoded))
        .resize({ width })
        .raw()
        .toBuffer({ resolveWithObject: true })
    }),
  )
  const [variants, placeholder] = await Promise.all([
    Promise.all(sized.flatMap((image) => MEDIA_FORMATS.map((format) => encode(image, format)))),
    placeholderOf(sized[0] ?? decoded),
  ])
  return {
    width: oriented.width,
    height: oriented.height,
    placeholder,
    variants,
    sourceBytes: bytes.length,
  }
}
