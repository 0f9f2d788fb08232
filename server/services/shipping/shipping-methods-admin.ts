import { asc, eq, inArray } from 'drizzle-orm'
import { COUNTRY_VALUES } from '../../../src/domain/countries.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import {
  ShippingEditorMessage,
  type ShippingMethodAdminDto,
  type ShippingMethodEdit,
  type ShippingMethodsDto,
} from '../../../src/domain/shipping-editor.ts'
import type { Db } from '../../db/client.ts'
import { shippingDestinations, shippingMethods, shippingRates } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { writeAudit } from '../ops/audit.ts'
import { shippingMethodOf } from './tariff.ts'

/* The operators' shipping-method editor (flows §7): GET/PUT /api/ops/shipping-methods. */

/** A 400 on one field of the request, changing nothing. */
const invalidField = (field: string, message: string) =>
  new ApiError(ResultCode.invalidInput, `${field}: ${message}`, { fields: [{ field, message }] })

/** Destinations in the spec's country order; stored values outside the list last, by name. */
const countryRank = (country: string) => {
  const index = (COUNTRY_VALUES as readonly string[]).indexOf(country)
  return index === -1 ? COUNTRY_VALUES.length : index
}

/** The methods (all of them, or those of `ids`) with destinations and bands, in the operators' order. */
async function readMethods(db: Db, ids?: readonly number[]): Promise<ShippingMethodAdminDto[]> {
  const byIds = ids === undefined ? undefined : [...ids]
  const [methods, destinations, rates] = await Promise.all([
    db
      .select()
      .from(shippingMethods)
      .where(byIds === undefined ? undefined : inArray(shippingMethods.id, byIds))
      .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id)),
    db
      .select()
      .from(shippingDestinations)
      .where(byIds === undefined ? undefined : inArray(shippingDestinations.methodId, byIds)),
    db
      .select()
      .from(shippingRates)
      .where(byIds === undefined ? undefined : inArray(shippingRates.methodId, byIds))
      .orderBy(asc(shippingRates.zone), asc(shippingRates.upToG)),
  ])
  return methods.map((row) => ({
    ...shippingMethodOf(row),
    sortOrder: row.sortOrder,
    note: row.note,
    destinations: destinations
      .filter((d) => d.methodId === row.id)
      .sort((a, b) => countryRank(a.country) - countryRank(b.country) || a.country.localeCompare(b.country))
      .map(({ country, zone, available }) => ({ country, zone, available })),
    rates: rates.filter((r) => r.methodId === row.id).map(({ zone, upToG, fee }) => ({ zone, upToG, fee })),
  }))
}

/** GET /api/ops/shipping-methods: every method, active or not. */
export async function loadShippingMethods(db: Db): Promise<ShippingMethodsDto> {
  return { methods: await readMethods(db) }
}

export interface ShippingMethodsUpdate {
  /** Validated by `shippingMethodsBody` (ids distinct). */
  methods: readonly ShippingMethodEdit[]
  actorId: number
  at: Date
}

/** The method as it will read after the edit, in the DTO's canonical order (to compare and audit). */
function edited(before: ShippingMethodAdminDto, edit: ShippingMethodEdit): ShippingMethodAdminDto {
  return {
    id: before.id,
    code: before.code,
    name: { zhCn: edit.name.zhCn, ja: edit.name.ja, en: edit.name.en },
    carrier: edit.carrier,
    minWeightG: edit.minWeightG,
    maxWeightG: edit.maxWeightG,
    sizeRule: edit.sizeRule,
    billingRule: edit.billingRule,
    stepG: edit.stepG,
    tracked: edit.tracked,
    active: edit.active,
    sortOrder: edit.sortOrder,
    note: edit.note ?? null,
    destinations: [...edit.destinations]
      .sort((a, b) => countryRank(a.country) - countryRank(b.country) || a.country.localeCompare(b.country))
      .map(({ country, zone, available }) => ({ country, zone, available })),
    rates: [...edit.rates]
      .sort((a, b) => a.zone - b.zone || a.upToG - b.upToG)
      .map(({ zone, upToG, fee }) => ({ zone, upToG, fee })),
  }
}

/**
 * PUT /api/ops/shipping-methods: replaces each listed method's fields, destinations and bands in one
 * transaction, with one audit row (`shippingMethod.update`, before and after) per method that changed.
 * An id that is not a method is a 400 on `methods.<i>.id` and nothing changes. Answers the new GET.
 */
export async function updateShippingMethods(
  db: Db,
  update: ShippingMethodsUpdate,
): Promise<ShippingMethodsDto> {
  const ids = update.methods.map((m) => m.id)
  await db.transaction(async (tx) => {
    // Locks the edited methods so two editors' saves apply one after the other.
    const locked = await tx
      .select({ id: shippingMethods.id })
      .from(shippingMethods)
      .where(inArray(shippingMethods.id, ids))
      .for('update')
    const existing = new Set(locked.map((row) => row.id))
    const missing = update.methods.findIndex((m) => !existing.has(m.id))
    if (missing !== -1) throw invalidField(`methods.${missing}.id`, ShippingEditorMessage.unknownMethod)

    const before = new Map((await readMethods(tx, ids)).map((m) => [m.id, m]))
    for (const edit of update.methods) {
      const old = before.get(edit.id) as ShippingMethodAdminDto
      const next = edited(old, edit)
      if (JSON.stringify(old) === JSON.stringify(next)) continue
      await tx
        .update(shippingMethods)
        .set({
          nameZh: next.name.zhCn,
          nameJa: next.name.ja,
          nameEn: next.name.en,
          carrier: next.carrier,
          minWeightG: next.minWeightG,
          maxWeightG: next.maxWeightG,
          sizeRule: next.sizeRule,
          billingRule: next.billingRule,
          stepG: next.stepG,
          tracked: next.tracked,
          active: next.active,
          sortOrder: next.sortOrder,
          note: next.note,
          updatedAt: update.at,
        })
        .where(eq(shippingMethods.id, edit.id))
      await tx.delete(shippingDestinations).where(eq(shippingDestinations.methodId, edit.id))
      await tx.delete(shippingRates).where(eq(shippingRates.methodId, edit.id))
      if (next.destinations.length > 0) {
        await tx
          .insert(shippingDestinations)
          .values(next.destinations.map((d) => ({ methodId: edit.id, ...d })))
      }
      if (next.rates.length > 0) {
        await tx.insert(shippingRates).values(next.rates.map((r) => ({ methodId: edit.id, ...r })))
      }
      await writeAudit(tx, {
        actorId: update.actorId,
        action: 'shippingMethod.update',
        entity: 'shippingMethod',
        entityId: edit.id,
        before: old,
        after: next,
        at: update.at,
      })
    }
  })
  return loadShippingMethods(db)
}
