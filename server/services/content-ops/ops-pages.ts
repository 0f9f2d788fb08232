import { asc, desc } from 'drizzle-orm'
import type {
  AnnouncementBody,
  ArticleBody,
  OpsAnnouncementDto,
  OpsArticleDto,
} from '../../../src/domain/content-ops.ts'
import type { Db } from '../../db/client.ts'
import { announcements, articles } from '../../db/schema.ts'
import { contentRows } from './content-rows.ts'
import { storedHtml } from './content-save.ts'

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

/** A row's titles and bodies per language, as the answers carry them. */
const localisedDto = (row: AnnouncementRow | ArticleRow) => ({
  name: row.name,
  jpName: row.jpName,
  enName: row.enName,
  content: row.content,
  jpContent: row.jpContent,
  enContent: row.enContent,
})

const announcementDto = (row: AnnouncementRow): OpsAnnouncementDto => ({
  id: row.id,
  ...localisedDto(row),
  sort: row.sort,
  active: row.active,
  publishedAt: row.publishedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

const articleDto = (row: ArticleRow): OpsArticleDto => ({
  id: row.id,
  type: row.type,
  ...localisedDto(row),
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

const announcementRows = contentRows({
  table: announcements,
  entity: 'announcement',
  dto: announcementDto,
  audited: auditedAnnouncement,
  // Published when created.
  created: (_tx, body: AnnouncementBody, at) => ({
    ...localisedOf(body),
    sort: body.sort,
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
  }),
  updated: (_tx, body: AnnouncementBody, at) => ({ ...localisedOf(body), sort: body.sort, updatedAt: at }),
})

/** POST /api/ops/announcements: published at once. */
export const createOpsAnnouncement = announcementRows.create
export const updateOpsAnnouncement = announcementRows.update
export const deleteOpsAnnouncement = announcementRows.remove

/** GET /api/ops/articles: by type, then id. */
export async function listOpsArticles(db: Db): Promise<OpsArticleDto[]> {
  const rows = await db.select().from(articles).orderBy(asc(articles.type), asc(articles.id))
  return rows.map(articleDto)
}

const articleColumns = (body: ArticleBody) => ({
  ...localisedOf(body),
  type: body.type,
  footerSort: body.footerSort,
})

const articleRows = contentRows({
  table: articles,
  entity: 'article',
  dto: articleDto,
  audited: auditedArticle,
  created: (_tx, body: ArticleBody, at) => ({ ...articleColumns(body), createdAt: at, updatedAt: at }),
  updated: (_tx, body: ArticleBody, at) => ({ ...articleColumns(body), updatedAt: at }),
})

export const createOpsArticle = articleRows.create
export const updateOpsArticle = articleRows.update
export const deleteOpsArticle = articleRows.remove
