import * as v from 'valibot'
import type { OpsChargeSettingsDto, OpsRateDto } from '../../src/domain/settings-ops.ts'
import { answerOf, count, named } from './shape.ts'

/* The settings room's charges and rate (server/routes/settings-ops, backoffice §5). */

export const opsChargeSettingsAnswer = named(
  'OpsChargeSettingsDto',
  answerOf<OpsChargeSettingsDto>()(
    v.strictObject({
      frontMoney: v.number(),
      discount: v.number(),
      platPercent: v.number(),
      settlePercent: v.number(),
      storageFeePerDay: count,
      maxRate: v.nullable(v.number()),
    }),
  ),
)

export const opsRateAnswer = named(
  'OpsRateDto',
  answerOf<OpsRateDto>()(v.strictObject({ rate: v.nullable(v.number()) })),
)
