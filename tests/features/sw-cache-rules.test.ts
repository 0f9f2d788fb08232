import { describe, expect, it } from 'vitest'
import { apiCachePlan, isNeverCached } from '../../src/sw/api-cache-rules.ts'
import { isPrivateCacheName, tokenOwnerOf } from '../../src/sw/cache-names.ts'
import { claimsOf, tokenFor } from './support/signed-in.ts'

const shopperA = tokenFor(claimsOf({ sub: '7', sid: 'session-a' }))
const shopperB = tokenFor(claimsOf({ sub: '8', sid: 'session-b' }))
const operator = tokenFor(claimsOf({ sub: '7', sid: 'session-o', kind: 'operator', role: null }))

describe('which service-worker cache keeps an API answer', () => {
  it('keeps a visitor’s catalog lists and product pages in the shared visitor caches', () => {
    expect(apiCachePlan('/api/mall/product/hotListPage', 'GET', null)).toEqual({
      strategy: 'stale-while-revalidate',
      cacheName: 'visitor-lists',
      session: null,
    })
    expect(apiCachePlan('/api/mall/category/list', 'GET', null)).toMatchObject({ cacheName: 'visitor-lists' })
    expect(apiCachePlan('/api/mall/article/3', 'GET', null)).toMatchObject({ cacheName: 'visitor-lists' })
    expect(apiCachePlan('/api/mall/product/details/12', 'GET', null)).toEqual({
      strategy: 'network-first',
      cacheName: 'visitor-data',
      session: null,
    })
  })

  it('keeps a signed-in shopper’s answers (their prices) in caches of their own', () => {
    expect(apiCachePlan('/api/mall/product/hotListPage', 'GET', shopperA)).toEqual({
      strategy: 'stale-while-revalidate',
      cacheName: 'user-customer-7-r2-lists',
      session: 'session-a',
    })
    expect(apiCachePlan('/api/mall/product/details/12', 'GET', shopperA)).toEqual({
      strategy: 'network-first',
      cacheName: 'user-customer-7-r2-data',
      session: 'session-a',
    })
    expect(apiCachePlan('/api/mall/product/details/12', 'GET', shopperB)).toMatchObject({
      cacheName: 'user-customer-8-r2-data',
    })
    // moved to the batch column by an operator: answers of the old column are not replayed
    const batchBuyer = tokenFor(claimsOf({ sub: '7', sid: 'session-a', role: 1 }))
    expect(apiCachePlan('/api/mall/product/hotListPage', 'GET', batchBuyer)).toMatchObject({
      cacheName: 'user-customer-7-r1-lists',
    })
    // an operator and a customer with the same id never share
    expect(apiCachePlan('/api/mall/product/details/12', 'GET', operator)).toMatchObject({
      cacheName: 'user-operator-7-data',
    })
  })

  it('keeps every page a shopper opens offline: cart, favourites, history, addresses, account', () => {
    for (const path of [
      'cart/listCart',
      'charge/details',
      'user/payInfo',
      'user/info',
      'collect/list',
      'history/list',
      'address/list',
      'customer_service/list',
    ]) {
      expect(apiCachePlan(`/api/mall/${path}`, 'GET', shopperA), path).toMatchObject({
        strategy: 'network-first',
        cacheName: 'user-customer-7-r2-data',
      })
      // a visitor has none of these: their refusal is not kept
      expect(apiCachePlan(`/api/mall/${path}`, 'GET', null), path).toEqual({ strategy: 'network-only' })
    }
  })

  it('keeps a shopper’s orders readable offline, network first, in their own cache', () => {
    for (const path of ['order/list', 'order/operatorList', 'order/childList/3', 'order/42']) {
      expect(apiCachePlan(`/api/mall/${path}`, 'GET', shopperA), path).toMatchObject({
        strategy: 'network-first',
        cacheName: 'user-customer-7-r2-data',
      })
      expect(apiCachePlan(`/api/mall/${path}`, 'GET', null), path).toEqual({ strategy: 'network-only' })
    }
  })

  it('never caches payments, order creation, sign-in, the operator console or webhooks', () => {
    const neverCached = [
      '/api/mall/user/login',
      '/api/mall/user/register',
      '/api/mall/user/checkToken',
      '/api/mall/user/exit',
      '/api/mall/order/createOrder',
      '/api/mall/order/cancel/5',
      '/api/mall/order/export',
      '/api/mall/pay/status/pay_abc',
      '/api/pay/sandbox/pay_abc',
      '/api/pay/sandbox/pay_abc/paid',
      '/api/pay/webhook/sandbox',
      '/api/mall/order/orderPay/1/5',
      '/api/mall/order/finallyPay/1/5',
      '/api/mall/pay/latch',
      '/api/mall/paypal/orderPay/5',
      '/api/mall/sb_pay/orderPay/1/5',
      '/api/mall/extra_pay/pay/1/2/3',
      '/api/ops/orders',
      '/api/ops',
      '/api/webhooks/paypal',
      '/api/mall/paypal/webhook',
      '/api/mall/product/preview/12',
    ]
    for (const path of neverCached) {
      expect(isNeverCached(path), path).toBe(true)
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        for (const token of [null, shopperA]) {
          expect(apiCachePlan(path, method, token), `${method} ${path}`).toEqual({ strategy: 'network-only' })
        }
      }
    }
  })

  it('caches no change of any kind, and no call it does not know', () => {
    expect(apiCachePlan('/api/mall/cart/addToCart', 'POST', shopperA)).toEqual({ strategy: 'network-only' })
    expect(apiCachePlan('/api/mall/collect/list', 'DELETE', shopperA)).toEqual({ strategy: 'network-only' })
    expect(apiCachePlan('/api/mall/product/hotListPage', 'POST', null)).toEqual({ strategy: 'network-only' })
    expect(apiCachePlan('/api/mall/order/settleDetails/5', 'GET', shopperA)).toEqual({
      strategy: 'network-only',
    })
    expect(apiCachePlan('/api/mall/uszip/state-city', 'GET', shopperA)).toEqual({ strategy: 'network-only' })
  })

  it('keeps the release calendar for offline, but never the feed, its address, the alerts or box photos', () => {
    expect(apiCachePlan('/api/mall/product/calendar', 'GET', null)).toMatchObject({
      strategy: 'stale-while-revalidate',
      cacheName: 'visitor-lists',
    })
    // a shopper's (their prices, their favourites) in their own cache
    expect(apiCachePlan('/api/mall/product/calendar', 'GET', shopperA)).toMatchObject({
      cacheName: 'user-customer-7-r2-lists',
    })
    for (const path of [
      '/api/mall/calendar/ics-url',
      `/api/mall/calendar/feed/${'a'.repeat(43)}.ics`,
      '/api/mall/alert/list',
      '/api/mall/alert/state/5',
      '/api/mall/package/photos/31',
      '/api/package-photos/31/abc-1280.webp',
    ]) {
      expect(apiCachePlan(path, 'GET', shopperA), path).toEqual({ strategy: 'network-only' })
    }
  })

  it('caches nothing for a token it cannot read, rather than file it with the visitors', () => {
    for (const token of ['garbage', 'a.b.c', tokenFor(claimsOf({ sub: '../../x' }))]) {
      expect(apiCachePlan('/api/mall/product/hotListPage', 'GET', token), token).toEqual({
        strategy: 'network-only',
      })
    }
  })
})

describe('the names the page wipes on logout', () => {
  it('counts every shopper’s caches and the old mixed ones as private, and nothing public', () => {
    expect(isPrivateCacheName('user-customer-7-lists')).toBe(true)
    expect(isPrivateCacheName('user-operator-1-data')).toBe(true)
    expect(isPrivateCacheName('catalog-lists')).toBe(true)
    expect(isPrivateCacheName('user-catalog')).toBe(true)
    expect(isPrivateCacheName('visitor-lists')).toBe(false)
    expect(isPrivateCacheName('visitor-data')).toBe(false)
    expect(isPrivateCacheName('images')).toBe(false)
    expect(isPrivateCacheName('workbox-precache-v2-http://localhost/')).toBe(false)
  })

  it('reads the owner and the session of a token without its signature', () => {
    expect(tokenOwnerOf(shopperA)).toEqual({ owner: 'customer-7-r2', session: 'session-a' })
    expect(tokenOwnerOf(operator)).toEqual({ owner: 'operator-7', session: 'session-o' })
    expect(tokenOwnerOf('not a token')).toBeUndefined()
  })
})
