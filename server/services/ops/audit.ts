import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { auditLog, users } from '../../db/schema.ts'

/* The operator console's audit log (flows §7): who changed what, with the state before and after. */

export interface AuditEntry {
  /** The operator; null for the shop's own jobs. */
  actorId: number | null
  /** What was done, `<entity>.<verb>`: 'order.ordered', 'order.refund', 'settings.payLatch' … */
  action: string
  /** What it was done to: 'order', 'settings' … */
  entity: string
  entityId: string | number
  before: unknown
  after: unknown
  /** Why, in the operator's words, when the change asks for one. */
  reason?: string | null
  /** The shop's clock. */
  at: Date
}

/** Writes one audit row in the caller's transaction, so the row exists exactly when the change does. */
export async function writeAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    createdAt: entry.at,
  })
}

export interface AuditRecord {
  id: number
  action: string
  /** The operator's e-mail; null for a job or a deleted account. */
  actor: string | null
  createTime: string
  before: unknown
  after: unknown
}

/** The audit log of one thing, newest first. */
export async function auditOf(db: Db, entity: string, entityId: string | number): Promise<AuditRecord[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actor: users.email,
      createdAt: auditLog.createdAt,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
  return rows.map(({ createdAt, ...row }) => ({ ...row, createTime: createdAt.toISOString() }))
}
