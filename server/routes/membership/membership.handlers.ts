import { createFactory } from 'hono/factory'
import { vipLevelsBody } from '../../../src/domain/vip-levels-editor.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { validJson } from '../../http/validate.ts'
import { assignMonthlyTiers } from '../../services/tiers/monthly-tiers.ts'
import { readVipLevels, replaceVipLevels } from '../../services/tiers/vip-levels.ts'

const factory = createFactory<AppEnv>()

export const vipListHandlers = factory.createHandlers(async (c) => ok(c, await readVipLevels(c.var.deps.db)))

export const updateVipLevelsHandlers = factory.createHandlers(
  requirePermission('settings'),
  validJson(vipLevelsBody),
  async (c) =>
    ok(
      c,
      await replaceVipLevels(c.var.deps.db, {
        levels: c.req.valid('json').levels,
        actorId: signedIn(c).userId,
        at: c.var.deps.now(),
      }),
    ),
)

// The service itself, not the logging job wrapper: a failed run is the operator's 500, not a null.
export const runTierJobHandlers = factory.createHandlers(requirePermission('settings'), async (c) =>
  ok(c, await assignMonthlyTiers(c.var.deps.db, c.var.deps.now(), signedIn(c).userId)),
)
