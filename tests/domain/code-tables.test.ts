import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EXTRA_FEE_STATUS_INFO, EXTRA_FEE_TYPE_INFO } from '../../src/domain/extra-fee.ts'
import { LANGUAGES } from '../../src/domain/language.ts'
import {
  ORDER_STATUS_INFO,
  ORDER_STATUS_TABLE_A,
  ORDER_STATUS_TABLE_B,
  orderStatusesMatching,
} from '../../src/domain/order-status.ts'
import { CUSTOMER_PACKAGE_STATUSES, PACKAGE_STATUS_INFO } from '../../src/domain/package-status.ts'
import { PAYMENT_STATUS_INFO } from '../../src/domain/payment-status.ts'
import {
  PRODUCT_TYPE_LABEL,
  PRODUCT_TYPE_SCHEDULE,
  PRODUCT_TYPE_TONE,
  productTypeOptions,
  releaseMonthEnd,
  scheduleText,
} from '../../src/domain/product-type.ts'
import type { CodeInfo } from '../../src/domain/status-flow.ts'
import { STOCK_TYPE_INFO } from '../../src/domain/stock-type.ts'

const tables: Record<string, Record<number, CodeInfo>> = {
  'order status': ORDER_STATUS_INFO,
  'payment status': PAYMENT_STATUS_INFO,
  'package status': PACKAGE_STATUS_INFO,
  'stock type': STOCK_TYPE_INFO,
  'extra-fee status': EXTRA_FEE_STATUS_INFO,
  'extra-fee type': EXTRA_FEE_TYPE_INFO,
}

describe('code tables', () => {
  it('give every code a label in zh-CN, ja and en, distinct within its table', () => {
    const entries = Object.entries(tables).flatMap(([table, info]) =>
      Object.entries(info).map(([code, entry]) => ({ table, code, label: entry.label })),
    )
    const productTypes = Object.entries(PRODUCT_TYPE_LABEL).map(([code, label]) => ({
      table: 'type',
      code,
      label,
    }))
    fc.assert(
      fc.property(
        fc.constantFrom(...entries, ...productTypes),
        fc.constantFrom(...LANGUAGES),
        (entry, language) => {
          expect(entry.label[language].trim(), `${entry.table} ${entry.code} ${language}`).not.toBe('')
        },
      ),
    )
    for (const [table, info] of Object.entries(tables)) {
      for (const language of LANGUAGES) {
        const labels = Object.values(info).map((entry) => entry.label[language])
        expect(new Set(labels).size, `${table} ${language}`).toBe(labels.length)
      }
    }
  })

  it('has the spec codes: table B adds 15 to table A, and the customer package subset is 3, 4, 5, 9', () => {
    expect([...ORDER_STATUS_TABLE_A].sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16,
    ])
    expect(ORDER_STATUS_TABLE_B.filter((code) => !ORDER_STATUS_TABLE_A.includes(code))).toEqual([15])
    expect(
      Object.keys(ORDER_STATUS_INFO)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16])
    expect(Object.keys(PAYMENT_STATUS_INFO)).toEqual(['1', '2', '3', '4'])
    expect(Object.keys(PACKAGE_STATUS_INFO)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9'])
    expect(CUSTOMER_PACKAGE_STATUSES).toEqual([3, 4, 5, 9])
    expect(orderStatusesMatching(1)).toEqual([1, 15])
    expect(orderStatusesMatching(5)).toEqual([5])
  })

  it('colours by the convention: cancelled, refunded and locked are red; shipped is green', () => {
    for (const code of [1, 12, 15] as const) expect(ORDER_STATUS_INFO[code].tone).toBe('cancelled')
    for (const code of [6, 7, 8] as const) expect(PACKAGE_STATUS_INFO[code].tone).toBe('cancelled')
    expect(ORDER_STATUS_INFO[2].tone).toBe('waiting')
    expect(ORDER_STATUS_INFO[11].tone).toBe('done')
    expect(PAYMENT_STATUS_INFO[2].tone).toBe('done')
    expect(PRODUCT_TYPE_TONE[1]).toBe('waiting')
    expect(PRODUCT_TYPE_TONE[2]).toBe('done')
  })
})

describe('product types', () => {
  it('offers per language: ja hides 4, 5, 6, 8; en shows only 1, 2, 9; zh-CN hides 5, 6, 8', () => {
    expect(productTypeOptions('ja').map((o) => o.id)).toEqual([1, 2, 3, 7, 9])
    expect(productTypeOptions('en').map((o) => o.id)).toEqual([1, 2, 9])
    expect(productTypeOptions('zhCn').map((o) => o.id)).toEqual([1, 2, 3, 4, 7, 9])
    expect(productTypeOptions('en')).toEqual([
      { id: 1, label: 'Pre-order' },
      { id: 2, label: 'In stock' },
      { id: 9, label: 'On-site pre-sale' },
    ])
    expect(productTypeOptions('ja')[0]).toEqual({ id: 1, label: '予約' })
  })

  it('states each type’s schedule: month end, ~3 days, ~30 days, 30–180 days', () => {
    expect(PRODUCT_TYPE_SCHEDULE[1]).toEqual({ kind: 'releaseMonthEnd' })
    expect(scheduleText(PRODUCT_TYPE_SCHEDULE[2])?.en).toBe('Arrives in about 3 days')
    expect(scheduleText(PRODUCT_TYPE_SCHEDULE[7])?.zhCn).toBe('约 30 天到货')
    expect(scheduleText(PRODUCT_TYPE_SCHEDULE[3])?.ja).toBe('約30〜180日で入荷')
    expect(scheduleText(PRODUCT_TYPE_SCHEDULE[4])).toBeUndefined()
  })

  it('finds the end of the release month, leap years included', () => {
    expect(releaseMonthEnd('2027-02-10')).toBe('2027-02-28')
    expect(releaseMonthEnd('2028-02-01')).toBe('2028-02-29')
    expect(releaseMonthEnd('2026-12-31')).toBe('2026-12-31')
    expect(releaseMonthEnd('2026-11-05')).toBe('2026-11-30')
  })
})
