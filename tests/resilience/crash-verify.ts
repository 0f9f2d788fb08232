import type { Db } from '../../server/db/client.ts'
import type { Ledger } from './crash-load.ts'

/** What the acknowledged-writes check found: how many it verified and each one lost or wrong. */
export interface AcknowledgedCheck {
  orders: number
  payments: number
  /** Every acknowledged write verified (orders, payments, outcomes, cancels, refunds, sign-ups). */
  total: number
  lost: string[]
}

async function rowsOf(db: Db, text: string): Promise<Record<string, unknown>[]> {
  return ((await db.execute(text)) as unknown as { rows: Record<string, unknown>[] }).rows
}

/** `'a', 'b'` for an `in (…)`; the values are the suite's own ids and addresses, quoted all the same. */
const quoted = (values: Iterable<string>) =>
  [...values].map((value) => `'${value.replaceAll("'", "''")}'`).join(', ') || 'null'

/**
 * Asks the database about every write the server acknowledged: each order createOrder answered exists
 * and is the shopper's; each payment a pay call answered exists and targets its order; each payment
 * answered as paid is still paid (or refunded since), each answered as cancelled still cancelled; each
 * cancelled order is 1 cancel1, each refunded order 12 refund; each registered account exists.
 */
export async function checkAcknowledged(db: Db, ledger: Ledger): Promise<AcknowledgedCheck> {
  const lost: string[] = []
  const orderIds = [...ledger.orders.keys()].map(String)
  const orders = new Map(
    (
      await rowsOf(
        db,
        `select id, user_id, status from orders where id in (${orderIds.join(', ') || 'null'})`,
      )
    ).map((row) => [Number(row.id), { userId: Number(row.user_id), status: Number(row.status) }]),
  )
  for (const [orderId, userId] of ledger.orders) {
    const order = orders.get(orderId)
    if (!order) lost.push(`order ${orderId} (createOrder answered 200) is missing`)
    else if (order.userId !== userId)
      lost.push(`order ${orderId} belongs to user ${order.userId}, not ${userId}`)
  }
  for (const orderId of ledger.cancelled) {
    const status = orders.get(orderId)?.status
    if (status !== 1) lost.push(`order ${orderId} was answered cancelled but is in status ${status}`)
  }
  for (const orderId of ledger.refunded) {
    const status = orders.get(orderId)?.status
    if (status !== 12) lost.push(`order ${orderId} was answered refunded but is in status ${status}`)
  }

  const payments = new Map(
    (
      await rowsOf(
        db,
        `select id, status, target from payments where id in (${quoted(ledger.payments.keys())})`,
      )
    ).map((row) => [String(row.id), { status: Number(row.status), target: row.target as number[] | string }]),
  )
  for (const [paymentId, orderId] of ledger.payments) {
    const payment = payments.get(paymentId)
    const target =
      typeof payment?.target === 'string' ? (JSON.parse(payment.target) as number[]) : payment?.target
    if (!payment) lost.push(`payment ${paymentId} (the pay call answered 200) is missing`)
    else if (!target?.includes(orderId))
      lost.push(`payment ${paymentId} targets ${JSON.stringify(target)}, not ${orderId}`)
  }
  for (const paymentId of ledger.settled) {
    const payment = payments.get(paymentId)
    const refunded = ledger.refunded.has(ledger.payments.get(paymentId) ?? 0)
    const expected = refunded ? [3] : [2, 3]
    if (!payment || !expected.includes(payment.status)) {
      lost.push(`payment ${paymentId} was answered paid but is in status ${payment?.status}`)
    }
  }
  for (const paymentId of ledger.declined) {
    const status = payments.get(paymentId)?.status
    if (status !== 4) lost.push(`payment ${paymentId} was answered cancelled but is in status ${status}`)
  }

  const users = new Set(
    (await rowsOf(db, `select email from users where email in (${quoted(ledger.signUps)})`)).map((row) =>
      String(row.email),
    ),
  )
  for (const email of ledger.signUps) {
    if (!users.has(email)) lost.push(`account ${email} (registration answered 200) is missing`)
  }

  const total =
    ledger.orders.size +
    ledger.payments.size +
    ledger.settled.size +
    ledger.declined.size +
    ledger.cancelled.size +
    ledger.refunded.size +
    ledger.signUps.size
  return { orders: ledger.orders.size, payments: ledger.payments.size, total, lost }
}
