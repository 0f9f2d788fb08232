import * as v from 'valibot'
import { calendarDateSchema } from './dates.ts'
import { payloadObject } from './fields.ts'
import { idValueNumber, MAX_ORDER_LINES } from './orders.ts'
import { pointsQueryValue } from './payments.ts'
import type { ReminderRunSummary } from './reminders.ts'
import { ValidationMessage } from './validation-messages.ts'

/* Arrival at the warehouse, split orders and the balance (flows §1, §2, §4, §7). */

/**
 * Operator: POST /api/ops/orders/{id}/arrival { arrivedAt, lineIds? }. `arrivedAt` is a shop date,
 * today or earlier (checked by the service, which knows the shop's clock). With `lineIds` (some, not
 * all, of the order's lines) the order is split first and only those lines' child arrives.
 */
export const arrivalBody = payloadObject({
  arrivedAt: calendarDateSchema,
  lineIds: v.optional(
    v.pipe(
      v.array(idValueNumber(), ValidationMessage.lineIds),
      v.minLength(1, ValidationMessage.lineIds),
      v.maxLength(MAX_ORDER_LINES, ValidationMessage.lineIds),
    ),
  ),
})
export type ArrivalBody = v.InferOutput<typeof arrivalBody>

/** Operator: POST /api/ops/orders/{id}/split { groups: [[lineId…]…] } — every line of the order in exactly one group. */
export const splitBody = payloadObject({
  groups: v.pipe(
    v.array(
      v.pipe(
        v.array(idValueNumber(), ValidationMessage.splitGroups),
        v.minLength(1, ValidationMessage.splitGroups),
        v.maxLength(MAX_ORDER_LINES, ValidationMessage.splitGroups),
      ),
      ValidationMessage.splitGroups,
    ),
    v.minLength(2, ValidationMessage.splitGroups),
    v.maxLength(MAX_ORDER_LINES, ValidationMessage.splitGroups),
  ),
})
export type SplitBody = v.InferOutput<typeof splitBody>

/** `?score=` of the three final-payment routes: points to use on the balance (0 or left out: none). */
export const finalPayQuery = v.object({ score: pointsQueryValue })
export type FinalPayQuery = v.InferOutput<typeof finalPayQuery>

/** GET /mall/order/finalCount: the caller's operable orders with a balance due, and those of them overdue. */
export interface FinalCountDto {
  count: number
  overCount: number
}

/** What is still owed on an order's goods and fees (the late fee apart): its total less what was received. */
export function balanceOwed(order: { total: number; paidAmount: number }): number {
  return Math.max(order.total - order.paidAmount, 0)
}

/**
 * What the final payment of an order in 5 arrival charges: the balance still owed plus the late fee so
 * far (`lateFee` of the order's DTO: the domain's figure for the shop's day), paid together.
 */
export function finalAmountDue(order: { total: number; paidAmount: number; lateFee: number }): number {
  return balanceOwed(order) + order.lateFee
}

/**
 * Shares `amount` out between groups in proportion to their weights, to the yen: each group gets the
 * floor of its exact share and the yen left over go one each to the largest remainders (earlier groups
 * first on ties), so the shares always add up to `amount`. With no weight at all, the shares are even.
 * A split order's children carry the parent's paid amount and held points this way, weighted by the
 * deposits of their lines (a line's deposit stays with the line).
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be whole yen')
  if (weights.length === 0) return []
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const effective = total > 0 ? weights : weights.map(() => 1)
  const sum = BigInt(total > 0 ? total : weights.length)
  const exact = effective.map((weight) => BigInt(amount) * BigInt(weight))
  const shares = exact.map((product) => Number(product / sum))
  let left = amount - shares.reduce((a, b) => a + b, 0)
  const byRemainder = exact
    .map((product, index) => ({ index, remainder: product % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const { index } of byRemainder) {
    if (left === 0) break
    shares[index] = (shares[index] ?? 0) + 1
    left -= 1
  }
  return shares
}

/** What one run of the deadline sweep did (POST /api/ops/jobs/deadlines/run; the hourly run logs it). */
export interface DeadlineSweepResult {
  /** false when another runner held the sweep's lock: that one does the work. */
  ran: boolean
  /** The shop date the sweep worked for. */
  today: string
  /** Orders cancelled because their 30-minute payment window lapsed. */
  expired: number[]
  /** Orders whose late-fee record was created, and orders whose unpaid one moved to the day's figure. */
  lateFeesCreated: number[]
  lateFeesUpdated: number[]
  /** Orders whose open storage-fee record (type 1: not requested for packaging in time) was created, or moved. */
  storageFeesCreated: number[]
  storageFeesUpdated: number[]
  /** Packages whose open package storage fee (type 4: shipping fee overdue) was created, or moved. */
  packageStorageFeesCreated: number[]
  packageStorageFeesUpdated: number[]
  /** Orders forfeited (→ 15 cancel2). */
  forfeited: number[]
  /** Packages locked (3 → 7 packageLock): shipping fee unpaid past the grace window. */
  packagesLocked: number[]
  /**
   * The reminders step run after the sweep (flows §6): reminders written, mails and pushes sent (all 0
   * when another runner held it). Absent where only the sweep ran (the sweep's own service).
   */
  reminders?: ReminderRunSummary
}
