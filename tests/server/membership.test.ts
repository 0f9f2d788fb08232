import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Envelope } from '../../src/domain/result-code.ts'
import { levelForMonthlySpend, type VipLevel } from '../../src/domain/tiers.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

describe.each(engines)('membership levels on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  it('lists the levels to anyone, the first one open to every member at the default points rate', async () => {
    const { status, body } = await t.getJson<Envelope<VipLevel[]>>('/api/mall/vip/list')
    expect(status).toBe(200)
    expect(body.data[0]).toEqual({ vip: 1, scoreRate: 0.01, minMonthlySpend: 0 })
    // Higher levels cost more spending and earn a higher rate.
    for (let i = 1; i < body.data.length; i++) {
      const [lower, higher] = [body.data[i - 1] as VipLevel, body.data[i] as VipLevel]
      expect(higher.minMonthlySpend).toBeGreaterThan(lower.minMonthlySpend)
      expect(higher.scoreRate).toBeGreaterThan(lower.scoreRate)
    }
    expect(levelForMonthlySpend(0, body.data)?.vip).toBe(1)
  })
})
