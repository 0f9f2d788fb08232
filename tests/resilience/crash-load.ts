import { randomUUID } from 'node:crypto'
import { FIXTURE_ADDRESS } from '../server/support/order-fixture.ts'
import { latestCodeFor } from '../server/support/outbox.ts'
import { CRASH_OPERATOR } from './crash-server.ts'

/**
 * The mixed load of the crash suite: shoppers signing up, changing their carts, placing orders,
 * paying through the sandbox gateway (its signed webhooks), cancelling; an operator running the
 * deadline sweep and refunding paid orders. Every change the server acknowledged (a 2xx answer with
 * the envelope's code 200) is written down in a `Ledger`, so that after a crash the suite can ask the
 * database whether each acknowledged write survived.
 */

/** A product the load orders: in-stock types hold a counted stock; pre-orders (type 1) none. */
export interface LoadProduct {
  id: number
  type: number
}

export interface Shopper {
  email: string
  userId: number
  token: string
  addressId: number
  /** Its own client address (X-Forwarded-For), so the per-client limits never trip. */
  client: string
}

/** What the server acknowledged, and what went wrong on its side. */
export interface Ledger {
  /** Accounts whose registration answered 200, by e-mail address. */
  signUps: Set<string>
  /** Orders createOrder answered with: order id → the shopper's user id. */
  orders: Map<number, number>
  /** Payments a pay call answered with: payment id → order id. */
  payments: Map<string, number>
  /** Payments the server answered as paid (pay/status said 2 after the sandbox's webhook). */
  settled: Set<string>
  /** Payments the server answered as cancelled (pay/status said 4 after a decline). */
  declined: Set<string>
  /** Orders whose cancel answered 200. */
  cancelled: Set<number>
  /** Orders whose refund answered 200. */
  refunded: Set<number>
  /** Deadline sweeps that answered 200. */
  sweeps: number
  /** Requests sent (answered or not). */
  requests: number
  /** Answers with a 5xx status or a 5xx envelope code: a defect of the server, never expected. */
  serverErrors: string[]
}

export function emptyLedger(): Ledger {
  return {
    signUps: new Set(),
    orders: new Map(),
    payments: new Map(),
    settled: new Set(),
    declined: new Set(),
    cancelled: new Set(),
    refunded: new Set(),
    sweeps: 0,
    requests: 0,
    serverErrors: [],
  }
}

interface Envelope<T> {
  code: number
  msg: string
  data: T
}

/** An answer, or undefined when the server did not answer (killed, or refused the connection). */
interface Answer<T> {
  status: number
  body: Envelope<T>
  headers: Headers
}

/**
 * Random choices from a seeded generator: a failing run's seed replays the same choices (the kill
 * moments still fall where the machine's timing puts them).
 */
export class Dice {
  #state: number

  constructor(seed: number) {
    this.#state = seed >>> 0 || 1
  }

  /** 0 ≤ n < 1 (xorshift32). */
  next(): number {
    let x = this.#state
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    this.#state = x >>> 0
    return this.#state / 2 ** 32
  }

  int(from: number, to: number): number {
    return from + Math.floor(this.next() * (to - from + 1))
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('nothing to pick from')
    return item
  }

  chance(p: number): boolean {
    return this.next() < p
  }
}

/** Talks to one server run; every call notes 5xx answers in the ledger. */
export class ShopClient {
  readonly #baseUrl: string
  readonly #ledger: Ledger

  constructor(baseUrl: string, ledger: Ledger) {
    this.#baseUrl = baseUrl
    this.#ledger = ledger
  }

  /** A JSON call; undefined when nothing answered (the server is gone). */
  async call<T>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; client?: string; key?: string } = {},
  ): Promise<Answer<T> | undefined> {
    const headers: Record<string, string> = {}
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.token) headers.token = options.token
    if (options.client) headers['x-forwarded-for'] = options.client
    if (options.key) headers['Idempotency-Key'] = options.key
    this.#ledger.requests += 1
    let response: Response
    try {
      response = await fetch(`${this.#baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      })
    } catch {
      return undefined
    }
    let text: string
    try {
      text = await response.text()
    } catch {
      return undefined // the answer was cut off by the kill
    }
    let body: Envelope<T>
    try {
      body = (text ? JSON.parse(text) : { code: response.status, msg: '', data: null }) as Envelope<T>
    } catch {
      body = { code: response.status, msg: text.slice(0, 200), data: null as T }
    }
    if (response.status >= 500 || body.code >= 500) {
      this.#ledger.serverErrors.push(
        `${method} ${path} → HTTP ${response.status} code ${body.code}: ${body.msg}`,
      )
    }
    return { status: response.status, body, headers: response.headers }
  }

  /** A change the server acknowledged: a 2xx answer whose envelope code is 200. */
  static ok<T>(answer: Answer<T> | undefined): answer is Answer<T> {
    return answer !== undefined && answer.status >= 200 && answer.status < 300 && answer.body.code === 200
  }
}

const PASSWORD = 'Crash.Passw0rd'

/**
 * Signs up through the real calls (a code by mail, then register), saves an address and answers the
 * shopper; undefined when the server went away on the way. The registration is acknowledged in the
 * ledger the moment it answers 200.
 */
export async function signUpShopper(
  shop: ShopClient,
  ledger: Ledger,
  outboxDir: string,
  email: string,
): Promise<Shopper | undefined> {
  const client = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
  const sent = await shop.call('POST', '/api/mall/user/code/email', {
    body: { type: 1, username: email, language: 'zhCn' },
    client,
  })
  if (!ShopClient.ok(sent)) return undefined
  // the mail is written before the answer; a kill between the two leaves no code to read
  const code = await latestCodeFor(outboxDir, email).catch(() => undefined)
  if (!code) return undefined
  const registered = await shop.call<unknown>('POST', '/api/mall/user/register', {
    body: { username: email, password: PASSWORD, nickname: email.split('@')[0], code, language: 'zhCn' },
    client,
  })
  const token = registered?.headers.get('token')
  if (!ShopClient.ok(registered) || !token) return undefined
  ledger.signUps.add(email)
  const info = await shop.call<{ id: number }>('GET', '/api/mall/user/info', { token, client })
  const userId = info?.body.data?.id
  if (!ShopClient.ok(info) || typeof userId !== 'number') return undefined
  const saved = await shop.call<{ id: number }>('POST', '/api/mall/address/save', {
    body: { ...FIXTURE_ADDRESS, acquiescent: 1 },
    token,
    client,
  })
  if (!ShopClient.ok(saved) || !saved.body.data?.id) return undefined
  return { email, userId, token, addressId: saved.body.data.id, client }
}

/** Signs the operator in; undefined when the server went away. */
export async function signInOperator(shop: ShopClient): Promise<string | undefined> {
  const answer = await shop.call('POST', '/api/mall/user/login', {
    body: { username: CRASH_OPERATOR.email, password: CRASH_OPERATOR.password },
    client: '10.255.0.1',
  })
  return (ShopClient.ok(answer) && answer.headers.get('token')) || undefined
}

/** One shopper's next step: mostly orders and payments, some cart churn and cancels. */
export async function shopperStep(
  shop: ShopClient,
  ledger: Ledger,
  dice: Dice,
  shopper: Shopper,
  products: readonly LoadProduct[],
): Promise<void> {
  const as = { token: shopper.token, client: shopper.client }
  const cartIds: number[] = []
  for (let lines = dice.int(1, 2); lines > 0; lines--) {
    const product = dice.pick(products)
    const added = await shop.call<{ cartId: number }>('POST', '/api/mall/cart/addToCart', {
      ...as,
      body: { productId: product.id, productAmount: dice.int(1, 2), productType: product.type },
      key: randomUUID(),
    })
    if (!ShopClient.ok(added)) continue
    if (!cartIds.includes(added.body.data.cartId)) cartIds.push(added.body.data.cartId)
  }
  if (cartIds.length === 0) return
  if (dice.chance(0.15)) {
    // cart churn: change an amount, then drop the line again
    const [cartId] = cartIds
    await shop.call('PUT', `/api/mall/cart/changeNum/${cartId}/1`, { ...as, key: randomUUID() })
    await shop.call('DELETE', '/api/mall/cart/removeFromCart', { ...as, body: { cartIds: [cartId] } })
    return
  }
  const created = await shop.call<{ id: number }>('POST', '/api/mall/order/createOrder', {
    ...as,
    body: { cartLineIds: cartIds },
    key: randomUUID(),
  })
  if (!ShopClient.ok(created)) {
    // out of stock, or the server went away: start the next step from an empty cart
    await shop.call('DELETE', '/api/mall/cart/clearCart', as)
    return
  }
  const orderId = created.body.data.id
  ledger.orders.set(orderId, shopper.userId)

  if (dice.chance(0.2)) {
    const cancelled = await shop.call('POST', `/api/mall/order/cancel/${orderId}`, {
      ...as,
      key: randomUUID(),
    })
    if (ShopClient.ok(cancelled)) ledger.cancelled.add(orderId)
    return
  }
  if (dice.chance(0.1)) return // left unpaid: the payment window's sweep will see it one day
  const route = dice.pick(['card', 'sbps', 'paypal'] as const)
  const path =
    route === 'card'
      ? `/api/mall/order/orderPay/1/${orderId}`
      : route === 'sbps'
        ? `/api/mall/sb_pay/orderPay/1/${orderId}`
        : `/api/mall/paypal/orderPay/${orderId}`
  const paid = await shop.call<{ paymentId: string }>('POST', `${path}?addressId=${shopper.addressId}`, {
    ...as,
    key: randomUUID(),
  })
  if (!ShopClient.ok(paid)) return
  const paymentId = paid.body.data.paymentId
  ledger.payments.set(paymentId, orderId)
  const outcome = dice.chance(0.8) ? 'paid' : 'declined'
  // ?twice=1 now and then: the provider's retry racing its first delivery
  const twice = dice.chance(0.3) ? '?twice=1' : ''
  const pressed = await shop.call('POST', `/api/pay/sandbox/${paymentId}/${outcome}${twice}`)
  if (pressed?.status !== 303) return
  const status = await shop.call<{ status: number }>('GET', `/api/mall/pay/status/${paymentId}`, as)
  if (!ShopClient.ok(status)) return
  if (status.body.data.status === 2) ledger.settled.add(paymentId)
  if (status.body.data.status === 4) ledger.declined.add(paymentId)
}

/** The operator's next step: the deadline sweep, or a refund of an order paid for. */
export async function operatorStep(
  shop: ShopClient,
  ledger: Ledger,
  dice: Dice,
  token: string,
): Promise<void> {
  const as = { token, client: '10.255.0.1' }
  const refundable = [...ledger.settled]
    .map((paymentId) => ledger.payments.get(paymentId))
    .filter((orderId): orderId is number => orderId !== undefined && !ledger.refunded.has(orderId))
  if (refundable.length > 0 && dice.chance(0.5)) {
    const orderId = dice.pick(refundable)
    const refunded = await shop.call('POST', `/api/ops/orders/${orderId}/refund`, {
      ...as,
      body: { reason: 'crash suite' },
    })
    if (ShopClient.ok(refunded)) ledger.refunded.add(orderId)
    return
  }
  const swept = await shop.call('POST', '/api/ops/jobs/deadlines/run', as)
  if (ShopClient.ok(swept)) ledger.sweeps += 1
}
