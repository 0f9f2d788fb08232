import type { Db } from '../../db/client.ts'
import { notifyCatalogChanged } from '../catalog-changes.ts'
import { writeAudit } from '../ops/audit.ts'

/*
 * What every save of the console's catalog calls carries, how its audit row is cut down, and what it
 * leaves behind: the audit row and the notice that drops every server's catalog cache.
 */

/** Who saves and when. */
export interface CatalogSave {
  actorId: number
  /** The shop's clock. */
  at: Date
}

/** The keys whose values differ, each side holding only those: an update's audit row. */
export function changedValues<T extends object>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const changed: { before: Partial<T>; after: Partial<T> } = { before: {}, after: {} }
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue
    changed.before[key] = before[key]
    changed.after[key] = after[key]
  }
  return changed
}

const DONE = { create: 'created', update: 'saved', delete: 'deleted' } as const

/** A change as its audit row keeps it: `<entity>.<verb>`, the id, before and after. */
export interface AuditedChange {
  entity: string
  verb: string
  id: number | string
  before: unknown
  after: unknown
}

export interface CatalogChange extends AuditedChange {
  /** 'product', 'category', 'series' or 'brand'. */
  entity: string
  verb: keyof typeof DONE
  id: number
}

/**
 * The change's audit row (`<entity>.<verb>`), then the notice (`what`) that drops every server's
 * catalog and home caches: what every save of the console's catalog and content leaves behind.
 */
export async function auditAndNotify(
  tx: Db,
  save: CatalogSave,
  change: AuditedChange,
  what: string,
): Promise<void> {
  const { entity, verb, id, before, after } = change
  await writeAudit(tx, {
    actorId: save.actorId,
    action: `${entity}.${verb}`,
    entity,
    entityId: id,
    before,
    after,
    at: save.at,
  })
  await notifyCatalogChanged(tx, what)
}

/** The change's audit row (`<entity>.<verb>`), then the notice that drops every catalog cache. */
export function recordCatalogChange(tx: Db, save: CatalogSave, change: CatalogChange): Promise<void> {
  return auditAndNotify(tx, save, change, `${change.entity} ${change.id} ${DONE[change.verb]}`)
}
