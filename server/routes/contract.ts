import type * as v from 'valibot'
import type { StaffPermission } from '../../src/domain/staff.ts'
import type { AnswerSchema, NotJsonAnswer } from '../answers/shape.ts'

export type Access = 'public' | 'customer' | 'operator'

/** One call of the API: what OpenAPI publishes and what the handler validates. */
export interface RouteContract {
  method: 'get' | 'post' | 'put' | 'delete'
  /** Path under /api, in Hono's syntax (`/mall/product/details/:id`). */
  path: string
  summary: string
  tag: string
  access: Access
  /** For operator calls: the console room's permission the caller must hold (backoffice §1). */
  permission?: StaffPermission
  query?: v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>
  /** The JSON body's schema (its top-level fields are published). */
  body?: v.GenericSchema
  /** The call takes an `Idempotency-Key` header: a repeat of the key answers as the first time. */
  idempotent?: true
  /** The call may answer 429 (too many tries), with `retryAfterSeconds` in data. */
  rateLimited?: true
  /** Success is HTTP 201 (the call made something new), not 200. */
  created?: true
  /** What `data` holds on success (server/answers), or the file, page or redirect it answers with. */
  returns: AnswerSchema | NotJsonAnswer
}
