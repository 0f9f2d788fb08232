import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAY_CALLS_PER_ACCOUNT } from '../../server/routes/pay-call.ts'
import { signUp } from './support/accounts.ts'
import { orderPay } from './support/order-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

describe.each(engines)('the pay calls’ rate limit on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  it('refuses a shopper’s pay calls over the limit with a 429 and the wait, until the window ends', async () => {
    const { token } = await signUp(t, 'hasty@example.com')
    const { token: other } = await signUp(t, 'calm@example.com')
    // An order no one has: each call is a 404, and each still counts (a script probing ids is refused too).
    for (let call = 0; call < PAY_CALLS_PER_ACCOUNT.max; call++) {
      const { status } = await orderPay(t, token, { orderId: 999_999 })
      expect(status).toBe(404)
    }
    const refused = await orderPay(t, token, { orderId: 999_999 })
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe(429)
    expect(refused.body.msg).toMatch(/payment attempts/)
    const { retryAfterSeconds } = refused.body.data as unknown as { retryAfterSeconds: number }
    expect(retryAfterSeconds).toBeGreaterThan(0)
    expect(retryAfterSeconds).toBeLessThanOrEqual(PAY_CALLS_PER_ACCOUNT.windowSeconds)

    // Another shopper is not held back by the first one's calls.
    expect((await orderPay(t, other, { orderId: 999_999 })).status).toBe(404)

    t.clock.advance(retryAfterSeconds * 1000)
    expect((await orderPay(t, token, { orderId: 999_999 })).status).toBe(404)
  })
})
