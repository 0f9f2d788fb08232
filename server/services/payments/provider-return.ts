import { eq } from 'drizzle-orm'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import { type PayReturnOutcome, payReturnPage } from '../../../src/domain/payments.ts'
import { payments } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { failPayment } from './fail-payment.ts'
import type { GatewayDeps } from './gateway.ts'
import { gatewayOfPayment } from './gateways.ts'

/**
 * `/api/pay/return/{paymentId}/{outcome}` (GET or POST: SBPS posts the browser back): the shopper
 * came back from a provider's page. While the payment is open the adapter may look at the provider
 * (PayPal captures an approved order; Stripe expires a cancelled session) and end the attempt when the
 * provider says it can no longer be paid. Nothing is marked paid here: the webhook is the truth, and
 * the return page waits for it. Answers where the browser goes next.
 *
 * No session is needed (a navigation from another site carries no token): the unguessable payment id
 * is the authorisation, as on the sandbox's page, and the worst a stranger holding it could do is end
 * an attempt that was not going to be paid, which the shopper can start again.
 */
export async function providerReturn(
  deps: GatewayDeps,
  paymentId: string,
  outcome: PayReturnOutcome,
): Promise<{ location: string }> {
  const [payment] = await deps.db
    .select({
      id: payments.id,
      gateway: payments.gateway,
      providerRef: payments.providerRef,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      purpose: payments.purpose,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
  if (!payment) throw notFound('Payment')
  const location = payReturnPage(payment.purpose, outcome, payment.id)
  const gateway = gatewayOfPayment(payment.gateway, deps)
  if (payment.status !== PaymentStatus.waitPay || !gateway?.returned) return { location }

  // A provider that cannot be reached now changes nothing: the return page waits for the webhook.
  const looked = await gateway
    .returned(
      {
        paymentId: payment.id,
        providerRef: payment.providerRef,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status as PaymentStatus,
      },
      outcome,
    )
    .catch((error: unknown) => {
      log.warn(
        { err: error },
        `[payments] return of ${payment.id} (${outcome}): ${gateway.name} not reachable`,
      )
      return { end: null }
    })
  if (looked.end) {
    const failure = looked.end
    await deps.db.transaction((tx) => failPayment(tx, payment.id, failure, deps.now()))
  }
  return { location }
}
