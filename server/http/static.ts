import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Env, Hono, MiddlewareHandler } from 'hono'
import {
  BANNER_IMAGE_SIZES,
  CARD_IMAGE_SIZES,
  fallbackUrlOf,
  GALLERY_IMAGE_SIZES,
  MEDIA_FORMATS,
  srcSetOf,
} from '../../src/domain/media.ts'
import type { LargestImage, LargestImages } from '../services/largest-image.ts'
import {
  AVATAR_FOLDER,
  AVATAR_URL_PREFIX,
  cacheControlOfKey,
  contentTypeOfKey,
  isMediaKey,
  MEDIA_URL_PREFIX,
  type MediaStore,
} from '../services/media/media-store.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

/** Files the browser must always re-check: the shell, the service worker and the manifest. */
const ALWAYS_FRESH = /^\/(index\.html|sw\.js|manifest\.webmanifest)?$/

function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE // content-hashed file names
  if (ALWAYS_FRESH.test(path)) return REVALIDATE
  return 'public, max-age=3600'
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/')
/** A path that names a file: a missing one is a real 404, never the shell (a stale chunk must not parse HTML). */
const looksLikeFile = (path: string) => /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')

/**
 * serveStatic answers with a finished Response (its onFound hook runs too late to add headers),
 * so the cache policy is set on that Response.
 */
function withCacheControl<E extends Env>(
  files: MiddlewareHandler<E>,
  policy: (path: string) => string,
): MiddlewareHandler<E> {
  return async (c, next) => {
    const response = await files(c, next)
    if (response instanceof Response) response.headers.set('Cache-Control', policy(c.req.path))
    return response
  }
}

/** index.html, read again whenever the file changes (a new build served without a restart). */
function readShell(file: string): () => string {
  let cached: { mtimeMs: number; html: string } | undefined
  return () => {
    const { mtimeMs } = statSync(file)
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') }
    return cached.html
  }
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const isOwnOrWebUrl = (url: string) => /^(\/[^/]|https?:\/\/)/.test(url)

/** The `sizes` a page draws each kind of image with (plain images have one width). */
const SIZES_OF_KIND = {
  banner: BANNER_IMAGE_SIZES,
  cover: GALLERY_IMAGE_SIZES,
  cards: CARD_IMAGE_SIZES,
} as const

/** Every URL a picture names is its own: a product's uploaded variants, or a plain image URL. */
const usable = (image: LargestImage) =>
  isOwnOrWebUrl(image.url) && (image.picture?.variants.every((variant) => isOwnOrWebUrl(variant.url)) ?? true)

/**
 * The preload of the image the page paints first: an uploaded picture's AVIF variants with the page's
 * `sizes`, so the browser fetches the very variant the page's `<picture>` then picks (a browser without
 * AVIF skips a preload of that type and lets the page choose), else the plain URL.
 */
function preloadOf(image: LargestImage, sizes: string): string {
  const avif = image.picture && srcSetOf(image.picture, 'avif')
  if (avif)
    return `<link rel="preload" as="image" type="image/avif" imagesrcset="${attribute(avif)}" imagesizes="${sizes}" fetchpriority="high" />`
  return `<link rel="preload" as="image" href="${attribute(image.url)}" fetchpriority="high" />`
}

/** The image as the page will draw it: a `<picture>` of the uploaded variants, or a plain `<img>`. */
function drawnImage(image: LargestImage, sizes: string, className: string, first: boolean): string {
  const { picture } = image
  const src = attribute((picture && fallbackUrlOf(picture)) || image.url)
  const tag = `<img class="${className}" src="${src}" alt=""${first ? ' fetchpriority="high"' : ''} />`
  if (!picture) return tag
  const sources = MEDIA_FORMATS.map((format) => {
    const srcSet = srcSetOf(picture, format)
    return srcSet ? `<source type="image/${format}" srcset="${attribute(srcSet)}" sizes="${sizes}" />` : ''
  }).join('')
  // a class, not a style attribute: the page's CSP (style-src 'self') refuses inline styles
  return `<picture class="shell-picture">${sources}${tag}</picture>`
}

/**
 * The shell with the page's largest images, found before any script runs: the first preloaded at
 * high priority, and all drawn in the skeleton where the page will show them (`.shell-banner`,
 * `.shell-cover`, `img.shell-card` in panda.config.ts, sized like the real ones), so the shopper sees
 * them before the app has loaded.
 */
function withLargestImages(html: string, largest: LargestImages | null): string {
  const images = largest?.images.filter(usable) ?? []
  const [first] = images
  if (!largest || !first) return html
  const sizes = SIZES_OF_KIND[largest.kind]
  const withLink = html.replace('</head>', `    ${preloadOf(first, sizes)}\n  </head>`)
  if (largest.kind !== 'cards') {
    const drawn = drawnImage(first, sizes, `shell-${largest.kind}`, true)
    return withLink.replace('<div class="shell-block"></div>', drawn)
  }
  let card = 0
  return withLink.replace(/<div class="shell-card"><\/div>/g, (placeholder) => {
    const image = images[card++]
    return image ? drawnImage(image, sizes, 'shell-card', false) : placeholder
  })
}

/** A path's name under a URL prefix (`/media/`, `/uploads/avatars/`): its key in the store's folder. */
const keyUnder = (prefix: string, folder: string) => (path: string) => `${folder}${path.slice(prefix.length)}`

/**
 * Answers a key from the media store (a bucket's objects, or a local file the folder did not have
 * when the app started) with the type and cache policy the key decides. A path naming no key of ours,
 * or a key the store lacks, falls through to the 404.
 */
function fromStore<E extends Env>(store: MediaStore, keyOf: (path: string) => string): MiddlewareHandler<E> {
  return async (c, next) => {
    const key = keyOf(c.req.path)
    if (!isMediaKey(key)) return next()
    const stored = await store.get(key)
    if (!stored) return next()
    return c.body(new Uint8Array(stored.bytes), 200, {
      'Content-Type': contentTypeOfKey(key),
      'Cache-Control': cacheControlOfKey(key),
    })
  }
}

/**
 * Serves the built PWA with the cache policy above, the media store at /media (and avatars at their
 * old /uploads/avatars/ URLs), and index.html for every other GET outside /api so client routes
 * survive a reload. Never answers under /api.
 */
export function mountStatic<E extends Env>(
  app: Hono<E>,
  options: {
    staticDir: string
    /** Every stored picture, served by this process whichever process stored it. */
    media: MediaStore
    /** The local store's folder, served as files; undefined when the store is a bucket. */
    mediaDir: string | undefined
    /** Avatars from before the media store, still served read-only at /uploads/avatars/ (local only). */
    legacyAvatarsDir: string | undefined
    /** The images the page at a path paints largest, drawn in its HTML skeleton. */
    largestImages?: (path: string, search: URLSearchParams) => Promise<LargestImages | null>
  },
): void {
  const { staticDir, media, mediaDir, legacyAvatarsDir, largestImages } = options
  const mediaKeyOf = keyUnder(MEDIA_URL_PREFIX, '')
  const avatarKeyOf = keyUnder(AVATAR_URL_PREFIX, `${AVATAR_FOLDER}/`)

  // A local folder is served as files (ranges, Last-Modified); whatever it lacks is asked of the store.
  if (mediaDir && existsSync(mediaDir)) {
    const files = serveStatic<E>({ root: mediaDir, rewriteRequestPath: mediaKeyOf })
    // Files that are no key of ours (an operator's own) are kept for a day, as the demo drawings.
    app.use(
      '/media/*',
      withCacheControl(files, (path) => {
        const key = mediaKeyOf(path)
        return isMediaKey(key) ? cacheControlOfKey(key) : 'public, max-age=86400'
      }),
    )
  }
  app.get('/media/*', fromStore(media, mediaKeyOf))

  // Avatars stored before the media store keep their /uploads/avatars/<file> URLs (users.avatar).
  const onlyAvatars =
    (files: MiddlewareHandler<E>): MiddlewareHandler<E> =>
    (c, next) =>
      isMediaKey(avatarKeyOf(c.req.path)) ? files(c, next) : next()
  if (mediaDir && existsSync(mediaDir)) {
    const files = serveStatic<E>({ root: mediaDir, rewriteRequestPath: avatarKeyOf })
    app.use(
      `${AVATAR_URL_PREFIX}*`,
      withCacheControl(onlyAvatars(files), () => IMMUTABLE),
    )
  }
  if (legacyAvatarsDir && existsSync(legacyAvatarsDir)) {
    const files = serveStatic<E>({
      root: legacyAvatarsDir,
      rewriteRequestPath: (path) => path.slice(AVATAR_URL_PREFIX.length),
    })
    app.use(
      `${AVATAR_URL_PREFIX}*`,
      withCacheControl(onlyAvatars(files), () => IMMUTABLE),
    )
  }
  app.get(`${AVATAR_URL_PREFIX}*`, fromStore(media, avatarKeyOf))

  const built = existsSync(join(staticDir, 'index.html'))
  if (built) {
    // The build writes brotli and gzip copies of its hashed assets (vite.config.ts): the smallest the
    // client accepts is sent as it is, with no compression per request.
    const files = withCacheControl(serveStatic<E>({ root: staticDir, precompressed: true }), cacheControlFor)
    // Only files: the shell (`/`, `/index.html`, every client route) is answered below, with its preload.
    app.use('*', (c, next) => (isApi(c.req.path) || !looksLikeFile(c.req.path) ? next() : files(c, next)))
  }

  const shellHtml = readShell(join(staticDir, 'index.html'))

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (isApi(c.req.path) || /^\/(media|uploads)\//.test(c.req.path) || looksLikeFile(c.req.path))
      return next()
    if (!built) {
      return c.text('The PWA is not built yet: run `npm run build` (npm start does it for you).', 503)
    }
    const search = new URL(c.req.url).searchParams
    const images = largestImages ? await largestImages(c.req.path, search) : null
    c.header('Cache-Control', REVALIDATE)
    return c.html(withLargestImages(shellHtml(), images))
  })
}
