import { asc } from 'drizzle-orm'
import type {
  Box,
  MethodDestination,
  RateBand,
  ShippingMethod,
  ShippingQuote,
} from '../../../src/domain/shipping.ts'
import { quoteShipping } from '../../../src/domain/shipping.ts'
import type { Db } from '../../db/client.ts'
import { shippingDestinations, shippingMethods, shippingRates } from '../../db/schema.ts'

/* The shipping methods with their zones and rate bands, read in one go for quoting (flows §5). */

export interface MethodTariff {
  method: ShippingMethod
  /** By the address's stored country value. */
  destinations: ReadonlyMap<string, MethodDestination>
  /** By zone, in ascending weight. */
  bands: ReadonlyMap<number, readonly RateBand[]>
}

/** A stored method as the domain reads it (no destinations, bands or editor fields). */
export function shippingMethodOf(row: typeof shippingMethods.$inferSelect): ShippingMethod {
  return {
    id: row.id,
    code: row.code,
    name: { zhCn: row.nameZh, ja: row.nameJa, en: row.nameEn },
    carrier: row.carrier,
    minWeightG: row.minWeightG,
    maxWeightG: row.maxWeightG,
    sizeRule: row.sizeRule,
    billingRule: row.billingRule,
    stepG: row.stepG,
    tracked: row.tracked,
    active: row.active,
  }
}

/** Every method (active or not), in the operators' order, with its destinations and bands. */
export async function loadTariff(db: Db): Promise<MethodTariff[]> {
  // one after another: inside a transaction, one connection runs one query at a time
  const methods = await db
    .select()
    .from(shippingMethods)
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id))
  const destinations = await db.select().from(shippingDestinations)
  const rates = await db.select().from(shippingRates).orderBy(asc(shippingRates.upToG))
  return methods.map((row) => {
    const destinationMap = new Map<string, MethodDestination>()
    for (const d of destinations) {
      if (d.methodId === row.id) destinationMap.set(d.country, { zone: d.zone, available: d.available })
    }
    const bandMap = new Map<number, RateBand[]>()
    for (const r of rates) {
      if (r.methodId !== row.id) continue
      const zone = bandMap.get(r.zone) ?? []
      zone.push({ upToG: r.upToG, fee: r.fee })
      bandMap.set(r.zone, zone)
    }
    return {
      method: shippingMethodOf(row),
      destinations: destinationMap,
      bands: bandMap,
    }
  })
}

/** The quote of one method for a box sent to `country` (the address's stored country value). */
export function quoteTariff(tariff: MethodTariff, box: Box, country: string | undefined): ShippingQuote {
  const destination = country === undefined ? undefined : tariff.destinations.get(country)
  const bands = destination === undefined ? [] : (tariff.bands.get(destination.zone) ?? [])
  return quoteShipping(tariff.method, box, destination, bands)
}

/** The country value of a copied address (jsonb), if it has one. */
export function addressCountry(address: Record<string, unknown> | null | undefined): string | undefined {
  const country = address?.country
  return typeof country === 'string' && country !== '' ? country : undefined
}
