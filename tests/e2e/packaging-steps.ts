import assert from 'node:assert/strict'
import type { AddressDto, AddressInput } from '../../src/domain/address.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDetailDto } from '../../src/domain/orders.ts'
import type { PackAnswer, PackageApplyDto } from '../../src/domain/packaging.ts'
import type { PayAnswer } from '../../src/domain/payments.ts'
import { eventually, orderDetail, paidOrderThroughApi, type Shopper } from './checkout-steps.ts'
import type { Customer } from './customer.ts'
import { OPERATOR, type RunningShop } from './shop.ts'

/* API steps for the packaging and shipping browser tests: what happens before the screens under test. */

/** A delivery address in Hong Kong: EMS zone 2, every Japan Post method serves it (the US is courier only). */
export const HONG_KONG_ADDRESS: AddressInput = {
  firstName: 'Kiku',
  lastName: 'Hoshino',
  nameEn: 'Kiku Hoshino',
  telephone: '+852 2345 6789',
  postCode: '999077',
  country: '中国香港',
  countryEn: 'Hong Kong',
  province: '香港岛',
  provinceEn: 'Hong Kong Island',
  city: '香港',
  cityEn: 'Hong Kong',
  district: '中西区',
  districtEn: 'Central and Western',
  shopName: null,
  shopNameEn: null,
  address: '皇后大道中 88 号 12 楼',
  addressEn: '12/F, 88 Queen’s Road Central',
  acquiescent: 0,
  isBill: 0,
}

/** The operator's side of the API (the console's calls), signed in with OPERATOR's password. */
export async function operatorApi(shop: RunningShop): Promise<Customer> {
  const response = await fetch(shop.url('/api/mall/user/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: OPERATOR.email, password: OPERATOR.password }),
  })
  const token = response.headers.get('token')
  assert.ok(token, 'the operator signs in')
  return {
    email: OPERATOR.email,
    token,
    async api<T>(method: string, path: string, body?: unknown): Promise<T> {
      const answer = await fetch(shop.url(`/api${path}`), {
        method,
        headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const envelope = (await answer.json()) as { code: number; msg: string; data: T }
      assert.equal(envelope.code, 200, `${method} ${path}: ${envelope.msg}`)
      return envelope.data
    },
  }
}

export const today = () => shopDate(new Date()) as string

/** Presses the sandbox's button for a payment as the browser would. */
async function pressSandboxPaid(shop: RunningShop, paymentId: string): Promise<void> {
  const pressed = await fetch(shop.url(`/api/pay/sandbox/${encodeURIComponent(paymentId)}/paid`), {
    method: 'POST',
    redirect: 'manual',
  })
  assert.equal(pressed.status, 303, 'the sandbox sends the browser back to the shop')
}

/**
 * An order paid in full and waiting in the warehouse (6 finalPay): deposit paid, booked as arrived on
 * `arrivedAt` by the operator, balance paid through the sandbox. All through the API.
 */
export async function paidArrivedOrder(
  shop: RunningShop,
  shopper: Shopper,
  ops: Customer,
  arrivedAt = today(),
): Promise<OrderDetailDto> {
  const order = await paidOrderThroughApi(shop, shopper)
  await ops.api('POST', `/ops/orders/${order.id}/arrival`, { arrivedAt })
  const arrived = await orderDetail(shopper.customer, order.id)
  if (arrived.status === OrderStatus.finalPay) return arrived
  assert.equal(arrived.status, OrderStatus.arrival)
  const payment = await shopper.customer.api<PayAnswer>(
    'POST',
    `/mall/order/finallyPay/1/${order.id}?score=0`,
    undefined,
    { 'Idempotency-Key': crypto.randomUUID() },
  )
  await pressSandboxPaid(shop, payment.paymentId)
  return eventually(
    () => orderDetail(shopper.customer, order.id),
    (detail) => detail.status === OrderStatus.finalPay,
    'the balance is paid',
  )
}

/** Puts the shopper's product in the cart again, so another order can be placed. */
export async function refillCart(shopper: Shopper): Promise<void> {
  await shopper.customer.api('POST', '/mall/cart/addToCart', {
    productId: shopper.product.id,
    productAmount: 1,
    productType: shopper.product.type,
  })
}

/** Adds the Hong Kong address to the shopper's book. */
export function addHongKongAddress(customer: Customer): Promise<AddressDto> {
  return customer.api<AddressDto>('POST', '/mall/address/save', HONG_KONG_ADDRESS)
}

/** The shopper requests packaging, the operator picks and packs every line into one box: all through the API. */
export async function packedThroughApi(
  shopper: Shopper,
  ops: Customer,
  orders: OrderDetailDto[],
  address: AddressDto,
  box = { weightG: 850, lengthMm: 250, widthMm: 180, heightMm: 120 },
): Promise<PackAnswer> {
  const apply = await shopper.customer.api<PackageApplyDto>('POST', '/mall/package_apply/apply', {
    orderIds: orders.map((order) => order.id),
    addressId: address.id,
  })
  await ops.api('POST', `/ops/package-applies/${apply.id}/picked`)
  return ops.api<PackAnswer>('POST', `/ops/package-applies/${apply.id}/pack`, {
    boxes: [{ ...box, lineIds: apply.lines.map((line) => line.id) }],
  })
}
