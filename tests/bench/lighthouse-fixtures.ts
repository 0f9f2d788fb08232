import type { CartLineDto } from '../../src/domain/cart.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import { shopperWithCart } from '../e2e/checkout-steps.ts'
import {
  addHongKongAddress,
  operatorApi,
  packedThroughApi,
  paidArrivedOrder,
  refillCart,
} from '../e2e/packaging-steps.ts'
import { userIdOf } from '../e2e/reminder-steps.ts'
import type { RunningShop } from '../e2e/shop.ts'
import type { Screen } from './lighthouse-scores.ts'

/**
 * The e2e API steps need only a shop's address and mail outbox (none of them opens a browser): a
 * running server seen as that much of a RunningShop.
 */
function apiShop(baseUrl: string, outboxDir: string): RunningShop {
  return { outboxDir, url: (path: string) => `${baseUrl}${path}` } as unknown as RunningShop
}

/** The visitor's screens: home, a list and the page of the first hot product. */
export async function visitorScreens(baseUrl: string): Promise<Screen[]> {
  const hot = (await (await fetch(`${baseUrl}/api/mall/product/hotList?language=zhCn`)).json()) as {
    data: { id: number }[]
  }
  return [{ path: '/' }, { path: '/product-hot/list' }, { path: `/product/${hot.data[0]?.id ?? 1}` }]
}

/**
 * A shopper with something on every signed-in screen, all through the real API (the shop's sandbox
 * pays): an order paid in full, packed into a package (package list); another paid in full, arrived
 * and waiting to be packaged (packaging); an order whose deposit is due (its order page shows the pay
 * panel); a line in the cart; an extra fee charged by the operator. The server needs ADMIN_EMAIL and
 * ADMIN_PASSWORD set to tests/e2e/shop.ts's OPERATOR.
 */
export async function signedInScreens(baseUrl: string, outboxDir: string): Promise<Screen[]> {
  const shop = apiShop(baseUrl, outboxDir)
  const shopper = await shopperWithCart(shop, 'lighthouse@example.com', 'en')
  const { customer } = shopper
  const ops = await operatorApi(shop)
  const packed = await paidArrivedOrder(shop, shopper, ops)
  await packedThroughApi(shopper, ops, [packed], await addHongKongAddress(customer))
  await refillCart(shopper)
  await paidArrivedOrder(shop, shopper, ops)
  await refillCart(shopper)
  const lines = await customer.api<CartLineDto[]>('GET', '/mall/cart/listCart')
  const due = await customer.api<OrderDto>(
    'POST',
    `/mall/order/createOrder?score=0&language=${shopper.language}`,
    { cartLineIds: lines.map((line) => line.cartId) },
    { 'Idempotency-Key': crypto.randomUUID() },
  )
  await refillCart(shopper)
  await ops.api('POST', '/ops/extra-fees', {
    userId: userIdOf(customer),
    type: 2,
    amount: 2400,
    orderIds: [],
    remark: 'Gift wrapping as requested',
  })
  const token = customer.token
  return ['/cart/list', '/order-list/list', `/order/${due.id}`, '/packaging', '/package/list', '/extra'].map(
    (path) => ({ path, token }),
  )
}
