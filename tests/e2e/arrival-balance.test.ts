import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { balanceOwed } from '../../src/domain/arrival.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays, balanceDueDate, lateFee } from '../../src/domain/deadlines.ts'
import type { Language } from '../../src/domain/language.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type { PayRoute } from '../../src/domain/payments.ts'
import { formatYen } from '../../src/domain/price-display.ts'
import { screenshotPath } from './browser.ts'
import {
  eventually,
  filledIn,
  orderDetail,
  paidOrderThroughApi,
  ROUTE_CHOICE,
  type Shopper,
  sandboxPayButton,
  shopperWithCart,
  statusLabel,
  textIn,
  WAIT,
  waitForReturnPage,
  waitForSandboxPage,
} from './checkout-steps.ts'
import { customerPage, operatorPage } from './customer.ts'
import { closeTips } from './reminder-steps.ts'
import { type RunningShop, startShop } from './shop.ts'

/* Arrival and the balance (issue: arrival and balance): the operator books goods in, the sweep charges
 * the late fee, the shopper pays the balance with it. The console speaks Chinese; each shopper flow
 * runs in its own language. */

/** The operator's arrivals screen: finds the order by its number and books it with one date. */
async function bookArrival(ops: Page, shop: RunningShop, orderId: number, arrivedAt: string) {
  await ops.goto(shop.url('/ops/arrivals'))
  await ops.getByRole('heading', { name: '到仓登记', exact: true }).waitFor(WAIT)
  const search = ops.getByRole('form', { name: '查找订单' })
  await search.getByLabel('订单号 / JAN 条码 / 货号').fill(String(orderId))
  await search.getByRole('button', { name: '搜索', exact: true }).click()
  await ops.getByRole('checkbox', { name: `选择订单 ${orderId}`, exact: true }).check(WAIT)
  const booking = ops.getByRole('form', { name: '登记到仓' })
  await booking.getByLabel('到仓日期').fill(arrivedAt)
  await booking.getByRole('button', { name: '登记到仓（1 个订单）', exact: true }).click()
}

/** The operator's "run the deadline sweep now", waiting for its report. */
async function runSweep(ops: Page) {
  await ops.getByRole('button', { name: '立即运行截止日检查', exact: true }).click()
  await ops.getByText('截止日检查已完成', { exact: false }).waitFor(WAIT)
}

/** The balance panel of the order page, and its route choice. */
function balancePanel(page: Page, language: Language) {
  return page.getByRole('region', { name: textIn(language, '支付尾款'), exact: true })
}

async function payBalanceThroughSandbox(
  page: Page,
  language: Language,
  route: PayRoute,
  method: number,
  amount: number,
): Promise<string> {
  const panel = balancePanel(page, language)
  const choice = ROUTE_CHOICE[route]
  await panel
    .getByRole('group', { name: textIn(language, choice.group), exact: true })
    .getByRole('radio', { name: textIn(language, choice.method(method)), exact: true })
    .check(WAIT)
  await panel.getByRole('button', { name: textIn(language, '支付尾款'), exact: true }).click()
  const paymentId = await waitForSandboxPage(page)
  await sandboxPayButton(page, language, amount).click(WAIT)
  await waitForReturnPage(page, '/final-success', paymentId)
  await page.getByText(textIn(language, '尾款已支付'), { exact: true }).waitFor(WAIT)
  return paymentId
}

const today = () => shopDate(new Date()) as string

describe('arrival, the late fee and the balance in a real browser', () => {
  let shop: RunningShop

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'arrival-balance' })
  })
  after(async () => {
    await shop?.close()
  })

  it('books an arrival 35 days back, charges the late fee, and takes it with the balance (en)', async () => {
    const language = 'en'
    const shopper: Shopper = await shopperWithCart(shop, 'late-balance@example.com', language)
    const order = await paidOrderThroughApi(shop, shopper)
    const arrivedAt = addDays(today(), -35)
    const operatorSide = await operatorPage(shop)
    const shopperSide = await customerPage(shop, shopper.customer, language)
    try {
      const ops = operatorSide.page
      await bookArrival(ops, shop, order.id, arrivedAt)
      await ops.getByRole('region', { name: '登记结果' }).getByText(String(order.id)).first().waitFor(WAIT)
      await runSweep(ops)

      const arrived = await eventually(
        () => orderDetail(shopper.customer, order.id),
        (detail) => detail.status === OrderStatus.arrival,
        'the order arrived with a balance due',
      )
      assert.equal(arrived.arrivedAt, arrivedAt)
      assert.equal(arrived.balanceDue, balanceDueDate(arrivedAt))
      assert.equal(arrived.deadlineState, 'overdue')
      // five days past the due date: 2.5 % of the goods, rounded up once
      const fee = lateFee(arrived.goods, balanceDueDate(arrivedAt), today())
      assert.equal(fee, Math.ceil((arrived.goods * 25) / 1000))
      assert.equal(arrived.lateFee, fee)

      // The shopper's list warns of the overdue balance; the order shows the late fee so far.
      const page = shopperSide.page
      await page.goto(shop.url('/order-list/list'))
      await closeTips(page, language)
      const card = page.getByRole('article', {
        name: filledIn(language, '订单号 {id}', order.id),
        exact: true,
      })
      await card.getByText(formatYen(fee, language), { exact: true }).first().waitFor(WAIT)
      await page.getByRole('alert').first().waitFor(WAIT)
      await card.getByRole('link', { name: textIn(language, '支付尾款'), exact: true }).click()
      await page.waitForURL((url) => url.pathname === `/order/${order.id}`, WAIT)
      const banner = page.getByRole('alert').filter({ hasText: formatYen(fee, language) })
      await banner.first().waitFor(WAIT)
      await balancePanel(page, language).waitFor(WAIT)
      await page.screenshot({ path: screenshotPath('balance-overdue'), fullPage: true })

      const amount = balanceOwed(arrived) + fee
      const paymentId = await payBalanceThroughSandbox(page, language, 'card', 1, amount)

      const paid = await eventually(
        () => orderDetail(shopper.customer, order.id),
        (detail) => detail.status === OrderStatus.finalPay,
        'the balance is paid',
      )
      assert.equal(paid.paidAmount, paid.total, 'goods and fees paid in full; the late fee apart')
      const payment = paid.payments.find((entry) => entry.id === paymentId)
      assert.equal(payment?.purpose, 'balance')
      assert.equal(payment?.amount, amount, 'one payment: the balance and the late fee together')

      await page.goto(shop.url(`/order/${order.id}`))
      await page.getByText(statusLabel(language, OrderStatus.finalPay), { exact: true }).first().waitFor(WAIT)
    } finally {
      await shopperSide.context.close()
      await operatorSide.context.close()
    }
  })

  it('books part of an order: the arrived lines become a child the shopper pays on time (ja)', async () => {
    const language = 'ja'
    const shopper = await shopperWithCart(shop, 'part-arrival@example.com', language)
    // a second product, so the order has two lines
    const second = await secondProductInCart(shopper)
    const order = await paidOrderThroughApi(shop, shopper, { wholeCart: true })
    assert.equal(order.lines.length, 2, 'an order of two lines')
    const arrivedLine = order.lines.find((line) => line.productId !== second) ?? order.lines[0]
    assert.ok(arrivedLine)
    const operatorSide = await operatorPage(shop)
    const shopperSide = await customerPage(shop, shopper.customer, language)
    try {
      const ops = operatorSide.page
      await ops.goto(shop.url('/ops/arrivals'))
      await ops.getByRole('heading', { name: '到仓登记', exact: true }).waitFor(WAIT)
      const search = ops.getByRole('form', { name: '查找订单' })
      await search.getByLabel('订单号 / JAN 条码 / 货号').fill(arrivedLine.barcode)
      await search.getByRole('button', { name: '搜索', exact: true }).click()
      await ops.getByRole('button', { name: `订单 ${order.id} 部分到货…`, exact: true }).click(WAIT)
      const dialog = ops.getByRole('dialog')
      await dialog.getByRole('checkbox', { name: arrivedLine.productName, exact: false }).check(WAIT)
      await dialog.getByLabel('到仓日期').fill(addDays(today(), -28))
      await dialog.getByRole('button', { name: '登记到仓', exact: true }).click()

      const parent = await eventually(
        () => orderDetail(shopper.customer, order.id),
        (detail) => detail.status === OrderStatus.split,
        'the order is split',
      )
      assert.equal(parent.children.length, 2)
      const child = parent.children.find((entry) => entry.status === OrderStatus.arrival)
      const waiting = parent.children.find((entry) => entry.status !== OrderStatus.arrival)
      assert.ok(child && waiting, 'one child arrived, the other still waits')
      assert.equal(child.lines[0]?.barcode, arrivedLine.barcode)
      assert.equal(child.deadlineState, 'dueSoon', 'due in two days')
      assert.equal(child.total + waiting.total, parent.total, 'the children add up to the parent')
      assert.equal(child.paidAmount + waiting.paidAmount, parent.paidAmount)

      // The shopper's operable list shows the child with its balance; paying it needs no late fee.
      const page = shopperSide.page
      await page.goto(shop.url(`/order/${child.id}`))
      await closeTips(page, language)
      await page
        .getByRole('status')
        .filter({ hasText: child.balanceDue ?? '' })
        .first()
        .waitFor(WAIT)
      await payBalanceThroughSandbox(page, language, 'paypal', 0, balanceOwed(child))
      await eventually(
        () => orderDetail(shopper.customer, child.id),
        (detail) => detail.status === OrderStatus.finalPay,
        'the child is paid',
      )
      assert.equal((await orderDetail(shopper.customer, waiting.id)).status, waiting.status)
    } finally {
      await shopperSide.context.close()
      await operatorSide.context.close()
    }
  })

  it('shows a balance due soon in the header badge and the order list (zh-CN)', async () => {
    const language = 'zhCn'
    const shopper = await shopperWithCart(shop, 'due-soon@example.com', language)
    const order = await paidOrderThroughApi(shop, shopper)
    const operatorSide = await operatorPage(shop)
    const shopperSide = await customerPage(shop, shopper.customer, language)
    try {
      await bookArrival(operatorSide.page, shop, order.id, addDays(today(), -27))
      await eventually(
        () => orderDetail(shopper.customer, order.id),
        (detail) => detail.status === OrderStatus.arrival,
        'the order arrived',
      )
      const page = shopperSide.page
      await page.goto(shop.url('/order-list/list'))
      await closeTips(page, language)
      const card = page.getByRole('article', {
        name: filledIn(language, '订单号 {id}', order.id),
        exact: true,
      })
      await card.getByText('还剩 3 天', { exact: false }).first().waitFor(WAIT)
      await page.getByRole('status').filter({ hasText: '1 笔尾款待支付' }).first().waitFor(WAIT)
      // the header's total badge counts the balance (read for a screen reader beside the number)
      await page
        .locator('header')
        .getByText('（1 项待处理）', { exact: true })
        .first()
        .waitFor({ ...WAIT, state: 'attached' })
      const counts = await shopper.customer.api<{ count: number; overCount: number }>(
        'GET',
        '/mall/order/finalCount',
      )
      assert.deepEqual(counts, { count: 1, overCount: 0 })
    } finally {
      await shopperSide.context.close()
      await operatorSide.context.close()
    }
  })
})

/** Puts another hot product sold singly in the shopper's cart; answers its id. */
async function secondProductInCart(shopper: Shopper): Promise<number> {
  const hot = await shopper.customer.api<{ list: { id: number; type: number; orderBase: number }[] }>(
    'GET',
    `/mall/product/hotListPage?pageSize=30&language=${shopper.language}`,
  )
  const other = hot.list.find(
    (card) => card.id !== shopper.product.id && card.orderBase === 1 && card.type === shopper.product.type,
  )
  assert.ok(other, 'a second product of the same type')
  await shopper.customer.api('POST', '/mall/cart/addToCart', {
    productId: other.id,
    productAmount: 1,
    productType: other.type,
  })
  return other.id
}
