import * as v from 'valibot'
import { answerOf } from './shape.ts'

/** GET /health: the process answers and the database too (a database down is an error envelope). */
export const healthAnswer = answerOf<{ status: 'ok'; database: 'ok' }>()(
  v.strictObject({ status: v.literal('ok'), database: v.literal('ok') }),
)

/** GET /ready: ready for traffic. Not ready is a 503, outside the success answer. */
export const readyAnswer = answerOf<{ status: 'ready' }>()(
  v.pipe(
    v.strictObject({ status: v.literal('ready') }),
    v.description('Not ready is a 503 with data { status: "draining" | "database down" | "not migrated" }'),
  ),
)
