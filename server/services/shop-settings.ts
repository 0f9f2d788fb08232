import { eq } from 'drizzle-orm'
import type { ChargeSettings } from '../../src/domain/pricing.ts'
import type { Db } from '../db/client.ts'
import { shopSettings } from '../db/schema.ts'

export interface ShopSettings {
  charge: ChargeSettings
  /** The highest yen → renminbi rate a payment converts at; null until set. */
  maxRate: number | null
}

/** The shop's one settings row (the migration creates it). */
export async function readShopSettings(db: Db): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1))
  if (!row) throw new Error('shop_settings row 1 is missing; the migrations create it')
  return {
    charge: {
      discount: row.discount,
      platPercent: row.platPercent,
      frontMoney: row.frontMoney,
      settlePercent: row.settlePercent,
      rate: row.rate,
    },
    maxRate: row.maxRate,
  }
}

/**
 * Replaces the shop's settings. The table's checks guard the ranges (a discount of 0 or a negative
 * rate fails the update), so a bad value never lands half-written.
 */
export async function writeShopSettings(db: Db, settings: ShopSettings): Promise<void> {
  const { charge, maxRate } = settings
  const updated = await db
    .update(shopSettings)
    .set({
      discount: charge.discount,
      platPercent: charge.platPercent,
      frontMoney: charge.frontMoney,
      settlePercent: charge.settlePercent,
      rate: charge.rate ?? null,
      maxRate,
      updatedAt: new Date(),
    })
    .where(eq(shopSettings.id, 1))
    .returning({ id: shopSettings.id })
  if (updated.length === 0) throw new Error('shop_settings row 1 is missing; the migrations create it')
}
