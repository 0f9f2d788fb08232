import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { shipBody } from '../../src/domain/packaging.ts'
import { isValidTrackingNo, s10CheckDigit, trackingUrl } from '../../src/domain/shipping.ts'
import { ValidationMessage } from '../../src/domain/validation-messages.ts'

/* Tracking numbers (shipping-facts.md): UPU S10 for Japan Post, the mod-7 waybill for DHL Express. */

describe('Japan Post (UPU S10)', () => {
  it.each(['EJ123456785JP', 'CD126430535JP', 'EG268774857JP'])('accepts the published example %s', (no) => {
    expect(isValidTrackingNo('japanpost', no)).toBe(true)
  })

  it.each([
    ['a wrong check digit', 'EJ123456789JP'],
    ['another country’s suffix', 'EJ123456785US'],
    ['no suffix', 'EJ123456785'],
    ['one digit short', 'EJ12345675JP'],
    ['one letter prefix', 'E123456785JP'],
    ['digits in the prefix', '12123456785JP'],
    ['lower case (uppercased by the ship payload, not here)', 'ej123456785jp'],
    ['a DHL waybill', '3318810025'],
  ])('refuses %s: %s', (_, no) => {
    expect(isValidTrackingNo('japanpost', no)).toBe(false)
  })

  it('computes 11 − (Σ weights × digits mod 11), with 10 → 0 and 11 → 5', () => {
    // 1·8 + 2·6 + 3·4 + 4·2 + 5·3 + 6·5 + 7·9 + 8·7 = 204; 204 mod 11 = 6; 11 − 6 = 5.
    expect(s10CheckDigit('12345678')).toBe(5)
    // 4·8 + 7·6 + 1·4 + 1·2 + 6·7 = 122; 122 mod 11 = 1; 11 − 1 = 10 → 0.
    expect(s10CheckDigit('47110006')).toBe(0)
    expect(isValidTrackingNo('japanpost', 'EJ471100060JP')).toBe(true)
    expect(isValidTrackingNo('japanpost', 'EJ471100061JP')).toBe(false)
    // 4·8 + 7·6 + 1·4 + 1·2 + 9·7 = 143 = 13 × 11; 11 − 0 = 11 → 5.
    expect(s10CheckDigit('47110009')).toBe(5)
    expect(isValidTrackingNo('japanpost', 'CP471100095JP')).toBe(true)
    expect(s10CheckDigit('00000000')).toBe(5)
    expect(isValidTrackingNo('japanpost', 'RR000000005JP')).toBe(true)
  })
})

describe('DHL Express waybill', () => {
  it.each(['3318810025', '8487135506'])('accepts the published example %s', (no) => {
    expect(isValidTrackingNo('dhl', no)).toBe(true)
  })

  it.each([
    ['a wrong check digit', '3318810010'],
    ['9 digits', '331881002'],
    ['11 digits', '33188100255'],
    ['letters', 'JD01460000'],
    ['a Japan Post number', 'EJ123456785JP'],
  ])('refuses %s: %s', (_, no) => {
    expect(isValidTrackingNo('dhl', no)).toBe(false)
  })

  it('checks the last digit against the first nine mod 7', () => {
    // 331881002 mod 7 = 5, 848713550 mod 7 = 6.
    expect(331_881_002 % 7).toBe(5)
    expect(isValidTrackingNo('dhl', '0000000000')).toBe(true)
    expect(isValidTrackingNo('dhl', '0000000070')).toBe(true) // 7 mod 7 = 0
    expect(isValidTrackingNo('dhl', '0000000077')).toBe(false)
  })
})

describe('the ship payload (POST /api/ops/packages/{id}/ship)', () => {
  const parse = (input: unknown) => v.safeParse(shipBody, input)
  const fields = (input: unknown) => {
    const result = parse(input)
    return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message])
  }

  it('trims and uppercases the number before checking it', () => {
    const result = parse({ carrier: 'japanpost', trackingNo: ' ej123456785jp ' })
    expect(result.success && result.output).toEqual({ carrier: 'japanpost', trackingNo: 'EJ123456785JP' })
    expect(parse({ carrier: 'dhl', trackingNo: '8487135506' }).success).toBe(true)
  })

  it('names trackingNo when the number does not fit the carrier', () => {
    expect(fields({ carrier: 'japanpost', trackingNo: 'EJ123456789JP' })).toEqual([
      ['trackingNo', ValidationMessage.trackingNo],
    ])
    expect(fields({ carrier: 'dhl', trackingNo: 'EJ123456785JP' })).toEqual([
      ['trackingNo', ValidationMessage.trackingNo],
    ])
    expect(fields({ carrier: 'japanpost', trackingNo: '3318810025' })).toEqual([
      ['trackingNo', ValidationMessage.trackingNo],
    ])
  })

  it('requires a carrier and a number', () => {
    // The 400 names the first issue (server/http/validate.ts).
    expect(fields({ carrier: 'japanpost', trackingNo: '  ' })[0]).toEqual([
      'trackingNo',
      ValidationMessage.required,
    ])
    expect(fields({ trackingNo: 'EJ123456785JP' })).toEqual([['carrier', ValidationMessage.required]])
    expect(fields({ carrier: 'fedex', trackingNo: 'EJ123456785JP' })).toEqual([
      ['carrier', ValidationMessage.carrier],
    ])
  })
})

describe('tracking links', () => {
  it('points at the carrier’s tracking page with the number', () => {
    expect(trackingUrl('japanpost', 'EJ123456785JP')).toContain('reqCodeNo1=EJ123456785JP')
    expect(trackingUrl('dhl', '3318810025')).toContain('tracking-id=3318810025')
  })
})
