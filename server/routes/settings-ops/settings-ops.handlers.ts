import { createFactory } from 'hono/factory'
import { opsChargeSettingsBody, opsRateBody } from '../../../src/domain/settings-ops.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { validJson } from '../../http/validate.ts'
import {
  readOpsCharges,
  readOpsRate,
  writeOpsCharges,
  writeOpsRate,
} from '../../services/settings/ops-settings.ts'

const factory = createFactory<AppEnv>()
const settingsRoom = requirePermission('settings')

export const getChargesHandlers = factory.createHandlers(settingsRoom, async (c) =>
  ok(c, await readOpsCharges(c.var.deps.db)),
)

export const putChargesHandlers = factory.createHandlers(
  settingsRoom,
  validJson(opsChargeSettingsBody),
  async (c) =>
    ok(
      c,
      await writeOpsCharges(c.var.deps.db, {
        body: c.req.valid('json'),
        actorId: signedIn(c).userId,
        at: c.var.deps.now(),
      }),
    ),
)

export const getRateHandlers = factory.createHandlers(settingsRoom, async (c) =>
  ok(c, await readOpsRate(c.var.deps.db)),
)

export const putRateHandlers = factory.createHandlers(settingsRoom, validJson(opsRateBody), async (c) =>
  ok(
    c,
    await writeOpsRate(c.var.deps.db, {
      body: c.req.valid('json'),
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    }),
  ),
)
