import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyKeys, products, users } from '../../server/db/schema.ts'
import { runHourlySweep } from '../../server/jobs/account-sweep.ts'
import { sweepIdempotencyKeys, withIdempotency } from '../../server/services/idempotency.ts'
import type { AddToCartAnswer, CartLineDto } from '../../src/domain/cart.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { logIn, signUp } from './support/accounts.ts'
import { insertProducts, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

type Headers = Record<string, string>

describe.each(engines)('idempotent cart changes on %s', (engine) => {
  let t: TestApp
  let ada: Headers
  let ben: Headers
  let figure: number
  let boxed: number
  let fewLeft: number

  beforeAll(async () => {
    t = await createTestApp(engine)
    const rows = await insertProducts(t.db, [
      productRow({ type: 1 }),
      productRow({ type: 2, orderBase: 6, stock: 600 }),
      productRow({ type: 2, stock: 3 }),
    ])
    ;[figure, boxed, fewLeft] = rows.map((row) => row.id) as [number, number, number]
    ada = { token: (await signUp(t, 'ada@example.com')).token }
    ben = { token: (await signUp(t, 'ben@example.com')).token }
  })
  afterAll(async () => {
    await t.close()
  })

  const withKey = (headers: Headers, key: string): Headers => ({ ...headers, 'Idempotency-Key': key })
  const add = (headers: Headers, body: unknown) =>
    t.sendJson<Envelope<AddToCartAnswer | null>>('POST', '/api/mall/cart/addToCart', body, headers)
  const change = (headers: Headers, cartId: number, num: number) =>
    t.sendJson<Envelope<CartLineDto | null>>(
      'PUT',
      `/api/mall/cart/changeNum/${cartId}/${num}`,
      undefined,
      headers,
    )
  const remove = (headers: Headers, cartIds: number[]) =>
    t.sendJson<Envelope<{ removed: number } | null>>(
      'DELETE',
      '/api/mall/cart/removeFromCart',
      { cartIds },
      headers,
    )
  const clear = (headers: Headers) =>
    t.sendJson<Envelope<{ removed: number } | null>>('DELETE', '/api/mall/cart/clearCart', undefined, headers)
  const amountOf = async (headers: Headers, productId: number) => {
    const { body } = await t.getJson<Envelope<CartLineDto[]>>('/api/mall/cart/listCart', headers)
    return body.data.find((line) => line.productId === productId)?.productAmount ?? 0
  }

  it('applies an add once and replays its answer for the same key', async () => {
    const body = { productId: figure, productAmount: 2, productType: 1 }
    const first = await add(withKey(ada, 'add-1'), body)
    expect(first.body.code).toBe(200)
    const again = await add(withKey(ada, 'add-1'), body)
    expect(again.body).toEqual(first.body)
    expect(await amountOf(ada, figure)).toBe(2)
    // Without the key the call behaves as before: every add adds.
    expect((await add(ada, body)).body.data?.productAmount).toBe(4)
    expect(await amountOf(ada, figure)).toBe(4)
  })

  it('applies racing replays of one key once', async () => {
    const body = { productId: boxed, productAmount: 6, productType: 2 }
    const answers = await Promise.all([1, 2, 3].map(() => add(withKey(ada, 'race-1'), body)))
    expect(answers.map((a) => a.body.code)).toEqual([200, 200, 200])
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1)
    expect(await amountOf(ada, boxed)).toBe(6)
  })

  it('keys are per shopper: the same key from another shopper is their own request', async () => {
    const body = { productId: figure, productAmount: 1, productType: 1 }
    expect((await add(withKey(ben, 'add-1'), body)).body.data?.productAmount).toBe(1)
    expect(await amountOf(ada, figure)).toBe(4)
  })

  it('refuses a key reused on a different request, and changes nothing', async () => {
    const cartId = (await add(withKey(ada, 'add-1'), { productId: figure, productAmount: 2, productType: 1 }))
      .body.data?.cartId as number
    const reused = await change(withKey(ada, 'add-1'), cartId, 7)
    expect(reused.status).toBe(409)
    expect(reused.body.msg).toBe('Idempotency-Key: this key was already used for a different request')
    expect((await clear(withKey(ada, 'add-1'))).status).toBe(409)
    // The same call with another body is another request too.
    const otherBody = await add(withKey(ada, 'add-1'), {
      productId: figure,
      productAmount: 3,
      productType: 1,
    })
    expect(otherBody.status).toBe(409)
    expect(await amountOf(ada, figure)).toBe(4)
  })

  it('replays changeNum, removeFromCart and clearCart answers', async () => {
    const cartId = (await add(ben, { productId: boxed, productAmount: 6, productType: 2 })).body.data
      ?.cartId as number
    const changed = await change(withKey(ben, 'change-1'), cartId, 12)
    expect(changed.body.data?.productAmount).toBe(12)
    // Changed by hand meanwhile; the replay answers the stored line and does not set 12 again.
    expect((await change(ben, cartId, 18)).body.code).toBe(200)
    const replayed = await change(withKey(ben, 'change-1'), cartId, 12)
    expect(replayed.body).toEqual(changed.body)
    expect(await amountOf(ben, boxed)).toBe(18)

    const removed = await remove(withKey(ben, 'remove-1'), [cartId])
    expect(removed.body.data).toEqual({ removed: 1 })
    // The line is gone, yet the replay answers as the first call did rather than 404.
    expect((await remove(withKey(ben, 'remove-1'), [cartId])).body).toEqual(removed.body)

    await add(ben, { productId: boxed, productAmount: 6, productType: 2 })
    const cleared = await clear(withKey(ben, 'clear-1'))
    expect(cleared.body.data).toEqual({ removed: 2 })
    await add(ben, { productId: boxed, productAmount: 6, productType: 2 })
    expect((await clear(withKey(ben, 'clear-1'))).body.data).toEqual({ removed: 2 })
    expect(await amountOf(ben, boxed)).toBe(6)
  })

  it('does not store a refusal: the same key is evaluated again', async () => {
    const body = { productId: fewLeft, productAmount: 3, productType: 2 }
    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, fewLeft))
    const refused = await add(withKey(ada, 'stock-1'), body)
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe('This item is out of stock')
    await t.db.update(products).set({ stock: 3 }).where(eq(products.id, fewLeft))
    expect((await add(withKey(ada, 'stock-1'), body)).body.data?.productAmount).toBe(3)
    expect((await add(withKey(ada, 'stock-1'), body)).body.data?.productAmount).toBe(3)
    expect(await amountOf(ada, fewLeft)).toBe(3)
  })

  it('treats a key older than 24 h as new', async () => {
    const body = { productId: boxed, productAmount: 6, productType: 2 }
    const before = await amountOf(ada, boxed)
    expect((await add(withKey(ada, 'stale-1'), body)).body.data?.productAmount).toBe(before + 6)
    // A token lives two hours, so Ada signs in again after each jump of the clock.
    const signInAgain = async () => {
      const token = (await logIn(t, 'ada@example.com')).headers.get('token')
      if (!token) throw new Error('login refused')
      ada = { token }
    }
    t.clock.advance(23 * HOUR)
    await signInAgain()
    expect((await add(withKey(ada, 'stale-1'), body)).body.data?.productAmount).toBe(before + 6)
    t.clock.advance(2 * HOUR)
    await signInAgain()
    expect((await add(withKey(ada, 'stale-1'), body)).body.data?.productAmount).toBe(before + 12)
    // The key starts its 24 h again from the new use.
    expect((await add(withKey(ada, 'stale-1'), body)).body.data?.productAmount).toBe(before + 12)
    expect(await amountOf(ada, boxed)).toBe(before + 12)
  })

  it('names a malformed key and changes nothing', async () => {
    const before = await amountOf(ada, figure)
    for (const key of ['has space', 'x'.repeat(101), 'semi;colon', 'slash/key']) {
      const answer = await add(withKey(ada, key), { productId: figure, productAmount: 1, productType: 1 })
      expect(answer.status).toBe(400)
      expect(answer.body.msg).toBe('Idempotency-Key: must be 1–100 letters, digits or - _ : .')
    }
    expect((await clear(withKey(ada, 'bad key'))).status).toBe(400)
    expect(await amountOf(ada, figure)).toBe(before)
  })
})

describe.each(engines)('withIdempotency and the key sweep on %s', (engine) => {
  let t: TestApp
  let userId: number

  beforeAll(async () => {
    t = await createTestApp(engine)
    const [account] = await t.db
      .insert(users)
      .values({ email: 'keys@example.com', passwordHash: 'x', nickname: 'K' })
      .returning({ id: users.id })
    userId = account?.id as number
  })
  afterAll(async () => {
    await t.close()
  })

  it('stores the answer with the effect, and replays a null answer too', async () => {
    const at = new Date('2026-11-22T12:00:00Z')
    let runs = 0
    const effect = async () => {
      runs += 1
      return null
    }
    const request = { userId, key: 'null-1', request: 'DELETE /x', at }
    expect(await withIdempotency(t.db, request, effect)).toBeNull()
    expect(await withIdempotency(t.db, request, effect)).toBeNull()
    expect(runs).toBe(1)
    // Without a key the effect runs every time.
    await withIdempotency(t.db, { ...request, key: undefined }, effect)
    expect(runs).toBe(2)
  })

  it('rolls the claimed key back when the effect fails', async () => {
    const at = new Date('2026-11-22T12:00:00Z')
    const request = { userId, key: 'boom-1', request: 'POST /x', at }
    await expect(
      withIdempotency(t.db, request, async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    const stored = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'boom-1'))
    expect(stored).toEqual([])
    expect(await withIdempotency(t.db, request, async () => ({ ok: 1 }))).toEqual({ ok: 1 })
  })

  it('the hourly sweep deletes keys older than 24 h and keeps the rest; running it again deletes nothing', async () => {
    const now = new Date('2026-11-24T00:00:00Z')
    await t.db.insert(idempotencyKeys).values([
      {
        userId,
        key: 'old-1',
        request: 'POST /x',
        response: { a: 1 },
        createdAt: new Date(now.getTime() - 2 * DAY),
      },
      {
        userId,
        key: 'old-2',
        request: 'POST /x',
        response: null,
        createdAt: new Date(now.getTime() - DAY - 1),
      },
      {
        userId,
        key: 'fresh',
        request: 'POST /x',
        response: null,
        createdAt: new Date(now.getTime() - 23 * HOUR),
      },
    ])
    const before = (await t.db.select().from(idempotencyKeys)).length
    const swept = await runHourlySweep(t.db, now)
    expect(swept.accounts?.ran).toBe(true)
    // 'old-1' and 'old-2', and the two keys of the tests above (stored at 2026-11-22T12:00Z, 36 h ago).
    expect(swept.idempotencyKeys).toEqual({ ran: true, keys: 4 })
    const left = (await t.db.select().from(idempotencyKeys)).map((row) => row.key)
    expect(left).toEqual(['fresh'])
    expect(left.length).toBe(before - 4)
    expect(await sweepIdempotencyKeys(t.db, now)).toEqual({ ran: true, keys: 0 })
  })
})
