import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor as reached } from 'xstate'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import { paymentMachine } from '../../machines/payment/payment.machine.ts'
import { shippingFeeMachine } from '../../machines/shipping-fee/shipping-fee.machine.ts'
import type { SavedShippingFee } from '../../machines/shipping-fee/shipping-fee-saved-state.ts'
import type { ShippingPackage } from '../../machines/shipping-fee/shipping-fee-types.ts'
import type { ShippingOptionDto } from '../../src/domain/packaging.ts'
import type { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayStatusDto } from '../../src/domain/payments.ts'
import { refreshBadgeCounts } from '../../src/features/account/session/badge-counts.ts'
import { dropCheckout } from '../../src/features/checkout/checkout-store.ts'
import { dropFinalPayment } from '../../src/features/final-payment/final-payment-store.ts'
import { savedShippingFeeOf } from '../../src/features/shipping/saved-shipping-fee.ts'
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
const SAVED_SHIPPING_FEE = `snapshot:checkout:shipping:${OWNER}`
const PACKAGE_ID = 31
const APPLY_ID = 12

beforeEach(async () => {
  vi.mocked(refreshBadgeCounts).mockClear()
  // the flows are one per tab and outlive a test: start every test from nothing
  await dropShippingFee(OWNER)
  await dropFinalPayment(OWNER)
  await dropCheckout(OWNER)
})
afterEach(() => dismissAllToasts())

/** GET /mall/pay/status/pay_7 answers each status of `statuses` in turn (the last one from then on). */
function servePayStatus(statuses: { status: PaymentStatus; failure?: string }[]) {
  let reads = 0
  server.use(
    http.get('*/api/mall/pay/status/:paymentId', ({ params }) => {
      if (params.paymentId !== 'pay_7') return failed(404, 'payment: not found')
      const { status, failure = null } = statuses[Math.min(reads, statuses.length - 1)] ?? { status: 1 }
      reads += 1
      return ok({
        paymentId: 'pay_7',
        status,
        purpose: 'shipping',
        amount: 4_550,
        pointsUsed: 0,
        target: [PACKAGE_ID],
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

const PACKAGE: ShippingPackage = {
  id: PACKAGE_ID,
  applyId: APPLY_ID,
  packageNo: 'P2611250031',
  status: 3,
  weightG: 1420,
  lengthMm: 300,
  widthMm: 200,
  heightMm: 150,
  amount: 25_600,
  feeDue: '2026-12-02',
  applyEstimate: null,
  deadlineState: 'onTime',
  address: { firstName: '樱', lastName: '木之本', country: '中国香港' },
}

/** What the /shipping page leaves on disk before it sends the shopper to the gateway with payment pay_7. */
async function saveFeeOnTheWayToGateway(): Promise<void> {
  const actor = createActor(
    shippingFeeMachine.provide({
      actors: {
        readPackage: fromPromise(async () => PACKAGE),
        readOptions: fromPromise(
          async (): Promise<ShippingOptionDto[]> => [
            {
              methodId: 1,
              name: { zhCn: 'EMS', ja: 'EMS', en: 'EMS' },
              carrier: 'japanpost',
              tracked: true,
              fee: 4_550,
              billedWeightG: 1500,
              maxWeightG: 30_000,
              available: true,
              reason: null,
            },
          ],
        ),
        payment: paymentMachine.provide({
          actors: {
            pay: fromPromise(async () => ({ paymentId: 'pay_7', redirectUrl: '/sandbox-pay/pay_7' })),
          },
        }),
      },
    }),
    { input: { owner: OWNER, packageId: PACKAGE_ID } },
  )
  actor.start()
  await reached(actor, (s) => s.matches('choosing'))
  actor.send({ type: 'CHOOSE_METHOD', methodId: 1 })
  actor.send({ type: 'CHOOSE', route: 'card', method: 1 })
  actor.send({ type: 'PAY' })
  await reached(actor, (s) => payFlowView(s).matches('redirecting'))
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as SavedShippingFee
  actor.stop()
  await savedShippingFeeOf(OWNER).save(persisted)
}

const findTitle = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 8000 })

describe('/express-success: the shipping fee’s result page', () => {
  it('paid: says the warehouse will ship it, links to the package, refreshes the counts, forgets the flow', async () => {
    signInShopper()
    await saveFeeOnTheWayToGateway()
    servePayStatus([{ status: 2 }])
    await renderApp('/express-success?paymentId=pay_7')
    expect(await findTitle('运费已支付')).toBeTruthy()
    expect(screen.getByText(/已收到您的运费 ¥4,550。/)).toBeTruthy()
    expect(screen.getByText(/仓库会尽快为您发货/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '查看包裹' }).getAttribute('href')).toBe(
      `/package/product/${APPLY_ID}/${PACKAGE_ID}`,
    )
    expect(screen.getByRole('link', { name: '查看包裹列表' }).getAttribute('href')).toBe('/package/list')
    await waitFor(() => expect(refreshBadgeCounts).toHaveBeenCalledTimes(1))
    await waitFor(async () => expect(await readStored(SAVED_SHIPPING_FEE)).toBeUndefined())
  }, 20_000)

  it('waiting, then paid: keeps asking until the webhook has decided (a flow it never saw)', async () => {
    signInShopper()
    const status = servePayStatus([{ status: 1 }, { status: 1 }, { status: 2 }])
    await renderApp('/express-success?paymentId=pay_7')
    expect(await findTitle('正在确认您的付款…')).toBeTruthy()
    await waitFor(async () => expect(await readStored(SAVED_SHIPPING_FEE)).toBeTruthy())
    expect(await findTitle('运费已支付')).toBeTruthy()
    expect(status.reads()).toBe(3)
    // without the saved flow, the package's application is unknown: the list
    expect(screen.getByRole('link', { name: '查看包裹' }).getAttribute('href')).toBe('/package/list')
  }, 20_000)

  it('cancelled: nothing was charged, and paying again goes back to /shipping', async () => {
    signInShopper()
    await saveFeeOnTheWayToGateway()
    servePayStatus([{ status: 4, failure: 'cancelled' }])
    await renderApp('/express-success?paymentId=pay_7')
    expect(await findTitle('付款已取消')).toBeTruthy()
    expect(screen.getByText(/没有扣款，运费仍待支付/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '重新支付运费' }).getAttribute('href')).toBe(
      `/shipping?packageId=${PACKAGE_ID}&applyId=${APPLY_ID}`,
    )
    expect(refreshBadgeCounts).not.toHaveBeenCalled()
  }, 20_000)

  it('declined: says why, and paying again goes back to /shipping', async () => {
    signInShopper()
    servePayStatus([{ status: 4, failure: 'declined' }])
    await renderApp('/express-success?paymentId=pay_7')
    expect(await findTitle('付款失败，请稍后再试')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('支付平台拒绝了这笔付款（卡被拒绝）。')
    expect(screen.getByRole('link', { name: '重新支付运费' }).getAttribute('href')).toBe(
      `/shipping?packageId=${PACKAGE_ID}`,
    )
  }, 20_000)

  it('the shared cancel page speaks of the shipping fee when this browser’s flow holds the payment', async () => {
    signInShopper()
    await saveFeeOnTheWayToGateway()
    servePayStatus([{ status: 4, failure: 'cancelled' }])
    await renderApp('/order-cancel?paymentId=pay_7')
    expect(await findTitle('付款已取消')).toBeTruthy()
    expect(screen.getByRole('link', { name: '重新支付运费' }).getAttribute('href')).toBe(
      `/shipping?packageId=${PACKAGE_ID}&applyId=${APPLY_ID}`,
    )
  }, 20_000)
})
