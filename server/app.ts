import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { AVATAR_MAX_BYTES } from '../src/domain/account.ts'
import { MEDIA_MAX_BYTES } from '../src/domain/media.ts'
import { IMPORT_MAX_BYTES } from '../src/domain/product-import.ts'
import { ResultCode } from '../src/domain/result-code.ts'
import { ValidationMessage } from '../src/domain/validation-messages.ts'
import type { AppDeps, AppEnv } from './app-env.ts'
import { answerCheck } from './http/answer-check.ts'
import { ApiError, fail } from './http/envelope.ts'
import { metricsHandler } from './http/metrics-route.ts'
import { requestLog } from './http/request-log.ts'
import { securityHeaders } from './http/security.ts'
import { mountStatic } from './http/static.ts'
import { log } from './observability/log.ts'
import { addressRoutes } from './routes/address/address.index.ts'
import { alertRoutes } from './routes/alerts/alerts.index.ts'
import { auditRoutes } from './routes/audit/audit.index.ts'
import { cartRoutes } from './routes/cart/cart.index.ts'
import { catalogRoutes } from './routes/catalog/catalog.index.ts'
import { catalogOpsRoutes } from './routes/catalog-ops/catalog-ops.index.ts'
import { checkoutRoutes } from './routes/checkout/checkout.index.ts'
import { contentRoutes } from './routes/content/content.index.ts'
import { contentOpsRoutes } from './routes/content-ops/content-ops.index.ts'
import { customerRoutes } from './routes/customers/customers.index.ts'
import { extrasRoutes } from './routes/extras/extras.index.ts'
import { favouriteRoutes } from './routes/favourites/favourites.index.ts'
import { healthRoutes } from './routes/health/health.index.ts'
import { historyRoutes } from './routes/history/history.index.ts'
import { jobsRoutes } from './routes/jobs/jobs.index.ts'
import { mediaRoutes } from './routes/media/media.index.ts'
import { membershipRoutes } from './routes/membership/membership.index.ts'
import { allContracts, openApiRoutes } from './routes/openapi.ts'
import { opsRoutes } from './routes/ops/ops.index.ts'
import { orderRoutes } from './routes/orders/orders.index.ts'
import { packagePhotoRoutes } from './routes/package-photos/package-photos.index.ts'
import { isPackagePhotoUploadPath } from './routes/package-photos/package-photos.routes.ts'
import { packageRoutes } from './routes/packages/packages.index.ts'
import { packagingRoutes } from './routes/packaging/packaging.index.ts'
import { paymentRoutes } from './routes/payments/payments.index.ts'
import { pointsRoutes } from './routes/points/points.index.ts'
import { productFileRoutes } from './routes/product-files/product-files.index.ts'
import { profileRoutes } from './routes/profile/profile.index.ts'
import { pushRoutes } from './routes/push/push.index.ts'
import { ratesRoutes } from './routes/rates/rates.index.ts'
import { calendarRoutes } from './routes/release-calendar/release-calendar.index.ts'
import { settingsOpsRoutes } from './routes/settings-ops/settings-ops.index.ts'
import { shippingRoutes } from './routes/shipping/shipping.index.ts'
import { staffRoutes } from './routes/staff/staff.index.ts'
import { userRoutes } from './routes/user/user.index.ts'
import { largestImagesOf } from './services/largest-image.ts'

const AVATAR_UPLOAD_PATH = '/mall/user/updateAvatar'
const MEDIA_UPLOAD_PATHS = ['/ops/media', '/ops/content/media']
const PRODUCT_IMPORT_PATH = '/ops/products/import'

/** The body a call may send: uploads take their file's limit plus the multipart framing. */
export function bodyLimitOf(path: string): number {
  if (path.endsWith(AVATAR_UPLOAD_PATH)) return AVATAR_MAX_BYTES + 64 * 1024
  if (MEDIA_UPLOAD_PATHS.some((upload) => path.endsWith(upload))) return MEDIA_MAX_BYTES + 512 * 1024
  if (isPackagePhotoUploadPath(path)) return MEDIA_MAX_BYTES + 512 * 1024
  if (path.endsWith(PRODUCT_IMPORT_PATH)) return IMPORT_MAX_BYTES + 512 * 1024
  return 1024 * 1024
}

/** The API alone, mounted under /api by createApp. */
function createApi() {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      // A GET or HEAD has no body to limit; asking for one would build the whole web Request.
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
      const maxSize = bodyLimitOf(c.req.path)
      return bodyLimit({
        maxSize,
        onError: (c) => {
          // The rest of the body is never read: the connection closes after the answer, so a client
          // that keeps connections alive sends its next request on a new one instead of losing it.
          c.header('Connection', 'close')
          return fail(c, ResultCode.payloadTooLarge, `body: ${ValidationMessage.bodyTooLarge}`, {
            fields: [{ field: 'body', message: ValidationMessage.bodyTooLarge }],
            maxBytes: maxSize,
          })
        },
      })(c, next)
    })
    .route('/', healthRoutes)
    .route('/', catalogRoutes)
    .route('/', contentRoutes)
    .route('/', historyRoutes)
    .route('/', favouriteRoutes)
    .route('/', alertRoutes)
    .route('/', calendarRoutes)
    .route('/', ratesRoutes)
    .route('/', cartRoutes)
    .route('/', addressRoutes)
    .route('/', userRoutes)
    .route('/', membershipRoutes)
    .route('/', profileRoutes)
    .route('/', checkoutRoutes)
    .route('/', orderRoutes)
    .route('/', paymentRoutes)
    .route('/', packageRoutes)
    .route('/', packagePhotoRoutes)
    .route('/', packagingRoutes)
    .route('/', shippingRoutes)
    .route('/', extrasRoutes)
    .route('/', pointsRoutes)
    .route('/', pushRoutes)
    .route('/', productFileRoutes)
    .route('/', opsRoutes)
    .route('/', catalogOpsRoutes)
    .route('/', mediaRoutes)
    .route('/', staffRoutes)
    .route('/', contentOpsRoutes)
    .route('/', customerRoutes)
    .route('/', settingsOpsRoutes)
    .route('/', auditRoutes)
    .route('/', jobsRoutes)
    .route('/', openApiRoutes)
}

/** The whole server: API, built PWA, media. Middleware order matters: compress must precede the routes. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const { fastLane } = deps
  if (fastLane) {
    // Outermost, so it learns each shared catalog answer with every header the others added.
    app.use(async (c, next) => {
      await next()
      fastLane.record(c)
    })
  }
  app.use(requestLog(deps.logRequests))
  app.use(async (c, next) => {
    await next()
    // While draining, every answer closes its connection: a proxy's kept-alive connection would
    // otherwise be cut under a request it is about to send.
    if (deps.draining?.()) c.header('Connection', 'close')
  })
  app.use(securityHeaders(deps.payments, deps.publicUrl, deps.media.publicOrigin))
  app.use(compress())
  app.use(async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  if (deps.checkAnswers) app.use('/api/*', answerCheck(allContracts))
  app.get('/metrics', metricsHandler)
  app.route('/api', createApi())
  app.all('/api/*', (c) => fail(c, ResultCode.notFound, `no such call: ${c.req.method} ${c.req.path}`))
  mountStatic(app, {
    staticDir: deps.staticDir,
    media: deps.media,
    mediaDir: deps.mediaDir,
    legacyAvatarsDir: deps.legacyAvatarsDir,
    largestImages: (path, search) => largestImagesOf(deps.db, path, search),
  })

  app.onError((error, c) => {
    if (error instanceof ApiError) return fail(c, error.code, error.message, error.data)
    // Malformed JSON bodies surface from the validator as HTTPException 400.
    if ('status' in error && error.status === 400) {
      return fail(c, ResultCode.invalidInput, 'body: is not valid JSON')
    }
    log.error({ err: error }, `[error] ${c.req.method} ${c.req.path}`)
    return fail(c, ResultCode.internal, 'Internal error; please try again later')
  })
  app.notFound((c) => fail(c, ResultCode.notFound, `not found: ${c.req.path}`))
  return app
}
