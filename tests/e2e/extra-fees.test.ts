import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { ExtraFeeStatus } from '../../src/domain/extra-fee.ts'
import type { ExtraFeeDto, ExtraPayCountDto, OpsExtraFeeDto } from '../../src/domain/extras.ts'
import type { Language } from '../../src/domain/language.ts'
import type { PayRoute } from '../../src/domain/payments.ts'
import { formatYen } from '../../src/domain/price-display.ts'
import type { Page as ListPage } from '../../src/domain/queries.ts'
import { screenshotPath } from './browser.ts'
import {
  filledIn,
  ROUTE_CHOICE,
  sandboxPayButton,
  textIn,
  WAIT,
  waitForReturnPage,
  waitForSandboxPage,
} from './checkout-steps.ts'
import { customerPage, operatorPage, signUpCustomer } from './customer.ts'
import { operatorApi } from './packaging-steps.ts'
import { pluralIn, userIdOf } from './reminder-steps.ts'
import { type RunningShop, startShop } from './shop.ts'

/* Extra fees (issue 17): the operator charges a shopper a free-form fee; the shopper hears of it
 * (tips dialog, header badge, the avatar menu), pays it on /extra through a sandbox route, and the
 * badge goes; the console lists it as paid. The console speaks Chinese; each shopper flow runs in its
 * own language. */

interface FeeCase {
  language: Language
  email: string
  amount: number
  remark: string
  route: PayRoute
  method: number
}

const CASES: FeeCase[] = [
  {
    language: 'en',
    email: 'extra-card@example.com',
    amount: 2400,
    remark: 'Gift wrapping as requested',
    route: 'card',
    method: 1,
  },
  {
    language: 'zhCn',
    email: 'extra-paypal@example.com',
    amount: 1350,
    remark: '加固包装（顾客要求）',
    route: 'paypal',
    method: 0,
  },
]

/** The header's words for its total badge, read by a screen reader beside the number. */
const pendingText = (language: Language, count: number) => filledIn(language, '（{text} 项待处理）', count)

/** On /extra: ticks the fee, picks the route and type, pays through the sandbox; answers the payment id. */
async function payFeeThroughSandbox(page: Page, fee: ExtraFeeDto, feeCase: FeeCase): Promise<string> {
  const { language } = feeCase
  const t = (source: string) => textIn(language, source)
  const row = page
    .getByRole('list', { name: t('待支付的费用'), exact: true })
    .getByRole('listitem')
    .filter({ hasText: filledIn(language, '备注：{remark}', fee.remark ?? '') })
  await row.getByText(formatYen(fee.amount, language), { exact: true }).waitFor(WAIT)
  await row.getByRole('checkbox', { name: new RegExp(`#${fee.id}$`) }).check(WAIT)
  const choice = ROUTE_CHOICE[feeCase.route]
  await page
    .getByRole('group', { name: t(choice.group), exact: true })
    .getByRole('radio', { name: t(choice.method(feeCase.method)), exact: true })
    .check(WAIT)
  await page.screenshot({ path: screenshotPath(`extra-fee-${language}`), fullPage: true })
  await page.getByRole('button', { name: t('支付所选费用'), exact: true }).click()
  const paymentId = await waitForSandboxPage(page)
  await sandboxPayButton(page, language, fee.amount).click(WAIT)
  await waitForReturnPage(page, '/extra-success', paymentId)
  return paymentId
}

describe('extra fees in a real browser', () => {
  let shop: RunningShop

  before(async () => {
    shop = await startShop({ locale: 'zh-CN', name: 'extra-fees' })
  })
  after(async () => {
    await shop?.close()
  })

  for (const feeCase of CASES) {
    const { language } = feeCase
    it(`the operator charges a fee, the shopper is told and pays it by ${feeCase.route} (${language})`, async () => {
      const t = (source: string) => textIn(language, source)
      const customer = await signUpCustomer(shop, feeCase.email, language)
      const ops = await operatorApi(shop)
      const fee = await ops.api<OpsExtraFeeDto>('POST', '/ops/extra-fees', {
        userId: userIdOf(customer),
        type: 2,
        amount: feeCase.amount,
        orderIds: [],
        remark: feeCase.remark,
      })
      assert.equal(fee.status, ExtraFeeStatus.waitPay)

      const shopperSide = await customerPage(shop, customer, language)
      const operatorSide = await operatorPage(shop)
      try {
        const page = shopperSide.page
        // Signing in, the shopper is told of the fee and where to pay it.
        await page.goto(shop.url('/'))
        const tips = page.getByRole('dialog', { name: t('待处理事项'), exact: true })
        await tips.waitFor(WAIT)
        const extra = tips
          .getByRole('listitem')
          .filter({ hasText: pluralIn(language, '{count, plural, other {# 笔额外费用待支付}}', 1) })
        const toExtra = extra.getByRole('link', { name: t('去支付额外费用'), exact: true })
        assert.equal(await toExtra.getAttribute('href'), '/extra')
        assert.equal(await tips.getByRole('listitem').count(), 1, 'nothing else is waiting')
        await tips.getByRole('button', { name: t('关闭'), exact: true }).click()
        await tips.waitFor({ ...WAIT, state: 'detached' })

        // The header's total counts it, and so does the avatar menu's extra-fee entry, which leads to /extra.
        const header = page.locator('header')
        const pending = header.getByText(pendingText(language, 1), { exact: true })
        await pending.first().waitFor({ ...WAIT, state: 'attached' })
        const nickname = customer.email.split('@')[0] ?? ''
        await header.getByRole('button', { name: nickname }).click()
        const menuEntry = page.getByRole('menuitem').filter({ hasText: t('额外费用') })
        await menuEntry
          .getByText(pendingText(language, 1), { exact: true })
          .waitFor({ ...WAIT, state: 'attached' })
        await menuEntry.click(WAIT)
        await page.waitForURL((url) => url.pathname === '/extra', WAIT)

        await page
          .getByRole('status')
          .filter({ hasText: pluralIn(language, '{count, plural, other {# 笔额外费用待支付}}', 1) })
          .first()
          .waitFor(WAIT)
        await payFeeThroughSandbox(page, fee, feeCase)
        await page.getByText(t('额外费用已支付'), { exact: true }).first().waitFor(WAIT)

        // Paid: the badge goes and nothing is left to pay.
        await pending.first().waitFor({ ...WAIT, state: 'detached' })
        const count = await customer.api<ExtraPayCountDto>('GET', '/mall/extra_pay/count')
        assert.deepEqual(count, { count: 0 })
        const fees = await customer.api<ListPage<ExtraFeeDto>>('GET', '/mall/extra_pay/list?pageSize=10')
        assert.deepEqual(
          fees.list.map((entry) => [entry.id, entry.status]),
          [[fee.id, ExtraFeeStatus.paid]],
        )
        await page.goto(shop.url('/extra'))
        await page.getByText(t('没有待支付的额外费用'), { exact: true }).waitFor(WAIT)

        // The console lists the fee as paid.
        const console_ = operatorSide.page
        await console_.goto(shop.url('/ops/extra-fees'))
        const consoleRow = console_.getByRole('row').filter({ hasText: feeCase.remark })
        await consoleRow.getByText('已支付', { exact: true }).waitFor(WAIT)
        await consoleRow.getByText(customer.email, { exact: true }).waitFor(WAIT)
      } finally {
        await shopperSide.context.close()
        await operatorSide.context.close()
      }
    })
  }
})
