import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Env, Hono, MiddlewareHandler } from 'hono'
import type { LargestImages } from '../services/largest-image.ts'

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

/**
 * The shell with the page's largest images, found before any script runs: the first preloaded at
 * high priority, and all drawn in the skeleton where the page will show them (`.shell-banner`,
 * `.shell-cover`, `img.shell-card` in panda.config.ts, sized like the real ones), so the shopper sees
 * them before the app has loaded.
 */
function withLargestImages(html: string, images: LargestImages | null): string {
  const urls = images?.urls.filter(isOwnOrWebUrl).map(attribute) ?? []
  const [first] = urls
  if (!images || !first) return html
  const link = `<link rel="preload" as="image" href="${first}" fetchpriority="high" />`
  const withLink = html.replace('</head>', `    ${link}\n  </head>`)
  if (images.kind !== 'cards') {
    const drawn = `<img class="shell-${images.kind}" src="${first}" alt="" fetchpriority="high" />`
    return withLink.replace('<div class="shell-block"></div>', drawn)
  }
  let card = 0
  return withLink.replace(/<div class="shell-card"><\/div>/g, (placeholder) => {
    const src = urls[card++]
    return src ? `<img class="shell-card" src="${src}" alt="" />` : placeholder
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
    app.use(
      '/media/*',
      withCacheControl(media, () => 'public, max-age=86400'),
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
