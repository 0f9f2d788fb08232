import * as v from 'valibot'
import type { VipLevel } from '../../src/domain/tiers.ts'
import type { TierRunResult } from '../services/tiers/monthly-tiers.ts'
import { answerOf, count, named } from './shape.ts'

export const vipLevelAnswer = named(
  'VipLevel',
  answerOf<VipLevel>()(
    v.strictObject({
      vip: count,
      scoreRate: v.pipe(v.number(), v.description('Points rate (0.01 = 1 %)')),
      minMonthlySpend: v.pipe(count, v.description('The monthly spending in yen that earns the level')),
    }),
  ),
)

export const vipLevelListAnswer = v.array(vipLevelAnswer)

export const tierRunAnswer = named(
  'TierRunResult',
  answerOf<TierRunResult>()(
    v.strictObject({
      ran: v.pipe(v.boolean(), v.description('Whether this call set the month’s tiers')),
      month: v.pipe(v.string(), v.description('The shop month the tiers are for (its first day)')),
      membersUpdated: count,
    }),
  ),
)
