import { describe, expect, it } from 'vitest'
import {
  auditDiff,
  auditTimeBoundOf,
  auditTimeRange,
  auditTimeText,
  auditValueText,
} from '../../src/domain/audit.ts'

describe('auditDiff', () => {
  it('lists only the changed keys, with the old and new value', () => {
    expect(
      auditDiff(
        { frontMoney: 0.3, discount: 0.9, storageFeePerDay: 100 },
        { frontMoney: 0.5, discount: 0.9, storageFeePerDay: 120 },
      ),
    ).toEqual([
      { key: 'frontMoney', before: 0.3, after: 0.5 },
      { key: 'storageFeePerDay', before: 100, after: 120 },
    ])
  })

  it('flattens nested objects to dotted paths', () => {
    expect(
      auditDiff(
        { name: { zhCn: '手办', ja: 'フィギュア', en: 'Figure' }, sort: 1 },
        { name: { zhCn: '手办', ja: 'フィギュア', en: 'Figures' }, sort: 1 },
      ),
    ).toEqual([{ key: 'name.en', before: 'Figure', after: 'Figures' }])
    expect(auditDiff({ a: { b: { c: 1 } } }, { a: { b: { c: 2 } } })).toEqual([
      { key: 'a.b.c', before: 1, after: 2 },
    ])
  })

  it('compares arrays whole, in order', () => {
    expect(auditDiff({ permissions: ['catalog', 'orders'] }, { permissions: ['catalog', 'orders'] })).toEqual(
      [],
    )
    expect(auditDiff({ permissions: ['catalog'] }, { permissions: ['catalog', 'audit'] })).toEqual([
      { key: 'permissions', before: ['catalog'], after: ['catalog', 'audit'] },
    ])
    expect(auditDiff({ list: [{ id: 1 }] }, { list: [{ id: 1 }] })).toEqual([])
  })

  it('shows keys that appear or go, as absent on the other side', () => {
    expect(auditDiff({ a: 1, gone: 'x' }, { a: 1, added: null })).toEqual([
      { key: 'gone', before: 'x', after: undefined },
      { key: 'added', before: undefined, after: null },
    ])
  })

  it('lists everything of a created or removed thing', () => {
    expect(auditDiff(null, { email: 'a@b.c', permissions: ['audit'] })).toEqual([
      { key: 'email', before: undefined, after: 'a@b.c' },
      { key: 'permissions', before: undefined, after: ['audit'] },
    ])
    expect(auditDiff({ id: 3 }, null)).toEqual([{ key: 'id', before: 3, after: undefined }])
    expect(auditDiff(null, null)).toEqual([])
  })

  it('tells a value becoming null or an object from one left alone', () => {
    expect(auditDiff({ rate: null }, { rate: 0.05 })).toEqual([{ key: 'rate', before: null, after: 0.05 }])
    expect(auditDiff({ logo: null }, { logo: { id: 4 } })).toEqual([
      { key: 'logo', before: null, after: undefined },
      { key: 'logo.id', before: undefined, after: 4 },
    ])
    expect(auditDiff({ meta: {} }, { meta: {} })).toEqual([])
  })

  it('compares plain values as one change', () => {
    expect(auditDiff(1, 2)).toEqual([{ key: '', before: 1, after: 2 }])
    expect(auditDiff('same', 'same')).toEqual([])
  })
})

describe('auditValueText', () => {
  it('writes values compactly', () => {
    expect(auditValueText(undefined)).toBe('')
    expect(auditValueText(null)).toBe('null')
    expect(auditValueText('text')).toBe('text')
    expect(auditValueText(0.035)).toBe('0.035')
    expect(auditValueText(false)).toBe('false')
    expect(auditValueText(['catalog', 'orders'])).toBe('[catalog, orders]')
    expect(auditValueText([1, { id: 2 }])).toBe('[1, {"id":2}]')
    expect(auditValueText([])).toBe('[]')
    expect(auditValueText(Array.from({ length: 25 }, (_, index) => index))).toBe(
      `[${Array.from({ length: 20 }, (_, index) => index).join(', ')}, … +5]`,
    )
    expect(auditValueText({ a: 1 })).toBe('{"a":1}')
  })
})

describe('the audit time filter', () => {
  it('reads a day or an instant; a time without an offset is Tokyo time', () => {
    expect(auditTimeBoundOf('2026-03-10')).toEqual({ kind: 'day', day: '2026-03-10' })
    expect(auditTimeBoundOf('2026-03-10T12:00:00Z')).toEqual({
      kind: 'instant',
      at: new Date('2026-03-10T12:00:00Z'),
    })
    expect(auditTimeBoundOf('2026-03-10T09:00')).toEqual({
      kind: 'instant',
      at: new Date('2026-03-10T00:00:00Z'),
    })
    expect(auditTimeBoundOf('2026-02-30')).toBeUndefined()
    expect(auditTimeBoundOf('2026-02-30T00:00Z')).toBeUndefined()
    expect(auditTimeBoundOf('yesterday')).toBeUndefined()
  })

  it('runs a `to` day through the end of that day in Tokyo', () => {
    expect(auditTimeRange({ kind: 'day', day: '2026-03-10' }, { kind: 'day', day: '2026-03-10' })).toEqual({
      from: new Date('2026-03-09T15:00:00Z'),
      before: new Date('2026-03-10T15:00:00Z'),
    })
    const at = new Date('2026-03-10T01:02:03Z')
    expect(auditTimeRange(undefined, { kind: 'instant', at })).toEqual({ until: at })
  })

  it('shows an instant in shop time, to the second', () => {
    expect(auditTimeText('2026-03-10T14:59:59.500Z')).toBe('2026-03-10 23:59:59')
    expect(auditTimeText('not a time')).toBe('not a time')
  })
})
