import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm'
import type {
  AnnouncementDto,
  ArticleDto,
  BannerDto,
  CustomerServiceDto,
  FooterArticleDto,
} from '../../src/domain/catalog.ts'
import { type Language, nameIn } from '../../src/domain/language.ts'
import { TIER_ROLES } from '../../src/domain/tiers.ts'
import type { Db } from '../db/client.ts'
import { announcements, articles, banners, customerServiceContacts, media } from '../db/schema.ts'
import { sanitiseOptionalHtml } from './html-sanitiser.ts'
import { mediaImageOf } from './media/media-rows.ts'

interface LocalisedContent {
  content: string | null
  jpContent: string | null
  enContent: string | null
}

/**
 * A row's HTML in a language, Chinese when that language has none, sanitised on the way out as well
 * as on the way in: a row written by hand or by an older version must not reach the page unchecked.
 */
function contentIn(language: Language, row: LocalisedContent): string | null {
  const own = language === 'ja' ? row.jpContent : language === 'en' ? row.enContent : row.content
  return sanitiseOptionalHtml(own || row.content)
}

/** What pages draw of a banner's upload (media rows never change: safe to join into a cached answer). */
export const bannerPictureColumns = {
  id: media.id,
  width: media.width,
  height: media.height,
  placeholder: media.placeholder,
  variants: media.variants,
}

/**
 * Active banners inside their schedule at `now` (from startAt, until before endAt), in the shop's order,
 * each with its upload's variants when it has one (the page draws them with `srcset`).
 */
export async function listBanners(db: Db, now: Date): Promise<BannerDto[]> {
  const rows = await db
    .select({
      id: banners.id,
      name: banners.name,
      imgUrl: banners.imgUrl,
      jumpUrl: banners.jumpUrl,
      // left-joined: null for a seeded banner, which has no upload
      picture: bannerPictureColumns,
    })
    .from(banners)
    .leftJoin(media, eq(media.id, banners.mediaId))
    .where(
      and(
        eq(banners.active, true),
        or(isNull(banners.startAt), lte(banners.startAt, now)),
        or(isNull(banners.endAt), gt(banners.endAt, now)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id))
  return rows.map(({ picture, ...banner }) =>
    picture ? { ...banner, image: mediaImageOf(picture) } : banner,
  )
}

/** Active announcements published by `now`, in the shop's order, the newest first among equals. */
export async function listAnnouncements(db: Db, language: Language, now: Date): Promise<AnnouncementDto[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.active, true), lte(announcements.publishedAt, now)))
    .orderBy(asc(announcements.sort), desc(announcements.publishedAt), desc(announcements.id))
  return rows.map((row) => ({
    id: row.id,
    name: nameIn(language, row),
    content: contentIn(language, row),
    publishedAt: row.publishedAt.toISOString(),
  }))
}

/** The footer's links: active articles with a footer position, in footer order. */
export async function listFooterArticles(db: Db, language: Language): Promise<FooterArticleDto[]> {
  const rows = await db
    .select({
      id: articles.id,
      type: articles.type,
      name: articles.name,
      jpName: articles.jpName,
      enName: articles.enName,
    })
    .from(articles)
    .where(and(eq(articles.active, true), isNotNull(articles.footerSort)))
    .orderBy(asc(articles.footerSort), asc(articles.id))
  return rows.map((row) => ({ id: row.id, type: row.type, name: nameIn(language, row) }))
}

/**
 * One article, or undefined when there is none with that id, it is switched off, or `type` is given
 * and is not the article's: a link carries both, and a mismatch means the link is stale.
 */
export async function readArticle(
  db: Db,
  query: { id: number; type: number | undefined; language: Language },
): Promise<ArticleDto | undefined> {
  const [row] = await db.select().from(articles).where(eq(articles.id, query.id))
  if (!row?.active || (query.type !== undefined && query.type !== row.type)) return undefined
  return {
    id: row.id,
    type: row.type,
    name: nameIn(query.language, row),
    content: contentIn(query.language, row),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Whether an account's role is a member's, who gets the customer-service panel (spec §1, §6). */
export function seesCustomerService(role: number | null): boolean {
  return role !== null && TIER_ROLES.includes(role)
}

/** The active customer-service contacts, in the shop's order. */
export async function listCustomerServiceContacts(db: Db): Promise<CustomerServiceDto[]> {
  return db
    .select({
      nickname: customerServiceContacts.nickname,
      qrcodeUrl: customerServiceContacts.qrcodeUrl,
      email: customerServiceContacts.email,
    })
    .from(customerServiceContacts)
    .where(eq(customerServiceContacts.active, true))
    .orderBy(asc(customerServiceContacts.sort), asc(customerServiceContacts.id))
}
