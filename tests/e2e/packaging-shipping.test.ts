import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import type { Language } from '../../src/domain/language.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDetailDto } from '../../src/domain/orders.ts'
import type { PackageDto, PackageNotifyCountDto, ShippingOptionDto } from '../../src/domain/packaging.ts'
import type { PayRoute } from '../../src/domain/payments.ts'
import { s10CheckDigit } from '../../src/domain/shipping.ts'
import { screenshotPath } from './browser.ts'
import {
  eventually,
  filledIn,
  orderDetail,
  ROUTE_CHOICE,
  type Shopper,
  sandboxPayButton,
  shopperWithCart,
  textIn,
  WAIT,
  waitForReturnPage,
  waitForSandboxPage,
} from './checkout-steps.ts'
import { type Customer, customerPage, operatorPage } from './customer.ts'
import {
  addHongKongAddress,
  operatorApi,
  packedThroughApi,
  paidArrivedOrder,
  refillCart,
} from './packaging-steps.ts'
import { closeTips } from './reminder-steps.ts'
import { type RunningShop, startShop } from './shop.ts'

/* Packaging and shipping (issue: packaging and shipping): paid goods in the warehouse are requested
 * for packaging, picked and packed into boxes in the console, each box's shipping fee paid through a
 * sandbox route, shipped with a checked tracking number the shopper then sees. The console speaks
 * Chinese; each shopper flow runs in its own language. */

type Page_<T> = { list: T[]; total: number }

async function packagesOf(customer: Customer, applyId?: number): Promise<PackageDto[]> {
  const query = applyId === undefined ? '' : `&applyId=${applyId}`
  const page = await customer.api<Page_<PackageDto>>('GET', `/mall/package/list?pageSize=50${query}`)
  return page.list.sort((a, b) => a.id - b.id)
}

async function optionsOf(customer: Customer, packageId: number): Promise<ShippingOptionDto[]> {
  return customer.api<ShippingOptionDto[]>('GET', `/mall/package/shippingCost/${packageId}`)
}

/** A valid Japan Post number (UPU S10) for a prefix and eight digits. */
function japanPostNumber(prefix: string, serial: string): string {
  return `${prefix}${serial}${s10CheckDigit(serial)}JP`
}

/**
 * On /shipping for a package: picks the method (by a word of its name), the route and type, pays
 * through the sandbox page and lands on /express-success. Answers the payment id.
 */
async function payShippingFee(
  page: Page,
  language: Language,
  choice: { method: string; fee: number; route: PayRoute; type: number },
): Promise<string> {
  await page
    .getByRole('group', { name: textIn(language, '选择运输方式'), exact: true })
    .locator('label')
    .filter({ hasText: choice.method })
    .getByRole('radio')
    .check(WAIT)
  const route = ROUTE_CHOICE[choice.route]
  await page
    .getByRole('group', { name: textIn(language, route.group), exact: true })
    .getByRole('radio', { name: textIn(language, route.method(choice.type)), exact: true })
    .check(WAIT)
  await page.getByRole('button', { name: textIn(language, '支付运费'), exact: true }).click()
  const paymentId = await waitForSandboxPage(page)
  await sandboxPayButton(page, language, choice.fee).click(WAIT)
  await waitForReturnPage(page, '/express-success', paymentId)
  await page.getByText(textIn(language, '运费已支付'), { exact: true }).first().waitFor(WAIT)
  return paymentId
}

/** The console's ship dialog for a package: carrier as preset from the paid method, the number typed. */
async function shipInConsole(ops: Page, shop: RunningShop, packageNo: string, trackingNo: string) {
  await ops.goto(shop.url('/ops/packages'))
  await ops.getByRole('button', { name: `发货：包裹 ${packageNo}`, exact: true }).click(WAIT)
  const dialog = ops.getByRole('dialog')
  await dialog.getByLabel('运单号').fill(trackingNo)
  await dialog.getByRole('button', { name: '确认发货', exact: true }).click()
  await dialog.waitFor({ ...WAIT, state: 'detached' })
}

async function ordersReach(customer: Customer, orders: OrderDetailDto[], status: OrderStatus, what: string) {
  for (const order of orders) {
    await eventually(
      () => orderDetail(customer, order.id),
      (detail) => detail.status === status,
      `${what} (order ${order.id})`,
    )
  }
}

describe('packaging and shipping in a real browser', () => {
  let shop: RunningShop

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'packaging-shipping' })
  })
  after(async () => {
    await shop?.close()
  })

  it('two paid orders are requested, packed into two boxes, paid per box and shipped with tracking (en)', async () => {
    const language = 'en'
    const shopper: Shopper = await shopperWithCart(shop, 'two-boxes@example.com', language)
    const ops = await operatorApi(shop)
    const hongKong = await addHongKongAddress(shopper.customer)
    const first = await paidArrivedOrder(shop, shopper, ops)
    await refillCart(shopper)
    const second = await paidArrivedOrder(shop, shopper, ops)
    const orders = [first, second]

    const operatorSide = await operatorPage(shop)
    const shopperSide = await customerPage(shop, shopper.customer, language)
    try {
      // The shopper asks for both orders to be packed together, to Hong Kong, preferring EMS.
      const page = shopperSide.page
      await page.goto(shop.url('/packaging'))
      await closeTips(page, language)
      const form = page.getByRole('form', { name: textIn(language, '打包申请'), exact: true })
      for (const order of orders) {
        await form
          .getByRole('checkbox', { name: filledIn(language, '订单号 {id}', order.id), exact: true })
          .check(WAIT)
      }
      await form
        .getByRole('group', { name: textIn(language, '选择收货地址'), exact: true })
        .locator('label')
        .filter({ hasText: hongKong.telephone })
        .getByRole('radio')
        .check(WAIT)
      await form
        .getByRole('group', { name: textIn(language, '首选运输方式（可选）'), exact: true })
        .locator('label')
        .filter({ hasText: 'EMS' })
        .getByRole('radio')
        .check(WAIT)
      await page.screenshot({ path: screenshotPath('packaging-request'), fullPage: true })
      await form.getByRole('button', { name: textIn(language, '提交打包申请'), exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/package-apply-success', WAIT)
      const applyId = Number(new URL(page.url()).searchParams.get('applyId'))
      assert.ok(applyId > 0, 'the success page names the application')
      await page.getByText(textIn(language, '打包申请已提交'), { exact: true }).first().waitFor(WAIT)
      await ordersReach(shopper.customer, orders, OrderStatus.waitOut, 'requested for packaging')

      // The operator ticks every line off, marks the request picked and packs one order per box.
      const console_ = operatorSide.page
      await console_.goto(shop.url('/ops/packing'))
      await console_.getByRole('link', { name: `处理申请 ${applyId}`, exact: true }).click(WAIT)
      const picks = console_.getByRole('checkbox', { name: /^已拣：/ })
      await picks.first().waitFor(WAIT)
      assert.equal(await picks.count(), 2, 'one line per order')
      for (let i = 0; i < 2; i++) await picks.nth(i).check()
      await console_.getByRole('button', { name: '标记已拣货', exact: true }).click()
      await console_.getByRole('button', { name: '打包', exact: true }).click(WAIT)
      const dialog = console_.getByRole('dialog', { name: `打包申请 ${applyId}` })
      await dialog.getByRole('button', { name: '添加箱子', exact: true }).click()
      const sizes = [
        { weight: '1234', length: '300', width: '200', height: '150' },
        { weight: '640', length: '250', width: '180', height: '100' },
      ]
      for (const [index, size] of sizes.entries()) {
        const box = dialog.getByRole('group', { name: `箱子 ${index + 1}`, exact: true })
        await box.getByLabel('重量').fill(size.weight)
        await box.getByLabel('长').fill(size.length)
        await box.getByLabel('宽').fill(size.width)
        await box.getByLabel('高').fill(size.height)
      }
      const boxSelects = dialog.getByRole('combobox', { name: /放入的箱子$/ })
      await boxSelects.nth(0).selectOption({ label: '箱子 1' })
      await boxSelects.nth(1).selectOption({ label: '箱子 2' })
      await dialog.getByRole('button', { name: '确认打包', exact: true }).click()
      await dialog.waitFor({ ...WAIT, state: 'detached' })
      await ordersReach(shopper.customer, orders, OrderStatus.waitExpressPay, 'packed, shipping fee due')

      const packages = await eventually(
        () => packagesOf(shopper.customer, applyId),
        (list) => list.length === 2,
        'two packages',
      )
      assert.deepEqual(
        packages.map((box) => box.weightG),
        [1234, 640],
      )
      assert.equal(
        packages.reduce((sum, box) => sum + box.amount, 0),
        first.total + second.total,
        'the boxes hold the goods of both orders',
      )
      const counts = await shopper.customer.api<PackageNotifyCountDto>(
        'GET',
        '/mall/package_apply/notifyCount',
      )
      assert.equal(counts.count, 2, 'two shipping fees due')

      // The shopper sees both packages and pays each with a method of their choice.
      await page.goto(shop.url('/package/list'))
      for (const box of packages) {
        await page
          .getByRole('article', {
            name: filledIn(language, '包裹号 {packageNo}', box.packageNo),
            exact: true,
          })
          .waitFor(WAIT)
      }
      await page.screenshot({ path: screenshotPath('packages-to-pay'), fullPage: true })
      const [emsBox, lightBox] = packages as [PackageDto, PackageDto]
      const emsFee = (await optionsOf(shopper.customer, emsBox.id)).find((option) =>
        option.name.en.startsWith('EMS'),
      )
      const lightFee = (await optionsOf(shopper.customer, lightBox.id)).find(
        (option) => option.name.en === 'ePacket Light',
      )
      assert.ok(emsFee?.fee && lightFee?.fee, 'EMS and ePacket Light can carry the boxes to Hong Kong')
      assert.equal(emsFee.billedWeightG, 1250, 'EMS bills 1,234 g in its 1,250 g band')

      await page
        .getByRole('article', {
          name: filledIn(language, '包裹号 {packageNo}', emsBox.packageNo),
          exact: true,
        })
        .getByRole('link', { name: textIn(language, '支付运费'), exact: true })
        .click()
      await page.waitForURL((url) => url.pathname === '/shipping', WAIT)
      await payShippingFee(page, language, { method: 'EMS', fee: emsFee.fee, route: 'card', type: 1 })

      await page.goto(shop.url(`/shipping?packageId=${lightBox.id}&applyId=${applyId}`))
      await payShippingFee(page, language, {
        method: 'ePacket Light',
        fee: lightFee.fee,
        route: 'paypal',
        type: 0,
      })
      await ordersReach(shopper.customer, orders, OrderStatus.waitSend, 'shipping fees paid')
      const paid = await packagesOf(shopper.customer, applyId)
      assert.deepEqual(
        paid.map((box) => box.shippingCost),
        [emsFee.fee, lightFee.fee],
      )

      // The operator ships both boxes with valid numbers; the shopper sees them.
      const emsNumber = 'EJ123456785JP'
      const lightNumber = japanPostNumber('LX', '20261123')
      await shipInConsole(console_, shop, emsBox.packageNo, emsNumber)
      await shipInConsole(console_, shop, lightBox.packageNo, lightNumber)
      await ordersReach(shopper.customer, orders, OrderStatus.send, 'shipped')

      await page.goto(shop.url(`/package/product/${applyId}/${emsBox.id}`))
      await page.getByText(emsNumber, { exact: true }).first().waitFor(WAIT)
      const carrierLink = page.getByRole('link', {
        name: textIn(language, '到承运商网站查询物流'),
        exact: true,
      })
      assert.match((await carrierLink.getAttribute('href')) ?? '', /japanpost\.jp.*EJ123456785JP/)
      await page.screenshot({ path: screenshotPath('package-tracking'), fullPage: true })
    } finally {
      await shopperSide.context.close()
      await operatorSide.context.close()
    }
  })

  it('to the United States only the courier is offered; the box is paid by SB Payment and tracked by DHL (ja)', async () => {
    const language = 'ja'
    const shopper = await shopperWithCart(shop, 'courier-only@example.com', language)
    const ops = await operatorApi(shop)
    const order = await paidArrivedOrder(shop, shopper, ops)
    const shopperSide = await customerPage(shop, shopper.customer, language)
    try {
      // Requesting packaging to the US: Japan Post methods are shown unavailable, DHL is offered.
      const page = shopperSide.page
      await page.goto(shop.url('/packaging'))
      await closeTips(page, language)
      const form = page.getByRole('form', { name: textIn(language, '打包申请'), exact: true })
      await form
        .getByRole('checkbox', { name: filledIn(language, '订单号 {id}', order.id), exact: true })
        .check(WAIT)
      const methods = form.getByRole('group', { name: textIn(language, '首选运输方式（可选）'), exact: true })
      const ems = methods.locator('label').filter({ hasText: 'EMS' }).getByRole('radio')
      await ems.waitFor(WAIT)
      assert.equal(await ems.isDisabled(), true, 'EMS does not go to the US')
      await methods.locator('label').filter({ hasText: 'DHL' }).getByRole('radio').check()
      await form.getByRole('button', { name: textIn(language, '提交打包申请'), exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/package-apply-success', WAIT)
      const applyId = Number(new URL(page.url()).searchParams.get('applyId'))

      await ops.api('POST', `/ops/package-applies/${applyId}/picked`)
      const apply = await ops.api<{ lines: { id: number }[] }>('GET', `/ops/package-applies/${applyId}`)
      await ops.api('POST', `/ops/package-applies/${applyId}/pack`, {
        boxes: [
          {
            weightG: 900,
            lengthMm: 400,
            widthMm: 300,
            heightMm: 300,
            lineIds: apply.lines.map((line) => line.id),
          },
        ],
      })
      const [box] = await packagesOf(shopper.customer, applyId)
      assert.ok(box)
      // 40 × 30 × 30 cm / 5000 = 7.2 kg: DHL bills the volume, rounded up to 7.5 kg
      assert.equal(box.billedWeightG, 7_500)
      const options = await optionsOf(shopper.customer, box.id)
      const dhl = options.find((option) => option.carrier === 'dhl')
      assert.ok(dhl?.available && dhl.fee)
      assert.ok(
        options.filter((option) => option.carrier === 'japanpost').every((option) => !option.available),
        'no Japan Post method to the US',
      )

      await page.goto(shop.url(`/shipping?packageId=${box.id}&applyId=${applyId}`))
      const emsOption = page
        .getByRole('group', { name: textIn(language, '选择运输方式'), exact: true })
        .locator('label')
        .filter({ hasText: 'EMS' })
      await emsOption.waitFor(WAIT)
      assert.equal(await emsOption.getByRole('radio').isDisabled(), true)
      await page.screenshot({ path: screenshotPath('shipping-courier-only'), fullPage: true })
      await payShippingFee(page, language, { method: 'DHL', fee: dhl.fee, route: 'sbps', type: 1 })
      await eventually(
        () => orderDetail(shopper.customer, order.id),
        (detail) => detail.status === OrderStatus.waitSend,
        'the fee is paid',
      )

      // Before shipping the detail says the number is awaited; after, it shows the DHL waybill.
      await page.goto(shop.url(`/package/product/${applyId}/${box.id}`))
      await page.getByText(textIn(language, '等待更新运单号'), { exact: true }).first().waitFor(WAIT)
      await ops.api('POST', `/ops/packages/${box.id}/ship`, { carrier: 'dhl', trackingNo: '3318810025' })
      await page.reload()
      await page.getByText('3318810025', { exact: true }).first().waitFor(WAIT)
      const link = page.getByRole('link', { name: textIn(language, '到承运商网站查询物流'), exact: true })
      assert.match((await link.getAttribute('href')) ?? '', /dhl\.com.*3318810025/)
    } finally {
      await shopperSide.context.close()
    }
  })

  it('shows what waits on the shopper: packaging to request and a shipping fee to pay, in the badges and banners (zh-CN)', async () => {
    const language = 'zhCn'
    const shopper = await shopperWithCart(shop, 'waiting-boxes@example.com', language)
    const ops = await operatorApi(shop)
    const hongKong = await addHongKongAddress(shopper.customer)
    const packed = await paidArrivedOrder(shop, shopper, ops)
    await refillCart(shopper)
    const waiting = await paidArrivedOrder(shop, shopper, ops)
    const answer = await packedThroughApi(shopper, ops, [packed], hongKong)
    const [box] = answer.packages
    assert.ok(box)
    const shopperSide = await customerPage(shop, shopper.customer, language)
    try {
      const page = shopperSide.page
      await page.goto(shop.url('/packaging'))
      await closeTips(page, language)
      // one order waits for its packaging request, one box for its fee
      await page.getByRole('checkbox', { name: `订单号 ${waiting.id}`, exact: true }).waitFor(WAIT)
      assert.equal(await page.getByRole('checkbox', { name: `订单号 ${packed.id}`, exact: true }).count(), 0)
      await page
        .locator('header')
        .getByText('（2 项待处理）', { exact: true })
        .first()
        .waitFor({ ...WAIT, state: 'attached' })

      await page.goto(shop.url('/package/list'))
      const card = page.getByRole('article', { name: `包裹号 ${box.packageNo}`, exact: true })
      await card.getByRole('link', { name: '支付运费', exact: true }).waitFor(WAIT)
      await page.getByRole('status').filter({ hasText: '运费' }).first().waitFor(WAIT)
      await page.screenshot({ path: screenshotPath('package-fee-due'), fullPage: true })

      await page.goto(shop.url(`/package/product/${answer.apply.id}/${box.id}`))
      await page.getByText('等待更新运单号', { exact: true }).first().waitFor(WAIT)
      const counts = await shopper.customer.api<PackageNotifyCountDto>(
        'GET',
        '/mall/package_apply/notifyCount',
      )
      assert.deepEqual(counts, { applyCount: 1, applyOverCount: 0, count: 1, overCount: 0, badgeCount: 1 })
    } finally {
      await shopperSide.context.close()
    }
  })
})
