import Stripe from 'stripe'
import * as v from 'valibot'
import type { BankTransferDto } from '../../../src/domain/payments.ts'
import type { GatewayEvent } from './gateway.ts'
import { PAYMENT_ID_PATTERN } from './payment-ids.ts'
import { SIGNATURE_TOLERANCE_SECONDS } from './sandbox.ts'

/*
 * Reading Stripe's webhooks (payments-facts 'Stripe'): `Stripe-Signature` checked on the raw bytes by
 * the SDK against the shop's clock, then the event read into what the shop does with it. Checkout's
 * four session events carry the payment; any other event the account sends is recorded as `pending`
 * (changes nothing) when it names one of our payments, and ignored otherwise.
 */

/** What the adapter writes on every Checkout Session (and its PaymentIntent) to find the payment again. */
export const PAYMENT_ID_METADATA = 'paymentId'

const metadataSchema = v.nullish(v.record(v.string(), v.string()))

/** The fields of a Checkout Session the shop reads (Stripe sends many more). */
const sessionSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^cs_[0-9A-Za-z_]{1,200}$/)),
  object: v.literal('checkout.session'),
  amount_total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  currency: v.pipe(v.string(), v.regex(/^[a-z]{3}$/)),
  payment_status: v.string(),
  client_reference_id: v.nullish(v.string()),
  metadata: metadataSchema,
  payment_intent: v.nullish(v.string()),
})

/** Any other object: only its metadata (our payment id) and, where it has them, amount and currency. */
const otherObjectSchema = v.object({
  amount_total: v.nullish(v.pipe(v.number(), v.integer())),
  amount: v.nullish(v.pipe(v.number(), v.integer())),
  currency: v.nullish(v.string()),
  metadata: metadataSchema,
})

const eventSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^evt_[0-9A-Za-z_]{1,190}$/)),
  type: v.pipe(v.string(), v.maxLength(200)),
  data: v.object({ object: v.unknown() }),
})

type SessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'

const SESSION_EVENT_TYPES: readonly string[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] satisfies SessionEventType[]

type Reading =
  | {
      event: GatewayEvent
      /** A session completed awaiting a bank transfer: the PaymentIntent holding the transfer's instructions. */
      transferIntent?: string
    }
  | { refused: string }
  | { ignored: string }

/**
 * Verifies one delivery and reads it. The tolerance (300 s) is measured against `now`, the shop's
 * clock, through the SDK's `receivedAt`; as in the SDK only an old timestamp is refused.
 */
export function readStripeWebhook(
  rawBody: Uint8Array,
  signature: string | null,
  webhookSecret: string,
  now: Date,
): Reading {
  if (!signature) return { refused: 'no signature' }
  let verified: unknown
  try {
    verified = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    )
  } catch (error) {
    return { refused: whyRefused(error) }
  }
  const event = v.safeParse(eventSchema, verified)
  if (!event.success) return { refused: 'malformed body' }
  const { id, type, data } = event.output
  if (SESSION_EVENT_TYPES.includes(type)) {
    const session = v.safeParse(sessionSchema, data.object)
    if (!session.success) return { refused: `malformed ${type}` }
    return readSessionEvent(id, type as SessionEventType, session.output)
  }
  return readOtherEvent(id, type, data.object)
}

function whyRefused(error: unknown): string {
  if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) return 'malformed body'
  if (/tolerance/i.test(error.message)) return 'stale timestamp'
  if (/extract timestamp|expected scheme/i.test(error.message)) return 'malformed signature'
  return 'bad signature'
}

function readSessionEvent(
  eventId: string,
  type: SessionEventType,
  session: v.InferOutput<typeof sessionSchema>,
): Reading {
  const paymentId = session.metadata?.[PAYMENT_ID_METADATA] ?? session.client_reference_id
  if (!paymentId || !PAYMENT_ID_PATTERN.test(paymentId)) return { refused: `${type} without a paymentId` }
  const common = {
    eventId,
    paymentId,
    // JPY is zero-decimal: Stripe's amount is whole yen already.
    amount: session.amount_total,
    currency: session.currency.toUpperCase(),
    providerRef: session.id,
  }
  switch (type) {
    case 'checkout.session.completed': {
      // A bank transfer completes the session before the money arrives: 'unpaid' waits for
      // async_payment_succeeded or _failed, and its PaymentIntent says where to send the money.
      const paid = session.payment_status === 'paid'
      const event: GatewayEvent = { ...common, kind: paid ? 'succeeded' : 'pending', failure: null }
      return !paid && session.payment_intent ? { event, transferIntent: session.payment_intent } : { event }
    }
    case 'checkout.session.async_payment_succeeded':
      return { event: { ...common, kind: 'succeeded', failure: null } }
    case 'checkout.session.async_payment_failed':
      return { event: { ...common, kind: 'failed', failure: 'async_payment_failed' } }
    case 'checkout.session.expired':
      return { event: { ...common, kind: 'cancelled', failure: 'expired' } }
  }
}

/**
 * Any other event (payment_intent.payment_failed of a declined card, which Checkout lets the shopper
 * retry; charge.*; events of other integrations on the account). One naming our payment is recorded
 * and changes nothing; one that does not is about something else on the account: answered 2xx and
 * kept nowhere, since Stripe retries a refused event for days (the README says which events to send).
 */
function readOtherEvent(eventId: string, type: string, object: unknown): Reading {
  const other = v.safeParse(otherObjectSchema, object)
  const paymentId = other.success ? other.output.metadata?.[PAYMENT_ID_METADATA] : undefined
  if (!other.success || !paymentId || !PAYMENT_ID_PATTERN.test(paymentId)) {
    return { ignored: `${type} names no payment` }
  }
  return {
    event: {
      eventId,
      paymentId,
      kind: 'pending',
      amount: other.output.amount_total ?? other.output.amount ?? 0,
      currency: (other.output.currency ?? 'jpy').toUpperCase(),
      providerRef: null,
      failure: null,
    },
  }
}

const optionalText = v.nullish(v.string())

/** A Zengin (Japanese domestic) account, as `financial_addresses[].zengin` carries it. */
const zenginSchema = v.object({
  bank_name: optionalText,
  bank_code: optionalText,
  branch_name: optionalText,
  branch_code: optionalText,
  account_type: optionalText,
  account_number: optionalText,
  account_holder_name: optionalText,
})

/** The part of a PaymentIntent that says where a customer_balance bank transfer goes. */
const transferIntentSchema = v.object({
  next_action: v.nullish(
    v.object({
      type: v.string(),
      display_bank_transfer_instructions: v.nullish(
        v.object({
          amount_remaining: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0))),
          currency: optionalText,
          reference: optionalText,
          financial_addresses: v.nullish(
            v.array(v.object({ type: v.string(), zengin: v.nullish(zenginSchema) })),
          ),
        }),
      ),
    }),
  ),
})

/**
 * The bank transfer a PaymentIntent waits for (`next_action.display_bank_transfer_instructions` with a
 * Zengin address), or null when it waits for none the shop can show. JPY is zero-decimal: the amount
 * remaining is whole yen; without it the session's `amount` is due.
 */
export function bankTransferOf(paymentIntent: unknown, amount: number): BankTransferDto | null {
  const read = v.safeParse(transferIntentSchema, paymentIntent)
  if (!read.success) return null
  const action = read.output.next_action
  const instructions = action?.display_bank_transfer_instructions
  if (action?.type !== 'display_bank_transfer_instructions' || !instructions) return null
  const zengin = instructions.financial_addresses?.find((address) => address.type === 'zengin')?.zengin
  if (!zengin) return null
  return {
    amount: instructions.amount_remaining ?? amount,
    currency: (instructions.currency ?? 'jpy').toUpperCase(),
    reference: instructions.reference ?? null,
    bankName: zengin.bank_name ?? null,
    bankCode: zengin.bank_code ?? null,
    branchName: zengin.branch_name ?? null,
    branchCode: zengin.branch_code ?? null,
    accountType: zengin.account_type ?? null,
    accountNumber: zengin.account_number ?? null,
    accountHolderName: zengin.account_holder_name ?? null,
  }
}
