import type { Context } from 'hono'
import { createFactory } from 'hono/factory'
import type * as v from 'valibot'
import {
  announcementBody,
  articleBody,
  bannerBody,
  bannerOrderBody,
  bannerUpdateBody,
  contentIdParams,
  customerServiceBody,
} from '../../../src/domain/content-ops.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { ApiError, created, ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { uploadedFileBytes, validJson, validParams } from '../../http/validate.ts'
import type { ContentSave } from '../../services/content-ops/content-save.ts'
import {
  createOpsBanner,
  deleteOpsBanner,
  listOpsBanners,
  reorderOpsBanners,
  updateOpsBanner,
} from '../../services/content-ops/ops-banners.ts'
import {
  readOpsCustomerService,
  replaceOpsCustomerService,
} from '../../services/content-ops/ops-customer-service.ts'
import {
  createOpsAnnouncement,
  createOpsArticle,
  deleteOpsAnnouncement,
  deleteOpsArticle,
  listOpsAnnouncements,
  listOpsArticles,
  updateOpsAnnouncement,
  updateOpsArticle,
} from '../../services/content-ops/ops-pages.ts'
import { storeUpload } from '../../services/media/media-uploads.ts'

const factory = createFactory<AppEnv>()

/** The content room's guard: no token 401, a customer or an operator without `content` 403. */
const contentRoom = requirePermission('content')

/** Who saves, by the shop's clock. */
const saveOf = (c: Context<AppEnv>): ContentSave => ({ actorId: signedIn(c).userId, at: c.var.deps.now() })

export const uploadMediaHandlers = factory.createHandlers(contentRoom, async (c) => {
  const bytes = await uploadedFileBytes(
    c,
    () => new ApiError(ResultCode.invalidInput, `file: ${ValidationMessage.required}`),
  )
  const { db, media, now } = c.var.deps
  return ok(c, await storeUpload(db, media, bytes, signedIn(c).userId, now()))
})

/** The four calls of one kind of content, as content-ops.routes.ts names them. */
function contentHandlers<C extends v.GenericSchema, U extends v.GenericSchema, Dto>(
  bodies: { create: C; update: U },
  services: {
    list: (db: Db) => Promise<Dto[]>
    create: (db: Db, body: v.InferOutput<C>, save: ContentSave) => Promise<Dto>
    update: (db: Db, id: number, body: v.InferOutput<U>, save: ContentSave) => Promise<Dto>
    remove: (db: Db, id: number, save: ContentSave) => Promise<void>
  },
) {
  return {
    list: factory.createHandlers(contentRoom, async (c) => ok(c, await services.list(c.var.deps.db))),
    create: factory.createHandlers(contentRoom, validJson(bodies.create), async (c) =>
      created(c, await services.create(c.var.deps.db, c.req.valid('json'), saveOf(c))),
    ),
    update: factory.createHandlers(
      contentRoom,
      validParams(contentIdParams),
      validJson(bodies.update),
      async (c) =>
        ok(c, await services.update(c.var.deps.db, c.req.valid('param').id, c.req.valid('json'), saveOf(c))),
    ),
    remove: factory.createHandlers(contentRoom, validParams(contentIdParams), async (c) => {
      await services.remove(c.var.deps.db, c.req.valid('param').id, saveOf(c))
      return ok(c, null)
    }),
  }
}

export const bannerHandlers = {
  ...contentHandlers(
    { create: bannerBody, update: bannerUpdateBody },
    { list: listOpsBanners, create: createOpsBanner, update: updateOpsBanner, remove: deleteOpsBanner },
  ),
  order: factory.createHandlers(contentRoom, validJson(bannerOrderBody), async (c) =>
    ok(c, await reorderOpsBanners(c.var.deps.db, c.req.valid('json'), saveOf(c))),
  ),
}

export const announcementHandlers = contentHandlers(
  { create: announcementBody, update: announcementBody },
  {
    list: listOpsAnnouncements,
    create: createOpsAnnouncement,
    update: updateOpsAnnouncement,
    remove: deleteOpsAnnouncement,
  },
)

export const articleHandlers = contentHandlers(
  { create: articleBody, update: articleBody },
  { list: listOpsArticles, create: createOpsArticle, update: updateOpsArticle, remove: deleteOpsArticle },
)

export const customerServiceHandlers = {
  read: factory.createHandlers(contentRoom, async (c) => ok(c, await readOpsCustomerService(c.var.deps.db))),
  replace: factory.createHandlers(contentRoom, validJson(customerServiceBody), async (c) =>
    ok(c, await replaceOpsCustomerService(c.var.deps.db, c.req.valid('json'), saveOf(c))),
  ),
}
