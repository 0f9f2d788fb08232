import { asc, desc, eq } from 'drizzle-orm'
import type {
  AnnouncementBody,
  ArticleBody,
  OpsAnnouncementDto,
  OpsArticleDto,
} from '../../../src/domain/content-ops.ts'
import type { Db } from '../../db/client.ts'
import { announcements, articles } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { changedValues } from '../catalog-ops/catalog-save.ts'
import { type ContentSave, recordContentChange, storedHtml } from './content-save.ts'

/*
 * The console's announcements and articles (backoffice §3): a title and an HTML body per language,
 * the body sanitised when saved (and again when shown, services/content.ts). An announcement has a
 * sort order and is published when created; an article has a type and, when linked from the footer,
 * a footer position. Either can be switched off, which hides it from shoppers.
 */

type AnnouncementRow = typeof announcements.$inferSelect
type ArticleRow = typeof articles.$inferSelect

const localisedOf = (body: AnnouncementBody | ArticleBody) => ({
  name: body.name,
  jpName: body.jpName,
  enName: body.enName,
  content: storedHtml(body.content),
  jpContent: storedHtml(body.jpContent),
  enContent: storedHtml(body.enContent),
  active: body.active,
})

const announcementDto = (row: AnnouncementRow): OpsAnnouncementDto => ({
  id: row.id,
  name: row.name,
  jpName: row.jpName,
  enName: row.enName,
  content: row.content,
  jpContent: row.jpContent,
  enContent: row.enContent,
  sort: row.sort,
  active: row.active,
  publishedAt: row.publishedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

const articleDto = (row: ArticleRow): OpsArticleDto => ({
  id: row.id,
  type: row.type,
  name: row.name,
  jpName: row.jpName,
  enName: row.enName,
  content: row.content,
  jpContent: row.jpContent,
  enContent: row.enContent,
  footerSort: row.footerSort,
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
})

/** What an audit row keeps: every field the operator edits. */
const auditedAnnouncement = (row: AnnouncementRow) => {
  const { id: _, updatedAt: __, publishedAt: ___, ...fields } = announcementDto(row)
  return fields
}
const auditedArticle = (row: ArticleRow) => {
  const { id: _, updatedAt: __, ...fields } = articleDto(row)
  return fields
}

/** GET /api/ops/announcements: in the shop's order (sort, then the newest first). */
export async function listOpsAnnouncements(db: Db): Promise<OpsAnnouncementDto[]> {
  const rows = await db
    .select()
    .from(announcements)
    .orderBy(asc(announcements.sort), desc(announcements.publishedAt), desc(announcements.id))
  return rows.map(announcementDto)
}

async function lockedAnnouncement(tx: Db, id: number): Promise<AnnouncementRow> {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update')
  if (!row) throw notFound('announcement')
  return row
}

/** POST /api/ops/announcements: published at once. */
export function createOpsAnnouncement(
  db: Db,
  body: AnnouncementBody,
  save: ContentSave,
): Promise<OpsAnnouncementDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        ...localisedOf(body),
        sort: body.sort,
        publishedAt: save.at,
        createdAt: save.at,
        updatedAt: save.at,
      })
      .returning()
    if (!row) throw new Error('announcement insert returned nothing')
    await recordContentChange(tx, save, {
      entity: 'announcement',
      verb: 'create',
      id: row.id,
      before: null,
      after: auditedAnnouncement(row),
    })
    return announcementDto(row)
  })
}

export function updateOpsAnnouncement(
  db: Db,
  id: number,
  body: AnnouncementBody,
  save: ContentSave,
): Promise<OpsAnnouncementDto> {
  return db.transaction(async (tx) => {
    const row = await lockedAnnouncement(tx, id)
    const [saved] = await tx
      .update(announcements)
      .set({ ...localisedOf(body), sort: body.sort, updatedAt: save.at })
      .where(eq(announcements.id, id))
      .returning()
    if (!saved) throw notFound('announcement')
    await recordContentChange(tx, save, {
      entity: 'announcement',
      verb: 'update',
      id,
      ...changedValues(auditedAnnouncement(row), auditedAnnouncement(saved)),
    })
    return announcementDto(saved)
  })
}

export function deleteOpsAnnouncement(db: Db, id: number, save: ContentSave): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await lockedAnnouncement(tx, id)
    await tx.delete(announcements).where(eq(announcements.id, id))
    await recordContentChange(tx, save, {
      entity: 'announcement',
      verb: 'delete',
      id,
      before: auditedAnnouncement(row),
      after: null,
    })
  })
}

/** GET /api/ops/articles: by type, then id. */
export async function listOpsArticles(db: Db): Promise<OpsArticleDto[]> {
  const rows = await db.select().from(articles).orderBy(asc(articles.type), asc(articles.id))
  return rows.map(articleDto)
}

async function lockedArticle(tx: Db, id: number): Promise<ArticleRow> {
  const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update')
  if (!row) throw notFound('article')
  return row
}

export function createOpsArticle(db: Db, body: ArticleBody, save: ContentSave): Promise<OpsArticleDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(articles)
      .values({
        ...localisedOf(body),
        type: body.type,
        footerSort: body.footerSort,
        createdAt: save.at,
        updatedAt: save.at,
      })
      .returning()
    if (!row) throw new Error('article insert returned nothing')
    await recordContentChange(tx, save, {
      entity: 'article',
      verb: 'create',
      id: row.id,
      before: null,
      after: auditedArticle(row),
    })
    return articleDto(row)
  })
}

export function updateOpsArticle(
  db: Db,
  id: number,
  body: ArticleBody,
  save: ContentSave,
): Promise<OpsArticleDto> {
  return db.transaction(async (tx) => {
    const row = await lockedArticle(tx, id)
    const [saved] = await tx
      .update(articles)
      .set({ ...localisedOf(body), type: body.type, footerSort: body.footerSort, updatedAt: save.at })
      .where(eq(articles.id, id))
      .returning()
    if (!saved) throw notFound('article')
    await recordContentChange(tx, save, {
      entity: 'article',
      verb: 'update',
      id,
      ...changedValues(auditedArticle(row), auditedArticle(saved)),
    })
    return articleDto(saved)
  })
}

export function deleteOpsArticle(db: Db, id: number, save: ContentSave): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await lockedArticle(tx, id)
    await tx.delete(articles).where(eq(articles.id, id))
    await recordContentChange(tx, save, {
      entity: 'article',
      verb: 'delete',
      id,
      before: auditedArticle(row),
      after: null,
    })
  })
}
