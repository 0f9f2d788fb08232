import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Env, Hono, MiddlewareHandler } from 'hono'

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

/** The shell with a high-priority preload of the page's largest image, found before any script runs. */
function withImagePreload(html: string, image: string | null): string {
  if (!image || !/^(\/[^/]|https?:\/\/)/.test(image)) return html
  const link = `<link rel="preload" as="image" href="${attribute(image)}" fetchpriority="high" />`
  return html.replace('</head>', `    ${link}\n  </head>`)
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
    /** The image the page at a path paints largest, named in its HTML as a preload. */
    largestImage?: (path: string) => Promise<string | null>
  },
): void {
  const { staticDir, mediaDir, uploadsDir, largestImage } = options

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
    const image = largestImage ? await largestImage(c.req.path) : null
    c.header('Cache-Control', REVALIDATE)
    return c.html(withImagePreload(shellHtml(), image))
  })
}
