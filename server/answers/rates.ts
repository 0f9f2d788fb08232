import * as v from 'valibot'
import type { ExchangeRateDto, ExchangeRateLimitsDto } from '../../src/domain/catalog.ts'
import type { ChargeSettings } from '../../src/domain/pricing.ts'
import { answerOf, named } from './shape.ts'

/** Yen → renminbi: a float, null until the shop sets one. */
const rate = v.nullable(v.number())

export const exchangeRateAnswer = named(
  'ExchangeRateDto',
  answerOf<ExchangeRateDto>()(v.strictObject({ rate })),
)

export const exchangeRateLimitsAnswer = named(
  'ExchangeRateLimitsDto',
  answerOf<ExchangeRateLimitsDto>()(v.strictObject({ rate, maxRate: v.nullable(v.number()) })),
)

export const chargeSettingsAnswer = named(
  'ChargeSettings',
  answerOf<ChargeSettings>()(
    v.strictObject({
      discount: v.number(),
      platPercent: v.number(),
      frontMoney: v.number(),
      settlePercent: v.number(),
      rate: v.optional(rate),
    }),
  ),
)
