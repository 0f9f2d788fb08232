import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { MediaImageDto, MediaVariant } from '../../../src/domain/media.ts'
import { encodeImage } from '../../services/media/image-pipeline.ts'
import { mediaImageOf } from '../../services/media/media-rows.ts'
import { type MediaStore, VARIANT_FOLDER } from '../../services/media/media-store.ts'
import { putVariants } from '../../services/media/media-uploads.ts'
import type { Db } from '../client.ts'
import { media } from '../schema.ts'
import { DEMO_PRODUCT_IMAGE_FILES, demoProductImageSvg } from './demo-images.ts'

/*
 * The demo products' pictures through the upload pipeline (backoffice §2 Images), so the demo shows
 * what a real shop's pictures look like: AVIF and WebP variants with a placeholder. Each drawing has a
 * fixed store name (`m/demo-product-07-640.webp`), so a later start finds its row and files and encodes
 * nothing; only files missing from the store (a fresh DATA_DIR on a seeded PostgreSQL) are written again.
 */

/** Drawn at this width: the 320 and 640 variants, as sharp as a product card needs. */
const DEMO_RENDER_WIDTH = 640
/** The SVGs are 600 px wide; librsvg renders at `density` dpi against its 72 dpi default. */
const DEMO_RENDER_DENSITY = (72 * DEMO_RENDER_WIDTH) / 600
/** Pictures encoded at once: each encode already uses libvips' threads. */
const ENCODE_AT_ONCE = 2

const demoNameOf = (file: string) => `demo-${file.replace(/\.svg$/, '')}`
const demoIndexOf = (file: string) => Number(/(\d+)\.svg$/.exec(file)?.[1])
/** The URL the demo products' imgList uses for a drawing. */
const demoUrlOf = (file: string) => `/media/demo/${file}`

interface PendingDemoMedia {
  file: string
  width: number
  height: number
  placeholder: string
  variants: MediaVariant[]
  sourceBytes: number
}

export interface PreparedDemoMedia {
  /** Rows already in the database, by drawing file. */
  existing: Map<string, MediaImageDto>
  /** Encoded and stored, waiting for the seeding transaction to record them. */
  pending: PendingDemoMedia[]
}

type DemoRow = typeof media.$inferSelect

/** The store name a media row's variants were written under (`m/<name>-<width>.<format>`). */
const storeNameOf = (row: DemoRow) =>
  /^[a-z0-9]+\/([a-z0-9-]+)-\d+\.(avif|webp)$/.exec(row.variants[0]?.key ?? '')?.[1]

/** The demo rows recorded by an earlier seed, by their store name. */
async function demoRowsByName(db: Db): Promise<Map<string, DemoRow>> {
  const rows = await db
    .select()
    .from(media)
    .where(sql`${media.variants}->0->>'key' like ${`${VARIANT_FOLDER}/demo-%`}`)
  const byName = new Map<string, DemoRow>()
  for (const row of rows) {
    const name = storeNameOf(row)
    if (name && !byName.has(name)) byName.set(name, row)
  }
  return byName
}

async function encodeDemoPicture(store: MediaStore, file: string) {
  const png = await sharp(Buffer.from(demoProductImageSvg(demoIndexOf(file))), {
    density: DEMO_RENDER_DENSITY,
  })
    .resize({ width: DEMO_RENDER_WIDTH })
    .png({ compressionLevel: 1 })
    .toBuffer()
  const image = await encodeImage(png)
  const variants = await putVariants(store, image, demoNameOf(file))
  return { image, variants }
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map(work))
  }
}

/**
 * Makes sure the demo drawings have their variants in the store: those with a row (reused; their files
 * written again only when missing), and those the demo products about to be seeded show (`urls`, their
 * imgList entries), encoded only when `encodeNew` and recorded by recordDemoMedia in the seeding
 * transaction.
 */
export async function prepareDemoMedia(
  db: Db,
  store: MediaStore,
  options: { encodeNew: boolean; urls: ReadonlySet<string> },
): Promise<PreparedDemoMedia> {
  const rows = await demoRowsByName(db)
  const existing = new Map<string, MediaImageDto>()
  const pending: PendingDemoMedia[] = []
  const files = DEMO_PRODUCT_IMAGE_FILES.filter(
    (file) => options.urls.has(demoUrlOf(file)) || rows.has(demoNameOf(file)),
  )
  await inBatches(files, ENCODE_AT_ONCE, async (file) => {
    const row = rows.get(demoNameOf(file))
    if (row) {
      const present = await Promise.all(row.variants.map((variant) => store.exists(variant.key)))
      if (present.includes(false)) await encodeDemoPicture(store, file)
      existing.set(
        file,
        mediaImageOf(row, (key) => store.urlOf(key)),
      )
      return
    }
    if (!options.encodeNew) return
    const { image, variants } = await encodeDemoPicture(store, file)
    pending.push({
      file,
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
      variants,
      sourceBytes: image.sourceBytes,
    })
  })
  // Encoded two at a time, finished in any order: recorded in file order, so ids follow the drawings.
  pending.sort((a, b) => a.file.localeCompare(b.file))
  return { existing, pending }
}

/**
 * Records the pending demo pictures (in the seeding transaction) and returns every demo picture by the
 * URL the demo products' imgList names it with.
 */
export async function recordDemoMedia(
  tx: Db,
  store: MediaStore,
  prepared: PreparedDemoMedia,
): Promise<Map<string, MediaImageDto>> {
  const byUrl = new Map<string, MediaImageDto>()
  for (const [file, image] of prepared.existing) byUrl.set(demoUrlOf(file), image)
  if (prepared.pending.length === 0) return byUrl
  const inserted = await tx
    .insert(media)
    .values(prepared.pending.map(({ file: _file, ...row }) => ({ ...row, createdBy: null })))
    .returning()
  const fileByName = new Map(prepared.pending.map(({ file }) => [demoNameOf(file), file]))
  for (const row of inserted) {
    const file = fileByName.get(storeNameOf(row) ?? '')
    if (file)
      byUrl.set(
        demoUrlOf(file),
        mediaImageOf(row, (key) => store.urlOf(key)),
      )
  }
  return byUrl
}

/** A demo product's pictures as media copies, in its imgList's order (the plain URLs stay as fallback). */
export function demoImagesOf(imgList: readonly string[], byUrl: Map<string, MediaImageDto>): MediaImageDto[] {
  return imgList.flatMap((url) => {
    const image = byUrl.get(url)
    return image ? [image] : []
  })
}
