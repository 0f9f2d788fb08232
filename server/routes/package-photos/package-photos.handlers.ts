import { createFactory } from 'hono/factory'
import {
  opsPackagePhotoParams,
  opsPackagePhotosParams,
  packagePhotoListParams,
} from '../../../src/domain/package-photos.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import type { AppEnv } from '../../app-env.ts'
import { ApiError, notFound, ok } from '../../http/envelope.ts'
import { requirePermission, requireSession, signedIn } from '../../http/session.ts'
import { uploadedFileBytes, validParams } from '../../http/validate.ts'
import {
  addPackagePhoto,
  deletePackagePhoto,
  listOpsPackagePhotos,
  listShopperPackagePhotos,
  readPackagePhoto,
} from '../../services/package-photos/package-photos.ts'
import { PACKAGE_PHOTO_CONTENT_TYPE, packagePhotoStoreOf } from '../../services/package-photos/photo-store.ts'
import { checkPhotoUrl, photoUrlKey } from '../../services/package-photos/photo-urls.ts'

const factory = createFactory<AppEnv>()

// The shopper's own packages: an operator reads them through /api/ops.
const customerOnly = requireSession({ kind: 'customer' })
// The packing room's permission (the /api/ops packing and package calls need the same).
const packingRoom = requirePermission('warehouse')

export const listShopperPackagePhotosHandlers = factory.createHandlers(
  customerOnly,
  validParams(packagePhotoListParams),
  async (c) =>
    ok(
      c,
      await listShopperPackagePhotos(c.var.deps.db, {
        userId: signedIn(c).userId,
        packageId: c.req.valid('param').packageId,
        now: c.var.deps.now(),
      }),
    ),
)

export const listOpsPackagePhotosHandlers = factory.createHandlers(
  packingRoom,
  validParams(opsPackagePhotosParams),
  async (c) => ok(c, await listOpsPackagePhotos(c.var.deps.db, c.req.valid('param').id, c.var.deps.now())),
)

export const addPackagePhotoHandlers = factory.createHandlers(
  packingRoom,
  validParams(opsPackagePhotosParams),
  async (c) => {
    const bytes = await uploadedFileBytes(
      c,
      () =>
        new ApiError(ResultCode.invalidInput, `file: ${ValidationMessage.required}`, {
          fields: [{ field: 'file', message: ValidationMessage.required }],
        }),
    )
    const { deps } = c.var
    const photo = await addPackagePhoto(
      { db: deps.db, store: packagePhotoStoreOf(deps), now: deps.now() },
      { packageId: c.req.valid('param').id, bytes, actorId: signedIn(c).userId },
    )
    return ok(c, photo)
  },
)

export const deletePackagePhotoHandlers = factory.createHandlers(
  packingRoom,
  validParams(opsPackagePhotoParams),
  async (c) => {
    const { deps } = c.var
    const { id, photoId } = c.req.valid('param')
    await deletePackagePhoto(
      { db: deps.db, store: packagePhotoStoreOf(deps), now: deps.now() },
      { packageId: id, photoId, actorId: signedIn(c).userId },
    )
    return ok(c, null)
  },
)

/**
 * A signed URL's bytes. The signature alone admits the caller (an <img> sends no token); it is checked
 * before anything is read, and the answer is never stored by a browser, a proxy or the service worker.
 */
export const packagePhotoFileHandlers = factory.createHandlers(async (c) => {
  const { deps } = c.var
  const key = `package-photos/${c.req.param('packageId')}/${c.req.param('file')}`
  const check = checkPhotoUrl(
    await photoUrlKey(deps.db),
    key,
    c.req.query('expires'),
    c.req.query('signature'),
    deps.now(),
  )
  if (!check.ok) {
    const why = check.reason === 'expired' ? 'This photo link has expired' : 'This photo link is not valid'
    throw new ApiError(ResultCode.forbidden, why)
  }
  const bytes = await readPackagePhoto(packagePhotoStoreOf(deps), key)
  if (!bytes) throw notFound('photo')
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': PACKAGE_PHOTO_CONTENT_TYPE,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  })
})
