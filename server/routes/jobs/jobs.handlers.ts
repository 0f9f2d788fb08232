import { createFactory } from 'hono/factory'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requireSession } from '../../http/session.ts'
import { sweepDeadlines } from '../../services/deadlines/deadline-sweep.ts'

const factory = createFactory<AppEnv>()

/** Like every console call: no token 401, a customer's 403. */
const operatorOnly = requireSession({ kind: 'operator' })

// The service itself, not the logging job wrapper: a failed run is the operator's 500, not a null.
export const runDeadlineSweepHandlers = factory.createHandlers(operatorOnly, async (c) =>
  ok(c, await sweepDeadlines(c.var.deps.db, c.var.deps.now())),
)
