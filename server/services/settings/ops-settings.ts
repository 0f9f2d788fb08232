import { eq } from 'drizzle-orm'
import type {
  OpsChargeSettingsBody,
  OpsChargeSettingsDto,
  OpsRateBody,
  OpsRateDto,
} from '../../../src/domain/settings-ops.ts'
import type { Db } from '../../db/client.ts'
import { shopSettings } from '../../db/schema.ts'
import { writeAudit } from '../ops/audit.ts'

/*
 * The settings room's charges and exchange rate (backoffice §5). Both are read live by every call that
 * uses them (shop-settings.ts: the cart, createOrder, /mall/charge/details, /mall/exchange_rate/get
 * and get2; no cached answer holds them), so a change shows at once on every server. An order freezes
 * its amounts when it is placed, so a change reaches only orders created after it.
 */

type ShopSettingsRow = typeof shopSettings.$inferSelect

/** The settings row, locked for the change when `tx` is a write's transaction. */
async function settingsRow(db: Db, lock: boolean): Promise<ShopSettingsRow> {
  const query = db.select().from(shopSettings).where(eq(shopSettings.id, 1))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new Error('shop_settings row 1 is missing; the migrations create it')
  return row
}

const chargesOf = (row: ShopSettingsRow): OpsChargeSettingsDto => ({
  frontMoney: row.frontMoney,
  discount: row.discount,
  platPercent: row.platPercent,
  settlePercent: row.settlePercent,
  storageFeePerDay: row.storageFeePerDay,
  maxRate: row.maxRate,
})

const sameCharges = (a: OpsChargeSettingsDto, b: OpsChargeSettingsDto) =>
  (Object.keys(a) as (keyof OpsChargeSettingsDto)[]).every((key) => a[key] === b[key])

/** GET /api/ops/settings/charges. */
export async function readOpsCharges(db: Db): Promise<OpsChargeSettingsDto> {
  return chargesOf(await settingsRow(db, false))
}

/**
 * PUT /api/ops/settings/charges: the new charges, audited (settings.charges, before and after) in the
 * same transaction. The same values again change nothing and write no audit row.
 */
export async function writeOpsCharges(
  db: Db,
  input: { body: OpsChargeSettingsBody; actorId: number; at: Date },
): Promise<OpsChargeSettingsDto> {
  const { body, actorId, at } = input
  return db.transaction(async (tx) => {
    const before = chargesOf(await settingsRow(tx, true))
    const wanted: OpsChargeSettingsDto = {
      frontMoney: body.frontMoney,
      discount: body.discount,
      platPercent: body.platPercent,
      settlePercent: body.settlePercent,
      storageFeePerDay: body.storageFeePerDay,
      maxRate: body.maxRate,
    }
    if (sameCharges(before, wanted)) return before
    const [row] = await tx
      .update(shopSettings)
      .set({ ...wanted, updatedAt: at })
      .where(eq(shopSettings.id, 1))
      .returning()
    if (!row) throw new Error('shop_settings row 1 is missing; the migrations create it')
    const after = chargesOf(row)
    await writeAudit(tx, {
      actorId,
      action: 'settings.charges',
      entity: 'settings',
      entityId: 'charges',
      before,
      after,
      at,
    })
    return after
  })
}

/** GET /api/ops/settings/rate. */
export async function readOpsRate(db: Db): Promise<OpsRateDto> {
  return { rate: (await settingsRow(db, false)).rate }
}

/** PUT /api/ops/settings/rate: the display rate, audited (settings.rate) in the same transaction. */
export async function writeOpsRate(
  db: Db,
  input: { body: OpsRateBody; actorId: number; at: Date },
): Promise<OpsRateDto> {
  const { body, actorId, at } = input
  return db.transaction(async (tx) => {
    const before: OpsRateDto = { rate: (await settingsRow(tx, true)).rate }
    if (before.rate === body.rate) return before
    const [row] = await tx
      .update(shopSettings)
      .set({ rate: body.rate, updatedAt: at })
      .where(eq(shopSettings.id, 1))
      .returning({ rate: shopSettings.rate })
    if (!row) throw new Error('shop_settings row 1 is missing; the migrations create it')
    const after: OpsRateDto = { rate: row.rate }
    await writeAudit(tx, {
      actorId,
      action: 'settings.rate',
      entity: 'settings',
      entityId: 'rate',
      before,
      after,
      at,
    })
    return after
  })
}
