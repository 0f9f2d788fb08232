import { createFactory } from 'hono/factory'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requireSession, signedIn } from '../../http/session.ts'
import { validQuery } from '../../http/validate.ts'
import { listPointsRecords } from '../../services/points.ts'
import * as contracts from './points.routes.ts'

const factory = createFactory<AppEnv>()

export const scoreListHandlers = factory.createHandlers(
  requireSession(),
  validQuery(contracts.scoreList.query),
  async (c) =>
    ok(c, await listPointsRecords(c.var.deps.db, { userId: signedIn(c).userId, page: c.req.valid('query') })),
)
