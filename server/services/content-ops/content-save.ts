import type { Db } from '../../db/client.ts'
import { type AuditedChange, auditAndNotify, type CatalogSave } from '../catalog-ops/catalog-save.ts'
import { sanitiseHtml } from '../html-sanitiser.ts'

/*
 * What every save of the content room leaves behind, in its transaction: one audit row
 * (`<entity>.<verb>`, before and after) and the notice that drops every server's cached home answers
 * (banners, announcements, the footer and articles are public catalog answers; catalog-cache.ts).
 */

/** Who saves, by the shop's clock. */
export type ContentSave = CatalogSave

export type ContentEntity = 'banner' | 'announcement' | 'article' | 'customerService'

export interface ContentChange extends AuditedChange {
  entity: ContentEntity
  verb: 'create' | 'update' | 'delete' | 'reorder' | 'replace'
}

export function recordContentChange(tx: Db, save: ContentSave, change: ContentChange): Promise<void> {
  return auditAndNotify(tx, save, change, `${change.entity} ${change.id} ${change.verb}`)
}

/** HTML as stored: sanitised, and null when nothing is left of it. */
export function storedHtml(html: string | null): string | null {
  if (html === null) return null
  const clean = sanitiseHtml(html).trim()
  return clean === '' ? null : clean
}

/** An instant of the body as a column value. */
export const dateOf = (iso: string | null): Date | null => (iso === null ? null : new Date(iso))

/** A column's instant as the answers write it. */
export const isoOf = (date: Date | null): string | null => (date === null ? null : date.toISOString())
