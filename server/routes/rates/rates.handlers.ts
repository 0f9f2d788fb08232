import { createFactory } from 'hono/factory'
import type { ExchangeRateDto, ExchangeRateLimitsDto } from '../../../src/domain/catalog.ts'
import type { ChargeSettings } from '../../../src/domain/pricing.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requireSession } from '../../http/session.ts'
import { readShopSettings } from '../../services/shop-settings.ts'

const factory = createFactory<AppEnv>()

// Customers and operators alike: the rates are the shop's, the same for every signed-in caller.

export const exchangeRateHandlers = factory.createHandlers(requireSession(), async (c) => {
  const { charge } = await readShopSettings(c.var.deps.db)
  return ok<ExchangeRateDto>(c, { rate: charge.rate ?? null })
})

export const exchangeRateLimitsHandlers = factory.createHandlers(requireSession(), async (c) => {
  const { charge, maxRate } = await readShopSettings(c.var.deps.db)
  return ok<ExchangeRateLimitsDto>(c, { rate: charge.rate ?? null, maxRate })
})

export const chargeDetailsHandlers = factory.createHandlers(requireSession(), async (c) => {
  const { charge } = await readShopSettings(c.var.deps.db)
  const details: ChargeSettings = {
    discount: charge.discount,
    platPercent: charge.platPercent,
    frontMoney: charge.frontMoney,
    settlePercent: charge.settlePercent,
    rate: charge.rate ?? null,
  }
  return ok(c, details)
})
