import * as v from 'valibot'
import type { AuditEntryDto, AuditFiltersDto } from '../../src/domain/audit.ts'
import { answerOf, id, named, pageOf, time } from './shape.ts'

/* The audit trail (server/routes/audit, backoffice §5). */

export const auditEntryAnswer = named(
  'AuditEntryDto',
  answerOf<AuditEntryDto>()(
    v.strictObject({
      id,
      at: time,
      actorId: v.nullable(id),
      actorEmail: v.nullable(v.string()),
      action: v.string(),
      entity: v.string(),
      entityId: v.string(),
      before: v.unknown(),
      after: v.unknown(),
      reason: v.nullable(v.string()),
    }),
  ),
)

export const auditPageAnswer = pageOf(auditEntryAnswer)

export const auditFiltersAnswer = named(
  'AuditFiltersDto',
  answerOf<AuditFiltersDto>()(
    v.strictObject({
      actors: v.array(v.strictObject({ id, email: v.nullable(v.string()) })),
      entities: v.array(v.string()),
    }),
  ),
)
