import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Env, Hono, MiddlewareHandler } from 'hono'
import {
  CARD_IMAGE_SIZES,
  fallbackUrlOf,
  GALLERY_IMAGE_SIZES,
  MEDIA_FORMATS,
  srcSetOf,
} from '../../src/domain/media.ts'
import type { LargestImage, LargestImages } from '../services/largest-image.ts'

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

/** The `sizes` a page draws each kind of image with (the banner and plain images have one width). */
const SIZES_OF_KIND = { banner: '100vw', cover: GALLERY_IMAGE_SIZES, cards: CARD_IMAGE_SIZES } as const

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
  return `<picture style="display: contents">${sources}${tag}</picture>`
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

/**
 * Serves the built PWA with the cache policy above, the media folder, and index.html for every other
 * GET outside /api so client routes survive a reload. Never answers under /api.
 */
export function mountStatic<E extends Env>(
  app: Hono<E>,
  options: {
    staticDir: string
    mediaDir: string
    uploadsDir: string
    /** The images the page at a path paints largest, drawn in its HTML skeleton. */
    largestImages?: (path: string, search: URLSearchParams) => Promise<LargestImages | null>
  },
): void {
  const { staticDir, mediaDir, uploadsDir, largestImages } = options

  // Uploaded files get a fresh random name on every upload, so they never change under a URL.
  const uploads = serveStatic<E>({ root: uploadsDir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') })
  app.use(
    '/uploads/*',
    withCacheControl(uploads, () => 'public, max-age=31536000, immutable'),
  )

  if (existsSync(mediaDir)) {
    const media = serveStatic<E>({ root: mediaDir, rewriteRequestPath: (p) => p.replace(/^\/media/, '') })
    // Encoded variants (`/media/m/…`) are written once under a name never reused; the demo drawings
    // are rewritten from code and may change with a release, so they are kept for a day.
    app.use(
      '/media/*',
      withCacheControl(media, (path) => (path.startsWith('/media/m/') ? IMMUTABLE : 'public, max-age=86400')),
    )
  }

  const built = existsSync(join(staticDir, 'index.html'))
  if (built) {
    const files = withCacheControl(serveStatic<E>({ root: staticDir }), cacheControlFor)
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
