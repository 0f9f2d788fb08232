import { randomUUID } from 'node:crypto'
import type { Db } from '../../../server/db/client.ts'
import { payments } from '../../../server/db/schema.ts'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'

export interface PaymentRowOptions {
  userId: number
  /** Yen taken at the gateway. */
  amount: number
  /** When it was confirmed (and created); an open payment (1) has no settledAt. */
  at: Date
  status?: PaymentStatus
}

/**
 * A deposit payment written straight into the database, by default as settle() leaves a paid one
 * (status 2, settledAt set), for tests about spending rather than about paying. Answers its id.
 */
export async function insertPaymentRow(db: Db, options: PaymentRowOptions): Promise<string> {
  const id = `pay_fixture_${randomUUID().slice(0, 8)}`
  const status = options.status ?? PaymentStatus.pay
  await db.insert(payments).values({
    id,
    userId: options.userId,
    purpose: 'deposit',
    target: [],
    route: 'card',
    method: 1,
    gateway: 'sandbox',
    amount: options.amount,
    status,
    settledAt: status === PaymentStatus.waitPay ? null : options.at,
    createdAt: options.at,
    updatedAt: options.at,
  })
  return id
}
