import { describe, expect, it } from 'vitest'
import {
  balanceReminder,
  extraFeeReminder,
  MAX_PUSH_ATTEMPTS,
  packagingReminder,
  pushStatusAfter,
  REMINDER_TTL_MAX_SECONDS,
  reminderPushPayload,
  reminderTtlSeconds,
  reminderUrgency,
  shippingFeeReminder,
} from '../../src/domain/reminders.ts'

/** The instant of a Tokyo wall-clock time. */
const tokyo = (dateTime: string) => new Date(`${dateTime}+09:00`)

describe('which reminder fires on a shop day', () => {
  // Arrived 2026-11-01: balance due 2026-12-01, forfeited after 2026-12-16.
  it('balance: due soon from 3 days before the due date, overdue after it until the grace window ends', () => {
    const arrived = '2026-11-01'
    expect(balanceReminder(arrived, '2026-11-27')).toBeUndefined()
    expect(balanceReminder(arrived, '2026-11-28')).toEqual({
      kind: 'balanceDueSoon',
      overdue: false,
      deadline: '2026-12-01',
      lastDay: '2026-12-01',
    })
    expect(balanceReminder(arrived, '2026-12-01')?.kind).toBe('balanceDueSoon')
    expect(balanceReminder(arrived, '2026-12-02')).toEqual({
      kind: 'balanceOverdue',
      overdue: true,
      deadline: '2026-12-01',
      lastDay: '2026-12-16',
    })
    expect(balanceReminder(arrived, '2026-12-16')?.kind).toBe('balanceOverdue')
    expect(balanceReminder(arrived, '2026-12-17')).toBeUndefined()
  })

  it('packaging: the same rule on the 45-day packaging deadline', () => {
    const arrived = '2026-11-01'
    expect(packagingReminder(arrived, '2026-12-12')).toBeUndefined()
    expect(packagingReminder(arrived, '2026-12-13')).toMatchObject({
      kind: 'packagingDueSoon',
      deadline: '2026-12-16',
    })
    expect(packagingReminder(arrived, '2026-12-17')).toEqual({
      kind: 'packagingOverdue',
      overdue: true,
      deadline: '2026-12-16',
      lastDay: '2026-12-31',
    })
    expect(packagingReminder(arrived, '2027-01-01')).toBeUndefined()
  })

  it('shipping fee: due soon, then overdue until the box is locked, and again through the grace after an unlock', () => {
    // Packed 2026-12-01: fee due 2026-12-08, the box locked after 2026-12-23.
    const packed = '2026-12-01'
    expect(shippingFeeReminder(packed, null, '2026-12-04')).toBeUndefined()
    expect(shippingFeeReminder(packed, null, '2026-12-05')).toEqual({
      kind: 'shippingFeeDue',
      overdue: false,
      deadline: '2026-12-08',
      lastDay: '2026-12-08',
    })
    expect(shippingFeeReminder(packed, null, '2026-12-09')).toEqual({
      kind: 'shippingFeeDue',
      overdue: true,
      deadline: '2026-12-08',
      lastDay: '2026-12-23',
    })
    expect(shippingFeeReminder(packed, null, '2026-12-24')).toBeUndefined()
    // Unlocked on 2027-01-05: a new grace window to 2027-01-20.
    expect(shippingFeeReminder(packed, '2027-01-05', '2027-01-10')).toEqual({
      kind: 'shippingFeeDue',
      overdue: true,
      deadline: '2026-12-08',
      lastDay: '2027-01-20',
    })
    expect(shippingFeeReminder(packed, '2027-01-05', '2027-01-21')).toBeUndefined()
    // An unlock inside the first grace window does not shorten it.
    expect(shippingFeeReminder(packed, '2026-12-01', '2026-12-20')?.lastDay).toBe('2026-12-23')
  })

  it('extra fee: with a due date while due soon or overdue; without one, on the day it was charged only', () => {
    const fee = { dueDate: '2026-12-10', chargedOn: '2026-11-01' }
    expect(extraFeeReminder(fee, '2026-12-06')).toBeUndefined()
    expect(extraFeeReminder(fee, '2026-12-07')).toEqual({
      kind: 'extraFeeDue',
      overdue: false,
      deadline: '2026-12-10',
      lastDay: '2026-12-10',
    })
    expect(extraFeeReminder(fee, '2026-12-11')).toMatchObject({ overdue: true, deadline: '2026-12-10' })
    expect(extraFeeReminder(fee, '2026-12-25')).toMatchObject({ overdue: true })
    expect(extraFeeReminder(fee, '2026-12-26')).toBeUndefined()

    const open = { dueDate: null, chargedOn: '2026-11-01' }
    expect(extraFeeReminder(open, '2026-11-01')).toEqual({
      kind: 'extraFeeDue',
      overdue: false,
      deadline: null,
      lastDay: null,
    })
    expect(extraFeeReminder(open, '2026-11-02')).toBeUndefined()
  })
})

describe('how long the push service may hold a reminder', () => {
  it('is the seconds until the end of its last shop day (Tokyo midnight)', () => {
    expect(reminderTtlSeconds('2026-12-01', tokyo('2026-12-01T12:00:00'))).toBe(12 * 3600)
    expect(reminderTtlSeconds('2026-12-03', tokyo('2026-12-01T12:00:00'))).toBe(2 * 86_400 + 12 * 3600)
    // 23:00 in Tokyo is still 14:00 UTC the same day: the shop's day, not UTC's, counts.
    expect(reminderTtlSeconds('2026-12-01', tokyo('2026-12-01T23:00:00'))).toBe(3600)
  })

  it('is at least a minute, at least until the end of today, and at most 28 days', () => {
    expect(reminderTtlSeconds('2026-12-01', tokyo('2026-12-01T23:59:30'))).toBe(60)
    // A last day already past (a fee overdue): until the end of today.
    expect(reminderTtlSeconds('2026-11-20', tokyo('2026-12-01T18:00:00'))).toBe(6 * 3600)
    expect(reminderTtlSeconds('2027-06-01', tokyo('2026-12-01T12:00:00'))).toBe(REMINDER_TTL_MAX_SECONDS)
    expect(reminderTtlSeconds(null, tokyo('2026-12-01T12:00:00'))).toBe(28 * 86_400)
  })
})

describe('the push message', () => {
  it('is high urgency only when overdue', () => {
    expect(reminderUrgency({ overdue: true })).toBe('high')
    expect(reminderUrgency({ overdue: false })).toBe('normal')
  })

  it('carries the texts, the absolute deep link, one tag per target and the app icon', () => {
    expect(
      reminderPushPayload({
        kind: 'shippingFeeDue',
        targetId: 42,
        title: 'Shipping fee due',
        body: 'Please pay…',
        language: 'en',
        publicUrl: 'https://shop.example',
      }),
    ).toEqual({
      web_push: 8030,
      notification: {
        title: 'Shipping fee due',
        body: 'Please pay…',
        navigate: 'https://shop.example/shipping?packageId=42',
        lang: 'en',
        tag: 'package-42',
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        data: { url: 'https://shop.example/shipping?packageId=42', kind: 'shippingFeeDue', targetId: 42 },
      },
    })
    const balance = reminderPushPayload({
      kind: 'balanceOverdue',
      targetId: 7,
      title: '尾款已逾期',
      body: '…',
      language: 'zhCn',
      publicUrl: 'https://shop.example/',
    }).notification
    expect(balance).toMatchObject({ navigate: 'https://shop.example/order/7', lang: 'zh-CN', tag: 'order-7' })
  })
})

describe('a reminder’s push status after an attempt', () => {
  const outcome = (counts: { subscriptions: number; sent?: number; retryLater?: number }) => ({
    sent: 0,
    retryLater: 0,
    ...counts,
  })

  it('is none without a subscription, sent when taken, failed when refused', () => {
    expect(pushStatusAfter(outcome({ subscriptions: 0 }), 1)).toBe('none')
    expect(pushStatusAfter(outcome({ subscriptions: 2, sent: 2 }), 1)).toBe('sent')
    expect(pushStatusAfter(outcome({ subscriptions: 1 }), 1)).toBe('failed')
  })

  it('stays pending while a push service asks to retry and attempts are left, then settles', () => {
    expect(pushStatusAfter(outcome({ subscriptions: 1, retryLater: 1 }), 1)).toBe('pending')
    expect(pushStatusAfter(outcome({ subscriptions: 2, sent: 1, retryLater: 1 }), 2)).toBe('pending')
    expect(pushStatusAfter(outcome({ subscriptions: 1, retryLater: 1 }), MAX_PUSH_ATTEMPTS)).toBe('failed')
    expect(pushStatusAfter(outcome({ subscriptions: 2, sent: 1, retryLater: 1 }), MAX_PUSH_ATTEMPTS)).toBe(
      'sent',
    )
  })
})
