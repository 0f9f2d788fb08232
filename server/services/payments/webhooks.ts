import { and, eq } from 'drizzle-orm'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { payments, webhookEvents } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { countPayment } from '../../observability/metrics.ts'
import { failPayment } from './fail-payment.ts'
import type { GatewayDeps, GatewayEvent, PaymentGateway } from './gateway.ts'
import { webhookGateway } from './gateways.ts'
import { purposeOf, settle } from './settle.ts'

export type WebhookOutcome =
  /** First delivery of the event: its effect (if any) committed with its inbox row. */
  | 'applied'
  /** The event was already received: nothing changes. */
  | 'duplicate'
  /** Verified, but about nothing the shop acts on: answered 2xx, nothing recorded. */
  | 'ignored'

const refused = (gateway: string, why: string) => {
  log.warn(`[webhook] ${gateway}: refused (${why})`)
  countPayment(gateway, 'refused')
  return new ApiError(ResultCode.invalidInput, 'webhook: refused')
}

/**
 * POST /api/pay/webhook/{gateway} (flows §3). The raw bytes are verified first (signature, timestamp
 * tolerance) by the gateway; nothing is read from an unverified body. A verified event is recorded in
 * the inbox by (gateway, event id) in the SAME transaction as its effect, after the payment's row
 * lock: replays, retries and two deliveries at once wait for each other and apply once. A refusal
 * (bad signature, stale, malformed, unknown payment, amount mismatch) is a 400 that changes nothing.
 */
export async function receiveWebhook(
  deps: GatewayDeps,
  gatewayName: string,
  rawBody: Uint8Array,
  headers: Headers,
): Promise<{ gateway: PaymentGateway; outcome: WebhookOutcome }> {
  const gateway = webhookGateway(gatewayName, deps)
  if (!gateway) throw notFound('Webhook endpoint')
  const event = await gateway.verifyWebhook(rawBody, headers)
  // The gateway has written the one log line saying why (no details go back to the sender).
  if (!event) {
    countPayment(gateway.name, 'refused')
    throw new ApiError(ResultCode.invalidInput, 'webhook: refused')
  }
  if ('ignored' in event) {
    log.info(`[webhook] ${gateway.name}: ignored (${event.ignored})`)
    countPayment(gateway.name, 'ignored')
    return { gateway, outcome: 'ignored' }
  }
  const at = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select({ id: payments.id, gateway: payments.gateway, providerRef: payments.providerRef })
      .from(payments)
      .where(eq(payments.id, event.paymentId))
      .for('update')
    if (!payment || payment.gateway !== gateway.name)
      throw refused(gateway.name, `unknown payment ${event.paymentId}`)
    const first = await tx
      .insert(webhookEvents)
      .values({
        gateway: gateway.name,
        eventId: event.eventId,
        paymentId: payment.id,
        kind: event.kind,
        receivedAt: at,
      })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId })
    if (first.length === 0) return 'duplicate' as const
    await apply(tx, event, payment.providerRef, at)
    return 'applied' as const
  })
  // `succeeded`, `failed`, `cancelled`, … once per event; a repeated delivery counts as `duplicate`.
  countPayment(gateway.name, outcome === 'applied' ? event.kind : outcome)
  if (outcome === 'applied' && event.kind === 'approved') await captureApproved(deps, gateway, event)
  return { gateway, outcome }
}

/**
 * The payer approved (PayPal CHECKOUT.ORDER.APPROVED): take the money now, after the commit, in case
 * the shopper never comes back to the return URL (which captures too; the provider's idempotency makes
 * the second capture a no-op). Only a payment still open is captured: one the shop has ended (the
 * shopper cancelled, a newer attempt replaced it) must not take money. The capture's own webhook settles.
 * A failure is logged, not answered: the provider's retry of this event would be a duplicate anyway.
 */
async function captureApproved(deps: GatewayDeps, gateway: PaymentGateway, event: GatewayEvent) {
  if (!gateway.capture) return
  const [payment] = await deps.db
    .select({
      providerRef: payments.providerRef,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
    })
    .from(payments)
    .where(eq(payments.id, event.paymentId))
  if (payment?.status !== PaymentStatus.waitPay) return
  await gateway
    .capture({ paymentId: event.paymentId, ...payment, status: PaymentStatus.waitPay })
    .catch((error: unknown) =>
      log.error({ err: error }, `[webhook] ${gateway.name}: capture of ${event.paymentId} failed`),
    )
}

/** What a verified event does. A paid payment never moves back: the guards are on status 1. */
async function apply(
  tx: Parameters<typeof settle>[0],
  event: GatewayEvent,
  currentRef: string | null,
  at: Date,
): Promise<void> {
  switch (event.kind) {
    case 'succeeded':
      await settle(
        tx,
        {
          paymentId: event.paymentId,
          providerRef: event.providerRef,
          amount: event.amount,
          currency: event.currency,
        },
        at,
      )
      return
    case 'failed':
    case 'cancelled':
      // A failure of an earlier attempt at the provider (a first card declined before the one that
      // is being tried now), reported late, does not end the attempt in progress.
      if (event.providerRef && currentRef && event.providerRef !== currentRef) {
        log.warn(
          `[webhook] ${event.eventId}: ${event.kind} of an older attempt of ${event.paymentId}; ignored`,
        )
        return
      }
      await failPayment(tx, event.paymentId, event.failure ?? event.kind, at)
      return
    case 'pending':
      if (event.transfer) await keepTransfer(tx, event, currentRef, at)
      return
    case 'approved':
      return
  }
}

/**
 * A payment still open now waits for the shopper's bank transfer: its instructions are kept on it for
 * the result page and the order to show, and its purpose holds what it pays for meanwhile (a deposit
 * keeps its order open). Those of an older attempt at the provider are not.
 */
async function keepTransfer(
  tx: Parameters<typeof settle>[0],
  event: GatewayEvent,
  currentRef: string | null,
  at: Date,
) {
  if (event.providerRef && currentRef && event.providerRef !== currentRef) return
  const [awaiting] = await tx
    .update(payments)
    .set({ transfer: event.transfer ?? null, updatedAt: at })
    .where(and(eq(payments.id, event.paymentId), eq(payments.status, PaymentStatus.waitPay)))
    .returning()
  if (awaiting) await purposeOf(awaiting).awaitingTransfer?.(tx, awaiting, at)
}
