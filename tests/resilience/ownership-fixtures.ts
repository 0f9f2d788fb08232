import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'
import {
  addresses,
  browsingHistory,
  cartLines,
  favourites,
  payments,
  pushSubscriptions,
  shippingMethods,
  users,
} from '../../server/db/schema.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { insertProducts, productRow, signedInAccount } from '../server/support/catalog-fixture.ts'
import { insertExtraFee } from '../server/support/extra-fee-fixture.ts'
import { insertArrivedOrder, insertWaitPayOrder } from '../server/support/order-fixture.ts'
import { insertPackedPackage } from '../server/support/package-fixture.ts'
import type { TestApp } from '../server/support/test-app.ts'
import type { Kind, OwnedKind } from './ownership-matrix.ts'

/* The shoppers of the ownership matrix and what each holds. */

export interface Shopper {
  token: string
  userId: number
  email: string
}

/** One resource a shopper holds: how the test names it and the value a call takes. */
export interface Holding {
  label: string
  value: number | string
}

/** A shopper's resources by kind; `markers` are values only this shopper's data contains. */
export interface Holdings {
  shopper: Shopper
  byKind: Record<OwnedKind, Holding[]>
  /** The products this shopper has rows of (favourite, history, cart), for the shared product kind. */
  products: Holding[]
  /** The order a secondary order argument takes, by the call's path (a pay call needs 2 waitPay). */
  waitPayOrder: number
  finalPayOrder: number
  markers: string[]
  /** Markers A's own answers show: A's order's goods, A's street, A's fee's remark. */
  probes: { order: string; address: string; fee: string }
  avatar: string | undefined
}

const today = () => shopDate(new Date()) ?? new Date().toISOString().slice(0, 10)

async function insertOwnAddress(db: Db, userId: number, street: string) {
  const [row] = await db
    .insert(addresses)
    .values({
      userId,
      firstName: 'Ada',
      lastName: 'Owner',
      telephone: '+852 5555 0101',
      postCode: '999077',
      country: '中国香港',
      city: '香港',
      address: street,
      isDefault: true,
    })
    .returning({ id: addresses.id })
  if (!row) throw new Error('no address')
  return row.id
}

/** A payment id of the real form (pay_ and 24 letters or digits), so the status call reaches its check. */
const paymentId = () =>
  `pay_${randomBytes(24)
    .toString('base64')
    .replace(/[^0-9A-Za-z]/g, '')
    .padEnd(24, 'x')
    .slice(0, 24)}`

/** A 1×1 GIF (the avatar check reads the first bytes). */
const TINY_GIF = Uint8Array.from([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff,
  0xff, 0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
])

async function uploadAvatar(t: TestApp, token: string): Promise<string | undefined> {
  const form = new FormData()
  form.append('file', new File([TINY_GIF], 'me.gif', { type: 'image/gif' }))
  const response = await t.app.request('/api/mall/user/updateAvatar', {
    method: 'PUT',
    headers: { token },
    body: form,
  })
  const body = (await response.json()) as { code: number; data: { avatar?: string } | null }
  if (body.code !== 200) throw new Error(`avatar refused: ${JSON.stringify(body)}`)
  return body.data?.avatar
}

/**
 * Shopper A: one of each resource, with amounts and texts no one else has (`markers`): orders in
 * 2 waitPay, 5 arrival, 6 finalPay and 9 waitExpressPay (packed), an open payment, an address, a cart
 * line, a favourite and a history row, a packaging request with its package, an unpaid extra fee, a
 * push subscription and an avatar.
 */
export async function ownerHoldings(t: TestApp, email: string, seed: number): Promise<Holdings> {
  const account = await signedInAccount(t, email)
  const shopper = { ...account, email }
  const { userId } = shopper
  const street = `SECRET-${seed} Queen's Road Central`
  const addressId = await insertOwnAddress(t.db, userId, street)
  const goods = {
    waitPay: 86_000 + seed,
    arrival: 77_000 + seed,
    finalPay: 69_000 + seed,
    packed: 58_000 + seed,
  }
  const { orderId: waitPay } = await insertWaitPayOrder(t.db, {
    userId,
    goods: goods.waitPay,
    deposit: 20_000,
  })
  const arrived = await insertArrivedOrder(t.db, {
    userId,
    arrivedAt: today(),
    status: OrderStatus.arrival,
    goods: goods.arrival,
    deposit: 20_000,
  })
  const paid = await insertArrivedOrder(t.db, {
    userId,
    arrivedAt: today(),
    status: OrderStatus.finalPay,
    goods: goods.finalPay,
    deposit: 20_000,
  })
  const packed = await insertPackedPackage(t.db, { userId, packedOn: today(), goods: goods.packed })
  const feeAmount = 43_000 + seed
  const feeId = await insertExtraFee(t.db, { userId, amount: feeAmount, remark: `SECRET-fee-${seed}` })
  const payAmount = 31_000 + seed
  const payment = paymentId()
  const now = new Date()
  await t.db.insert(payments).values({
    id: payment,
    userId,
    purpose: 'deposit',
    target: [waitPay],
    route: 'card',
    method: 1,
    gateway: 'sandbox',
    amount: payAmount,
    status: 1,
    createdAt: now,
    updatedAt: now,
  })
  const [favourite, viewed, inCart] = await insertProducts(t.db, [productRow(), productRow(), productRow()])
  if (!favourite || !viewed || !inCart) throw new Error('no products')
  await t.db.insert(favourites).values({ userId, productId: favourite.id })
  await t.db.insert(browsingHistory).values({ userId, productId: viewed.id })
  const [line] = await t.db
    .insert(cartLines)
    .values({ userId, productId: inCart.id, productAmount: 3, productType: 1 })
    .returning({ id: cartLines.id })
  if (!line) throw new Error('no cart line')
  const endpoint = `https://fcm.googleapis.com/fcm/send/SECRET-push-${seed}`
  await t.db.insert(pushSubscriptions).values({
    userId,
    endpoint,
    p256dh: 'B'.repeat(87),
    auth: 'A'.repeat(22),
  })
  const avatar = await uploadAvatar(t, shopper.token)
  return {
    shopper,
    byKind: {
      order: [
        { label: 'order in 2 waitPay', value: waitPay },
        { label: 'order in 5 arrival', value: arrived.orderId },
        { label: 'order in 6 finalPay', value: paid.orderId },
        { label: 'order in 9 waitExpressPay (packed)', value: packed.orderIds[0] ?? 0 },
      ],
      address: [{ label: 'address', value: addressId }],
      cartLine: [{ label: 'cart line', value: line.id }],
      payment: [{ label: 'open payment', value: payment }],
      package: [{ label: 'package in 3', value: packed.packageId }],
      packageApply: [{ label: 'packaging request (packed)', value: packed.applyId }],
      extraFee: [{ label: 'unpaid extra fee', value: feeId }],
      pushSubscription: [{ label: 'push subscription', value: endpoint }],
    },
    products: [
      { label: 'favourite product', value: favourite.id },
      { label: 'viewed product', value: viewed.id },
      { label: 'product in cart', value: inCart.id },
    ],
    waitPayOrder: waitPay,
    finalPayOrder: paid.orderId,
    markers: [
      email,
      `SECRET-${seed}`,
      `SECRET-fee-${seed}`,
      `SECRET-push-${seed}`,
      ...Object.values(goods).map(String),
      String(feeAmount),
      String(payAmount),
      payment,
      `"${packed.packageNo}"`,
      ...(avatar ? [avatar] : []),
    ],
    probes: { order: String(goods.waitPay), address: `SECRET-${seed}`, fee: `SECRET-fee-${seed}` },
    avatar,
  }
}

/**
 * Shopper B, the caller: an address, an order in 2 waitPay and one in 6 finalPay, a packed package and
 * a cart line, so a call with two id arguments takes B's own id in the one not under test. No extra
 * fees (an unpaid one would refuse B's packaging request for that reason first).
 */
export async function callerHoldings(t: TestApp, email: string, seed: number) {
  const account = await signedInAccount(t, email)
  const shopper: Shopper = { ...account, email }
  const { userId } = shopper
  const addressId = await insertOwnAddress(t.db, userId, `Caller-${seed} Nathan Road`)
  const { orderId: waitPay } = await insertWaitPayOrder(t.db, { userId })
  const paid = await insertArrivedOrder(t.db, { userId, arrivedAt: today(), status: OrderStatus.finalPay })
  const packed = await insertPackedPackage(t.db, { userId, packedOn: today() })
  const [product] = await insertProducts(t.db, [productRow()])
  if (!product) throw new Error('no product')
  const [line] = await t.db
    .insert(cartLines)
    .values({ userId, productId: product.id, productAmount: 1, productType: 1 })
    .returning({ id: cartLines.id })
  if (!line) throw new Error('no cart line')
  const own: Partial<Record<Kind, number | string>> = {
    address: addressId,
    package: packed.packageId,
    packageApply: packed.applyId,
    cartLine: line.id,
  }
  return { shopper, own, waitPayOrder: waitPay, finalPayOrder: paid.orderId }
}

/** The seeded EMS method (migration 0009): an active shipping method for the calls that take one. */
export async function activeShippingMethod(db: Db): Promise<number> {
  const [ems] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(eq(shippingMethods.code, 'ems'))
  if (!ems) throw new Error('no EMS shipping method')
  return ems.id
}

/** The account's avatar URL as stored. */
export async function avatarOf(db: Db, userId: number) {
  const [row] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId))
  return row?.avatar ?? null
}
