import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canExtraFeeTransition, EXTRA_FEE_FLOW } from '../../src/domain/extra-fee.ts'
import { canOrderTransition, ORDER_FLOW, ORDER_STATUS_INFO } from '../../src/domain/order-status.ts'
import { canPackageTransition, PACKAGE_FLOW } from '../../src/domain/package-status.ts'
import { canPaymentTransition, PAYMENT_FLOW } from '../../src/domain/payment-status.ts'
import { canTransition, isTerminal, type StatusFlow, statusesOf } from '../../src/domain/status-flow.ts'

const flows: Record<string, StatusFlow<number>> = {
  order: ORDER_FLOW,
  payment: PAYMENT_FLOW,
  package: PACKAGE_FLOW,
  'extra fee': EXTRA_FEE_FLOW,
}

function reachableFrom<S extends number>(flow: StatusFlow<S>, start: S): Set<S> {
  const seen = new Set<S>([start])
  const queue = [start]
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const next of flow.next[current]) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(next)
    }
  }
  return seen
}

describe('order flow', () => {
  it('walks the operating flow from order to carrier scan', () => {
    const path = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16] as const
    const steps = path.slice(1).map((to, i) => [path[i], to] as const)
    for (const [from, to] of steps)
      expect(canOrderTransition(from as (typeof path)[number], to), `${from}→${to}`).toBe(true)
  })

  it('lets paid-in-full goods skip the balance, and forfeits missed deadlines as cancel2', () => {
    expect(canOrderTransition(3, 6)).toBe(true) // in stock, paid in full
    expect(canOrderTransition(4, 6)).toBe(true)
    expect(canOrderTransition(5, 15)).toBe(true) // balance unpaid
    expect(canOrderTransition(6, 15)).toBe(true) // packaging not requested
    expect(canOrderTransition(9, 15)).toBe(true) // shipping fee unpaid
  })

  it('refuses what the shop must not do', () => {
    expect(canOrderTransition(2, 4)).toBe(false) // no supplier order before the first payment
    expect(canOrderTransition(5, 7)).toBe(false) // no packaging before the balance
    expect(canOrderTransition(7, 1)).toBe(false) // packaging cannot be cancelled once requested
    expect(canOrderTransition(7, 6)).toBe(false)
    expect(canOrderTransition(9, 11)).toBe(false) // no shipping before the fee
    expect(canOrderTransition(2, 15)).toBe(false) // nothing paid: a plain cancel, not a forfeiture
    expect(canOrderTransition(11, 12)).toBe(false) // shipped goods are not refunded by a status change
    expect(canOrderTransition(5, 5)).toBe(false)
  })
})

describe('payment, package and extra-fee flows', () => {
  it('pays, refunds and cancels payments', () => {
    expect(canPaymentTransition(1, 2)).toBe(true)
    expect(canPaymentTransition(1, 4)).toBe(true)
    expect(canPaymentTransition(2, 3)).toBe(true)
    expect(canPaymentTransition(1, 3)).toBe(false) // nothing to refund before payment
    expect(canPaymentTransition(4, 2)).toBe(false) // a retry is a new payment
  })

  it('locks and unlocks packages, never cancels a requested one', () => {
    expect(canPackageTransition(1, 6)).toBe(true)
    expect(canPackageTransition(6, 1)).toBe(true)
    expect(canPackageTransition(3, 7)).toBe(true)
    expect(canPackageTransition(7, 3)).toBe(true)
    expect(canPackageTransition(3, 4)).toBe(true)
    expect(canPackageTransition(4, 5)).toBe(true)
    expect(canPackageTransition(5, 9)).toBe(true)
    expect(canPackageTransition(1, 8)).toBe(false)
    expect(canPackageTransition(7, 4)).toBe(false) // a locked package is unlocked before it is paid for
    expect(canPackageTransition(3, 5)).toBe(false)
  })

  it('settles extra fees by payment or waiver', () => {
    expect(canExtraFeeTransition(1, 2)).toBe(true)
    expect(canExtraFeeTransition(1, 4)).toBe(true)
    expect(canExtraFeeTransition(2, 3)).toBe(true)
    expect(canExtraFeeTransition(4, 1)).toBe(false)
  })
})

describe('every flow', () => {
  it('starts at a known status, reaches every status, and points only at known statuses', () => {
    for (const [name, flow] of Object.entries(flows)) {
      const statuses = statusesOf(flow)
      expect(statuses, name).toContain(flow.initial)
      for (const targets of Object.values(flow.next))
        for (const to of targets) expect(statuses, name).toContain(to)
      expect(
        [...reachableFrom(flow, flow.initial)].sort((a, b) => a - b),
        name,
      ).toEqual(statuses.sort((a, b) => a - b))
    }
    // split, cancel and refund start elsewhere, but every order status is in the flow
    expect(statusesOf(ORDER_FLOW).sort((a, b) => a - b)).toEqual(
      Object.keys(ORDER_STATUS_INFO)
        .map(Number)
        .sort((a, b) => a - b),
    )
  })

  it('ends only in split, cancelled, forfeited, refunded, carrier-received, paid-out or void states', () => {
    const terminals = (flow: StatusFlow<number>) => statusesOf(flow).filter((s) => isTerminal(flow, s))
    expect(terminals(ORDER_FLOW).sort((a, b) => a - b)).toEqual([0, 1, 12, 15, 16])
    expect(terminals(PAYMENT_FLOW)).toEqual([3, 4])
    expect(terminals(PACKAGE_FLOW)).toEqual([8, 9])
    expect(terminals(EXTRA_FEE_FLOW)).toEqual([3, 4])
  })

  it('never leaves a terminal state, never stays put, never goes to an unknown code', () => {
    const flowList = fc.constantFrom(...Object.values(flows))
    fc.assert(
      fc.property(
        flowList,
        fc.integer({ min: -2, max: 20 }),
        fc.integer({ min: -2, max: 20 }),
        (flow, from, to) => {
          const known = statusesOf(flow)
          if (known.includes(from) && isTerminal(flow, from))
            expect(canTransition(flow, from, to)).toBe(false)
          if (from === to) expect(canTransition(flow, from, to)).toBe(false)
          if (!known.includes(from) || !known.includes(to)) expect(canTransition(flow, from, to)).toBe(false)
        },
      ),
    )
  })

  it('has no dead ends: from every status some terminal status can be reached', () => {
    for (const [name, flow] of Object.entries(flows)) {
      for (const status of statusesOf(flow)) {
        const terminals = [...reachableFrom(flow, status)].filter((s) => isTerminal(flow, s))
        expect(terminals.length, `${name} ${status}`).toBeGreaterThan(0)
      }
    }
  })
})
