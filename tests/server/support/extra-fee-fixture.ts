import { eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client.ts'
import { extraFees } from '../../../server/db/schema.ts'
import type { ExtraFeeStatus, ExtraFeeType } from '../../../src/domain/extra-fee.ts'
import type { ExtraPayRefusalData } from '../../../src/domain/extras.ts'
import type { PayAnswer } from '../../../src/domain/payments.ts'
import type { Envelope } from '../../../src/domain/result-code.ts'
import type { TestApp } from './test-app.ts'

/* Extra fees written straight to the database, as the sweep or the console leaves them, and the pay call. */

export interface ExtraFeeOptions {
  userId: number
  /** Default 2, a free-form fee. */
  type?: ExtraFeeType
  /** Default 1, unpaid. */
  status?: ExtraFeeStatus
  amount?: number
  /** The order a late or storage fee is charged on. */
  orderId?: number | null
  orderIds?: number[]
  /** The package a package storage fee (type 4) is charged on. */
  packageId?: number | null
  days?: number | null
  dueDate?: string | null
  remark?: string | null
  createdAt?: Date
}

export async function insertExtraFee(db: Db, options: ExtraFeeOptions): Promise<number> {
  const at = options.createdAt ?? new Date()
  const [row] = await db
    .insert(extraFees)
    .values({
      userId: options.userId,
      type: options.type ?? 2,
      status: options.status ?? 1,
      amount: options.amount ?? 1_000,
      orderId: options.orderId ?? null,
      orderIds: options.orderIds ?? (options.orderId ? [options.orderId] : []),
      packageId: options.packageId ?? null,
      days: options.days ?? null,
      dueDate: options.dueDate ?? null,
      remark: options.remark ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: extraFees.id })
  if (!row) throw new Error('no extra fee')
  return row.id
}

/** A fee's row, for assertions. */
export async function extraFeeRow(db: Db, feeId: number) {
  const [row] = await db.select().from(extraFees).where(eq(extraFees.id, feeId))
  if (!row) throw new Error(`no extra fee ${feeId}`)
  return row
}

export type ExtraPayRoute = 'card' | 'sbps' | 'paypal'

/** One extra-fee pay call of a route, as the client makes it; `ids` as the path spells it ("3,7"). */
export function extraPay(
  t: TestApp,
  token: string,
  call: { route?: ExtraPayRoute; type?: number; ids: string | number[]; score?: number; key?: string },
) {
  const route = call.route ?? 'card'
  const type = call.type ?? (route === 'paypal' ? 0 : 1)
  const ids = typeof call.ids === 'string' ? call.ids : call.ids.join(',')
  const score = call.score ?? 0
  const path =
    route === 'card'
      ? `/api/mall/extra_pay/pay/${type}/${ids}/${score}`
      : route === 'sbps'
        ? `/api/mall/sb_pay/extraPay/${type}/${ids}?score=${score}`
        : `/api/mall/paypal/extraPay/${ids}/${score}`
  const headers: Record<string, string> = { token }
  if (call.key) headers['Idempotency-Key'] = call.key
  return t.sendJson<Envelope<PayAnswer | ExtraPayRefusalData | null>>('POST', path, undefined, headers)
}

/** The payment id of an accepted pay call; throws with the refusal otherwise. */
export function paymentIdOf(answer: { body: Envelope<unknown> }): string {
  const data = answer.body.data as PayAnswer | null
  if (!data?.paymentId) throw new Error(`the pay call was refused: ${answer.body.msg}`)
  return data.paymentId
}
