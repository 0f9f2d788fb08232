import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor as reached } from 'xstate'
import { extraPaymentMachine } from '../../machines/extra-payment/extra-payment.machine.ts'
import type { SavedExtraPayment } from '../../machines/extra-payment/extra-payment-saved-state.ts'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import { paymentMachine } from '../../machines/payment/payment.machine.ts'
import type { ExtraFeeDto } from '../../src/domain/extras.ts'
import type { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayStatusDto } from '../../src/domain/payments.ts'
import { refreshBadgeCounts } from '../../src/features/account/session/badge-counts.ts'
import { dropCheckout } from '../../src/features/checkout/checkout-store.ts'
import { dropExtraPayment } from '../../src/features/extras/extra-payment-store.ts'
import { savedExtraPaymentOf } from '../../src/features/extras/saved-extra-payment.ts'
import { dropFinalPayment } from '../../src/features/final-payment/final-payment-store.ts'
import { dropShippingFee } from '../../src/features/shipping/shipping-fee-store.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok } from './support/catalog-fixtures.ts'
import { readStored } from './support/indexed-db.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

// the header's counts are the session's: here it is enough to know they were asked to refresh
vi.mock('../../src/features/account/session/badge-counts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/account/session/badge-counts.ts')>()),
  refreshBadgeCounts: vi.fn(),
}))

const OWNER = 'customer:42'
const SAVED_EXTRA_PAYMENT = `snapshot:checkout:extra:${OWNER}`

beforeEach(async () => {
  vi.mocked(refreshBadgeCounts).mockClear()
  // the flows are one per tab and outlive a test: start every test from nothing
  await dropExtraPayment(OWNER)
  await dropShippingFee(OWNER)
  await dropFinalPayment(OWNER)
  await dropCheckout(OWNER)
})
afterEach(() => dismissAllToasts())

/** GET /mall/pay/status/pay_5 answers each status of `statuses` in turn (the last one from then on). */
function servePayStatus(statuses: { status: PaymentStatus; failure?: string }[]) {
  let reads = 0
  server.use(
    http.get('*/api/mall/pay/status/:paymentId', ({ params }) => {
      if (params.paymentId !== 'pay_5') return failed(404, 'payment: not found')
      const { status, failure = null } = statuses[Math.min(reads, statuses.length - 1)] ?? { status: 1 }
      reads += 1
      return ok({
        paymentId: 'pay_5',
        status,
        purpose: 'extra',
        amount: 3_100,
        pointsUsed: 0,
        target: [11, 12],
        failure,
      } satisfies PayStatusDto)
    }),
  )
  return { reads: () => reads }
}

function signInShopper() {
  signIn()
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
  )
}

const fee = (id: number, amount: number): ExtraFeeDto => ({
  id,
  orderIds: [500 + id],
  packageId: null,
  package: null,
  status: 1,
  type: 1,
  amount,
  createTime: '2026-11-20T03:00:00.000Z',
  dueDate: null,
  remark: null,
})

/** What the /extra page leaves on disk before it sends the shopper to the gateway with payment pay_5. */
async function saveFeesOnTheWayToGateway(): Promise<void> {
  const actor = createActor(
    extraPaymentMachine.provide({
      actors: {
        readFees: fromPromise(async () => [fee(11, 2_400), fee(12, 700)]),
        payment: paymentMachine.provide({
          actors: {
            pay: fromPromise(async () => ({ paymentId: 'pay_5', redirectUrl: '/sandbox-pay/pay_5' })),
          },
        }),
      },
    }),
    { input: { owner: OWNER } },
  )
  actor.start()
  await reached(actor, (s) => s.matches('choosing'))
  actor.send({ type: 'SELECT_ALL' })
  actor.send({ type: 'CHOOSE', route: 'card', method: 1 })
  actor.send({ type: 'PAY' })
  await reached(actor, (s) => payFlowView(s).matches('redirecting'))
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as SavedExtraPayment
  actor.stop()
  await savedExtraPaymentOf(OWNER).save(persisted)
}

const findTitle = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 8000 })

describe('/extra-success: the extra fees’ result page', () => {
  it('paid: says the fees are paid, links to the fees and to packaging, refreshes the counts, forgets the flow', async () => {
    signInShopper()
    await saveFeesOnTheWayToGateway()
    servePayStatus([{ status: 2 }])
    await renderApp('/extra-success?paymentId=pay_5')
    expect(await findTitle('额外费用已支付')).toBeTruthy()
    const said = screen.getByText(/已收到您的付款/).textContent
    expect(said).toContain('已收到您的付款 ¥3,100。')
    expect(said).toContain('2 笔费用已付清。')
    expect(said).toContain('没有未付的额外费用后，就可以申请打包了。')
    expect(screen.getByRole('link', { name: '查看额外费用' }).getAttribute('href')).toBe('/extra')
    expect(screen.getByRole('link', { name: '申请打包' }).getAttribute('href')).toBe('/packaging')
    await waitFor(() => expect(refreshBadgeCounts).toHaveBeenCalledTimes(1))
    await waitFor(async () => expect(await readStored(SAVED_EXTRA_PAYMENT)).toBeUndefined())
  }, 20_000)

  it('waiting, then paid: keeps asking until the webhook has decided (a flow it never saw)', async () => {
    signInShopper()
    const status = servePayStatus([{ status: 1 }, { status: 1 }, { status: 2 }])
    await renderApp('/extra-success?paymentId=pay_5')
    expect(await findTitle('正在确认您的付款…')).toBeTruthy()
    expect(refreshBadgeCounts).not.toHaveBeenCalled()
    await waitFor(async () => expect(await readStored(SAVED_EXTRA_PAYMENT)).toBeTruthy())
    expect(await findTitle('额外费用已支付')).toBeTruthy()
    expect(status.reads()).toBe(3)
    await waitFor(() => expect(refreshBadgeCounts).toHaveBeenCalledTimes(1))
  }, 20_000)

  it('cancelled: nothing was charged, and paying again goes back to /extra', async () => {
    signInShopper()
    await saveFeesOnTheWayToGateway()
    servePayStatus([{ status: 4, failure: 'cancelled' }])
    await renderApp('/extra-success?paymentId=pay_5')
    expect(await findTitle('付款已取消')).toBeTruthy()
    expect(screen.getByText(/没有扣款，费用仍待支付/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '重新支付额外费用' }).getAttribute('href')).toBe('/extra')
    expect(refreshBadgeCounts).not.toHaveBeenCalled()
  }, 20_000)

  it('declined: says why, and paying again goes back to /extra', async () => {
    signInShopper()
    servePayStatus([{ status: 4, failure: 'declined' }])
    await renderApp('/extra-success?paymentId=pay_5')
    expect(await findTitle('付款失败，请稍后再试')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('支付平台拒绝了这笔付款（卡被拒绝）。')
    expect(screen.getByRole('link', { name: '重新支付额外费用' }).getAttribute('href')).toBe('/extra')
  }, 20_000)

  it('the shared error page speaks of the extra fees when this browser’s flow holds the payment', async () => {
    signInShopper()
    await saveFeesOnTheWayToGateway()
    servePayStatus([{ status: 4, failure: 'declined' }])
    await renderApp('/order-error?paymentId=pay_5')
    expect(await findTitle('付款失败，请稍后再试')).toBeTruthy()
    expect(screen.getByRole('link', { name: '重新支付额外费用' }).getAttribute('href')).toBe('/extra')
  }, 20_000)

  it('without a payment number, says it cannot tell', async () => {
    signInShopper()
    await renderApp('/extra-success')
    expect(await findTitle('支付出错')).toBeTruthy()
  }, 20_000)
})
