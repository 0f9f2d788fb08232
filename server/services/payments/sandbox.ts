import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { PaymentStatus } from '../../../src/domain/payment-status.ts'
import {
  type PaymentPurpose,
  payReturnPage,
  type SandboxOutcome,
  type SandboxPaymentDto,
} from '../../../src/domain/payments.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { AppDeps } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema.ts'
import { ApiError, notFound } from '../../http/envelope.ts'
import { log } from '../../observability/log.ts'
import { serverSecret } from '../accounts/server-secrets.ts'
import type { GatewayEvent, PaymentGateway } from './gateway.ts'
import { randomBase62 } from './payment-ids.ts'
import { webhookPath } from './payment-urls.ts'

/*
 * The sandbox gateway (flows §3): a hosted payment page served by the shop (/sandbox-pay/{paymentId})
 * and a "provider" that answers its buttons by sending signed webhooks to the shop's own webhook
 * endpoint over HTTP, exactly as a real provider would. The shop's side (verify, inbox, settle) is the
 * same code path a real provider's webhook takes.
 */

export const SANDBOX_GATEWAY = 'sandbox'
export const SANDBOX_SIGNATURE_HEADER = 'Yoyaku-Signature'
/** How far a webhook's timestamp may be from the shop's clock (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300
/** How long the `delayed` outcome waits before its webhook. */
export const DELAYED_OUTCOME_MS = 3000
const WEBHOOK_PATH = webhookPath(SANDBOX_GATEWAY)
/** Name of the signing key's row in server_secrets: made on first use, shared by every server. */
const SECRET_NAME = 'sandbox-webhook'

const keys = new WeakMap<Db, Promise<Uint8Array>>()

/** The webhook signing key, read once per database. */
export function sandboxKey(db: Db): Promise<Uint8Array> {
  let key = keys.get(db)
  if (!key) {
    key = serverSecret(db, SECRET_NAME)
    key.catch(() => keys.delete(db))
    keys.set(db, key)
  }
  return key
}

const hmacHex = (key: Uint8Array, timestamp: number, rawBody: Uint8Array) =>
  createHmac('sha256', key).update(`${timestamp}.`).update(rawBody).digest('hex')

/** `t=<unix>,v1=<hex HMAC-SHA256 over "<t>.<rawBody>">`, as Stripe-Signature is built. */
export function signSandboxPayload(key: Uint8Array, timestamp: number, rawBody: Uint8Array): string {
  return `t=${timestamp},v1=${hmacHex(key, timestamp, rawBody)}`
}

/** The sandbox's webhook body. */
const sandboxEventSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^evt_[0-9A-Za-z]{1,40}$/)),
  type: v.picklist(['payment.succeeded', 'payment.failed', 'payment.cancelled', 'payment.pending']),
  created: v.pipe(v.number(), v.integer()),
  data: v.object({
    paymentId: v.pipe(v.string(), v.maxLength(40)),
    amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
    currency: v.pipe(v.string(), v.maxLength(3)),
    providerRef: v.nullable(v.pipe(v.string(), v.maxLength(100))),
    failure: v.nullable(v.pipe(v.string(), v.maxLength(100))),
  }),
})
type SandboxEvent = v.InferOutput<typeof sandboxEventSchema>

const KIND_OF_TYPE = {
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.pending': 'pending',
} as const satisfies Record<SandboxEvent['type'], GatewayEvent['kind']>

/** Why a webhook was refused, for the one log line (never sent back: an attacker learns nothing). */
export type VerifyFailure =
  | 'no signature'
  | 'malformed signature'
  | 'stale timestamp'
  | 'bad signature'
  | 'malformed body'

/**
 * Checks a sandbox webhook on its raw bytes: signature header well formed, timestamp within 300 s of
 * the shop's clock, HMAC equal in constant time; only then is the body parsed.
 */
export function verifySandboxWebhook(
  key: Uint8Array,
  rawBody: Uint8Array,
  header: string | null,
  now: Date,
): { event: GatewayEvent } | { refused: VerifyFailure } {
  if (!header) return { refused: 'no signature' }
  const parts = header.split(',').map((part) => part.trim().split('='))
  const timestamp = parts.find(([name]) => name === 't')?.[1]
  const signatures = parts
    .filter(([name, value]) => name === 'v1' && value)
    .map(([, value]) => value as string)
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    return { refused: 'malformed signature' }
  }
  const t = Number(timestamp)
  if (Math.abs(Math.floor(now.getTime() / 1000) - t) > SIGNATURE_TOLERANCE_SECONDS) {
    return { refused: 'stale timestamp' }
  }
  const expected = Buffer.from(hmacHex(key, t, rawBody), 'hex')
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/.test(signature)) return false
    return timingSafeEqual(Buffer.from(signature, 'hex'), expected)
  })
  if (!matches) return { refused: 'bad signature' }
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody))
  } catch {
    return { refused: 'malformed body' }
  }
  const result = v.safeParse(sandboxEventSchema, parsed)
  if (!result.success) return { refused: 'malformed body' }
  const { id, type, data } = result.output
  return {
    event: {
      eventId: id,
      paymentId: data.paymentId,
      kind: KIND_OF_TYPE[type],
      amount: data.amount,
      currency: data.currency,
      providerRef: data.providerRef,
      failure: data.failure,
    },
  }
}

/** The sandbox as a PaymentGateway. Its money is pretend: begin and refund touch nothing outside. */
export function sandboxGateway(deps: Pick<AppDeps, 'db' | 'now'>): PaymentGateway {
  return {
    name: SANDBOX_GATEWAY,
    async begin(attempt) {
      return { redirectUrl: `/sandbox-pay/${attempt.paymentId}`, providerRef: `sbx_${randomBase62(20)}` }
    },
    async verifyWebhook(rawBody, headers) {
      const key = await sandboxKey(deps.db)
      const checked = verifySandboxWebhook(key, rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), deps.now())
      if ('refused' in checked) {
        log.warn(`[webhook] ${SANDBOX_GATEWAY}: refused (${checked.refused})`)
        return null
      }
      return checked.event
    },
    async refund() {
      return { refundRef: `sbx_re_${randomBase62(20)}` }
    },
  }
}

type SandboxPaymentRow = Pick<
  typeof payments.$inferSelect,
  'id' | 'amount' | 'currency' | 'purpose' | 'status' | 'route' | 'method' | 'providerRef'
>

async function sandboxPayment(db: Db, paymentId: string): Promise<SandboxPaymentRow> {
  const [row] = await db
    .select({
      id: payments.id,
      amount: payments.amount,
      currency: payments.currency,
      purpose: payments.purpose,
      status: payments.status,
      route: payments.route,
      method: payments.method,
      providerRef: payments.providerRef,
      gateway: payments.gateway,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
  if (!row || row.gateway !== SANDBOX_GATEWAY) throw notFound('Payment')
  return row
}

/** GET /api/pay/sandbox/{paymentId}: what the hosted page shows. */
export async function readSandboxPayment(db: Db, paymentId: string): Promise<SandboxPaymentDto> {
  const row = await sandboxPayment(db, paymentId)
  return {
    paymentId: row.id,
    amount: row.amount,
    currency: 'JPY',
    purpose: row.purpose,
    status: row.status as PaymentStatus,
    route: row.route,
    method: row.method,
  }
}

export interface OutcomeOptions {
  /** Deliver the webhooks this late, in the background (0: before answering). */
  delayMs: number
  /** Send the final event twice at once (a provider's retry racing its first delivery). */
  twice: boolean
  /** After the final event, send stale ones (pending; for paid, a failed of an older attempt). */
  outOfOrder: boolean
}

const sandboxPage = (paymentId: string) => `/sandbox-pay/${paymentId}`

function returnPage(purpose: PaymentPurpose, outcome: SandboxOutcome, paymentId: string): string {
  const left =
    outcome === 'paid' || outcome === 'delayed' ? 'success' : outcome === 'cancelled' ? 'cancel' : 'error'
  return payReturnPage(purpose, left, paymentId)
}

type EventSpec = Pick<SandboxEvent, 'type'> & { failure: string | null; providerRef: string | null }

function finalEvent(outcome: Exclude<SandboxOutcome, 'confirm'>, providerRef: string | null): EventSpec {
  switch (outcome) {
    case 'paid':
    case 'delayed':
      return { type: 'payment.succeeded', failure: null, providerRef }
    case 'declined':
      return { type: 'payment.failed', failure: 'card_declined', providerRef }
    case 'insufficient':
      return { type: 'payment.failed', failure: 'insufficient_funds', providerRef }
    case 'cancelled':
      return { type: 'payment.cancelled', failure: 'cancelled', providerRef }
  }
}

const inFlight = new Set<Promise<void>>()

/** Resolves when every background delivery (delayed outcomes) has finished; tests wait on it. */
export async function sandboxDeliveriesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight])
}

/**
 * POST /api/pay/sandbox/{paymentId}/{outcome}: the provider's side of a button press. Builds the
 * events, signs them and sends them to the shop over HTTP, then says where the browser goes next
 * (303). Only a payment still awaiting payment takes an outcome (409 otherwise).
 */
export async function sandboxOutcome(
  deps: Pick<AppDeps, 'db' | 'now' | 'payments'>,
  paymentId: string,
  outcome: SandboxOutcome,
  options: OutcomeOptions,
): Promise<{ location: string }> {
  const payment = await sandboxPayment(deps.db, paymentId)
  if (payment.status !== PaymentStatus.waitPay) {
    throw new ApiError(ResultCode.conflict, 'This payment is no longer awaiting payment', {
      status: payment.status,
    })
  }
  // The 3-D Secure stand-in: one more page, whose buttons then post paid or declined.
  if (outcome === 'confirm') return { location: `${sandboxPage(payment.id)}?step=confirm` }

  const final = finalEvent(outcome, payment.providerRef)
  const stale: EventSpec[] = options.outOfOrder
    ? [
        { type: 'payment.pending', failure: null, providerRef: payment.providerRef },
        // An earlier attempt on the same payment (a first card that was declined) reported late.
        ...(final.type === 'payment.succeeded'
          ? [
              {
                type: 'payment.failed' as const,
                failure: 'card_declined',
                providerRef: `sbx_${randomBase62(20)}`,
              },
            ]
          : []),
      ]
    : []
  const deliver = async () => {
    const finalId = `evt_${randomBase62(24)}`
    const sends = options.twice ? [finalId, finalId] : [finalId]
    await Promise.all(sends.map((eventId) => sendEvent(deps, payment, eventId, final)))
    for (const spec of stale) await sendEvent(deps, payment, `evt_${randomBase62(24)}`, spec)
  }
  const delayMs = outcome === 'delayed' ? Math.max(options.delayMs, DELAYED_OUTCOME_MS) : options.delayMs
  if (delayMs > 0) {
    const later = new Promise<void>((resolve) => setTimeout(resolve, delayMs))
      .then(deliver)
      .catch((error: unknown) =>
        log.error({ err: error }, `[sandbox] late delivery for ${payment.id} failed`),
      )
      .finally(() => inFlight.delete(later))
    inFlight.add(later)
  } else {
    // A failed delivery does not change where the browser goes (a real provider redirects regardless):
    // the return page keeps waiting on the payment's status.
    await deliver().catch((error: unknown) =>
      log.error({ err: error }, `[sandbox] delivery for ${payment.id} failed`),
    )
  }
  return { location: returnPage(payment.purpose, outcome, payment.id) }
}

/** Signs one event with the current time and POSTs it to the shop's webhook endpoint. */
async function sendEvent(
  deps: Pick<AppDeps, 'db' | 'now' | 'payments'>,
  payment: SandboxPaymentRow,
  eventId: string,
  spec: EventSpec,
): Promise<void> {
  const created = Math.floor(deps.now().getTime() / 1000)
  const event: SandboxEvent = {
    id: eventId,
    type: spec.type,
    created,
    data: {
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      providerRef: spec.providerRef,
      failure: spec.failure,
    },
  }
  const body = new TextEncoder().encode(JSON.stringify(event))
  const key = await sandboxKey(deps.db)
  const response = await fetch(`${deps.payments.selfUrl()}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(key, created, body),
    },
    body,
  })
  // The shop's answer matters to a provider only as "retry or not"; the sandbox does not retry.
  await response.arrayBuffer()
  if (!response.ok) log.warn(`[sandbox] webhook ${eventId} (${spec.type}) answered ${response.status}`)
}
