import { asc, eq } from 'drizzle-orm'
import {
  type BannerBody,
  type BannerOrderBody,
  type BannerUpdateBody,
  ContentMessage,
  type OpsBannerDto,
} from '../../../src/domain/content-ops.ts'
import { fallbackUrlOf } from '../../../src/domain/media.ts'
import type { Db } from '../../db/client.ts'
import { banners } from '../../db/schema.ts'
import { badField } from '../catalog-ops/field-errors.ts'
import { mediaImagesByIds } from '../media/media-rows.ts'
import { contentRows } from './content-rows.ts'
import { type ContentSave, dateOf, isoOf, recordContentChange } from './content-save.ts'

/*
 * The console's banners (backoffice §3): a picture (an upload, drawn by its widest WebP), where it
 * leads, a sort order, a schedule (shown from startAt until endAt, either open) and an active switch.
 */

type BannerRow = typeof banners.$inferSelect

const toDto = (row: BannerRow): OpsBannerDto => ({
  id: row.id,
  name: row.name,
  image: row.mediaId,
  imgUrl: row.imgUrl,
  jumpUrl: row.jumpUrl,
  sort: row.sort,
  startAt: isoOf(row.startAt),
  endAt: isoOf(row.endAt),
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
})

const audited = (row: BannerRow) => {
  const { id: _, updatedAt: __, ...fields } = toDto(row)
  return fields
}

/** The picture's URL as the shop draws it (its widest WebP); 400 on image when no such upload. */
async function pictureOf(tx: Db, mediaId: number): Promise<{ mediaId: number; imgUrl: string }> {
  const image = (await mediaImagesByIds(tx, [mediaId])).get(mediaId)
  const imgUrl = image ? fallbackUrlOf(image, Number.POSITIVE_INFINITY) : undefined
  if (!imgUrl) throw badField('image', ContentMessage.unknownImage)
  return { mediaId, imgUrl }
}

const scheduleOf = (body: BannerUpdateBody) => ({
  name: body.name,
  jumpUrl: body.jumpUrl,
  sort: body.sort,
  startAt: dateOf(body.startAt),
  endAt: dateOf(body.endAt),
  active: body.active,
})

/** GET /api/ops/banners: every banner by sort, then id. */
export async function listOpsBanners(db: Db): Promise<OpsBannerDto[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id))
  return rows.map(toDto)
}

const bannerRows = contentRows({
  table: banners,
  entity: 'banner',
  dto: toDto,
  audited,
  created: async (tx, body: BannerBody, at) => ({
    ...scheduleOf(body),
    ...(await pictureOf(tx, body.image)),
    createdAt: at,
    updatedAt: at,
  }),
  // image null keeps the picture.
  updated: async (tx, body: BannerUpdateBody, at) => ({
    ...scheduleOf(body),
    ...(body.image === null ? {} : await pictureOf(tx, body.image)),
    updatedAt: at,
  }),
})

export const createOpsBanner = bannerRows.create
/** PUT /api/ops/banners/{id}: image null keeps the picture. */
export const updateOpsBanner = bannerRows.update
export const deleteOpsBanner = bannerRows.remove

/**
 * PUT /api/ops/banners/order: `ids` is every banner once, in the new order; their sorts become 0, 1, 2 …
 * One audit row holds the order before and after.
 */
export function reorderOpsBanners(db: Db, body: BannerOrderBody, save: ContentSave): Promise<OpsBannerDto[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)).for('update')
    const known = new Set(rows.map((row) => row.id))
    if (body.ids.length !== rows.length || !body.ids.every((id) => known.has(id))) {
      throw badField('ids', ContentMessage.order)
    }
    const sortOf = new Map(body.ids.map((id, index) => [id, index]))
    for (const row of rows) {
      const sort = sortOf.get(row.id) ?? row.sort
      if (sort !== row.sort) {
        await tx.update(banners).set({ sort, updatedAt: save.at }).where(eq(banners.id, row.id))
      }
    }
    await recordContentChange(tx, save, {
      entity: 'banner',
      verb: 'reorder',
      id: 'order',
      before: rows.map((row) => ({ id: row.id, sort: row.sort })),
      after: body.ids.map((id, sort) => ({ id, sort })),
    })
    return listOpsBanners(tx)
  })
}
