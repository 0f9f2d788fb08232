import type { ShippingOptionDto } from '../../../src/domain/packaging.ts'
import type { Box } from '../../../src/domain/shipping.ts'
import type { Db } from '../../db/client.ts'
import { loadTariff, type MethodTariff, quoteTariff } from './tariff.ts'

/* The shipping options of a packed box (flows §5: GET /mall/package/shippingCost/{packageId}). */

/** One method's option for a box sent to `country` (the address's stored country value). */
export function shippingOptionOf(
  tariff: MethodTariff,
  box: Box,
  country: string | undefined,
): ShippingOptionDto {
  const quote = quoteTariff(tariff, box, country)
  const { method } = tariff
  return {
    methodId: method.id,
    name: method.name,
    carrier: method.carrier,
    tracked: method.tracked,
    fee: quote.available ? quote.fee : null,
    billedWeightG: quote.billedWeightG,
    maxWeightG: method.maxWeightG,
    available: quote.available,
    reason: quote.available ? null : quote.reason,
  }
}

/**
 * Every active method, in the operators' order, quoted for the box and the destination: a method the
 * box breaks (too light, too heavy or too big, a destination it does not serve) is listed with
 * `available: false`, no fee and its reason, so the shopper sees why it is not offered.
 */
export async function shippingOptions(
  db: Db,
  box: Box,
  country: string | undefined,
): Promise<ShippingOptionDto[]> {
  const tariff = await loadTariff(db)
  return tariff.filter((t) => t.method.active).map((t) => shippingOptionOf(t, box, country))
}
