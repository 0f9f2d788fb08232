import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { screenshotPath } from './browser.ts'
import {
  eventually,
  filledIn,
  orderDetail,
  paidOrderThroughApi,
  shopperWithCart,
  statusLabel,
  WAIT,
} from './checkout-steps.ts'
import { customerPage, operatorPage } from './customer.ts'
import { type RunningShop, startShop } from './shop.ts'

describe('the operator console in a real browser', () => {
  let shop: RunningShop

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'ops-console' })
  })
  after(async () => {
    await shop?.close()
  })

  it('finds a paid order and marks it ordered; the shopper sees it after a reload', async () => {
    const language = 'ja'
    const shopper = await shopperWithCart(shop, 'ops-shopper@example.com', language)
    const order = await paidOrderThroughApi(shop, shopper)
    const shopperSide = await customerPage(shop, shopper.customer, language)
    const operatorSide = await operatorPage(shop)
    try {
      const shopperPage = shopperSide.page
      await shopperPage.goto(shop.url(`/order/${order.id}`))
      const heading = shopperPage.getByRole('heading', {
        level: 1,
        name: filledIn(language, '订单 {id}', order.id),
      })
      await heading.waitFor(WAIT)
      const shopperOrder = shopperPage.getByRole('article', {
        name: filledIn(language, '订单 {id}', order.id),
      })
      await shopperOrder
        .getByText(statusLabel(language, OrderStatus.waitOrder), { exact: true })
        .waitFor(WAIT)

      // The operator finds the order by its number and opens it.
      const ops = operatorSide.page
      const filters = ops.getByRole('form', { name: '筛选订单' })
      await filters.getByLabel('订单状态').selectOption(String(OrderStatus.waitOrder))
      await filters.getByLabel('订单号').fill(String(order.id))
      await filters.getByRole('button', { name: '搜索', exact: true }).click()
      await ops.waitForURL((url) => url.searchParams.get('orderId') === String(order.id), WAIT)
      const rows = ops.getByRole('table', { name: '订单列表' }).getByRole('row')
      await rows.filter({ hasText: shopper.customer.email }).waitFor(WAIT)
      // the header and the one order (the list may still be swapping in the filtered answer)
      await eventually(
        () => rows.count(),
        (count) => count === 2,
        'one order found',
      )
      await ops.getByRole('link', { name: `查看订单 ${order.id}`, exact: true }).click()
      await ops.waitForURL((url) => url.pathname === `/ops/orders/${order.id}`, WAIT)
      const detail = ops.getByRole('article', { name: `订单 ${order.id}` })
      await detail
        .getByText(statusLabel('zhCn', OrderStatus.waitOrder), { exact: true })
        .first()
        .waitFor(WAIT)
      await detail.getByText(shopper.customer.email).first().waitFor()

      await detail.getByRole('button', { name: '标记为已向厂家下单', exact: true }).click()
      const confirm = ops.getByRole('dialog', { name: '标记为已向厂家下单？' })
      await confirm.getByRole('button', { name: '确认下单', exact: true }).click()
      await detail.getByText(`订单 ${order.id} 已标记为已向厂家下单。`).waitFor(WAIT)
      await detail.getByText(statusLabel('zhCn', OrderStatus.order), { exact: true }).first().waitFor(WAIT)
      assert.equal(
        await detail.getByRole('button', { name: '标记为已向厂家下单', exact: true }).count(),
        0,
        'an order already ordered cannot be marked again',
      )
      await ops.screenshot({ path: screenshotPath('ops-order-detail'), fullPage: true })
      assert.equal((await orderDetail(shopper.customer, order.id)).status, OrderStatus.order)

      // The shopper's page says so after a reload, on the order and in the list.
      await shopperPage.reload()
      await shopperOrder.getByText(statusLabel(language, OrderStatus.order), { exact: true }).waitFor(WAIT)
      await shopperPage.goto(shop.url('/order-list/list'))
      await shopperPage
        .getByRole('article', { name: filledIn(language, '订单号 {id}', order.id), exact: true })
        .getByText(statusLabel(language, OrderStatus.order), { exact: true })
        .waitFor(WAIT)
    } finally {
      await shopperSide.context.close()
      await operatorSide.context.close()
    }
  })

  it('keeps a customer out of the console', async () => {
    const shopper = await shopperWithCart(shop, 'ops-curious@example.com', 'zhCn')
    const { context, page } = await customerPage(shop, shopper.customer, 'zhCn')
    try {
      await page.goto(shop.url('/ops/orders'))
      await page.getByText('没有权限访问运营后台').waitFor(WAIT)
      assert.equal(await page.getByRole('heading', { name: '订单管理' }).count(), 0, 'no operator page')
      const refused = await fetch(shop.url('/api/ops/orders'), { headers: { token: shopper.customer.token } })
      assert.equal(refused.status, 403)
    } finally {
      await context.close()
    }
  })
})
