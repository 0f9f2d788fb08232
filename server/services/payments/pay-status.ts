import { and, eq } from 'drizzle-orm'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import type { PayStatusDto } from '../../../src/domain/payments.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'

/**
 * GET /mall/pay/status/{paymentId}: the return pages poll this until the webhook's effect shows. It
 * only reads (never the provider): a return page never marks anything paid. A payment waiting for a bank
 * transfer answers where to send it, as the webhook kept it. Another shopper's payment is a 404.
 */
export async function readPayStatus(db: Db, userId: number, paymentId: string): Promise<PayStatusDto> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
  if (!row) throw notFound('Payment')
  return {
    paymentId: row.id,
    status: row.status as PaymentStatus,
    purpose: row.purpose,
    amount: row.amount,
    pointsUsed: row.pointsUsed,
    target: row.target,
    failure: row.failure,
    transfer: row.status === PaymentStatus.waitPay ? row.transfer : null,
  }
}
