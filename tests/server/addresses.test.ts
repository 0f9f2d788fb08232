import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addresses } from '../../server/db/schema.ts'
import { type AddressDto, type AddressInput, MAX_ADDRESSES } from '../../src/domain/address.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/** The required fields of an address; every test names its address by `address`. */
const minimal = (address: string, extra: Partial<AddressInput> = {}): AddressInput => ({
  firstName: 'Erin',
  lastName: 'Lee',
  telephone: '+1 (212) 555-0100',
  postCode: '10001',
  country: '美国',
  address,
  ...extra,
})

const full: AddressInput = {
  firstName: ' Erin ',
  lastName: 'Lee',
  nameEn: 'Erin Lee',
  telephone: '+1 (212) 555-0100',
  postCode: '１０００１',
  country: '美国',
  countryEn: 'United States',
  province: '纽约州',
  provinceEn: 'New York',
  city: '纽约',
  cityEn: 'New York',
  district: '曼哈顿',
  districtEn: 'Manhattan',
  shopName: '店',
  shopNameEn: 'Shop',
  address: '350 Fifth Avenue',
  addressEn: '350 Fifth Avenue',
  acquiescent: 0,
  isBill: 1,
}

describe.each(engines)('address book calls on %s', (engine) => {
  let t: TestApp
  let alice: { token: string; userId: number }
  let bob: { token: string; userId: number }

  beforeAll(async () => {
    t = await createTestApp(engine)
    alice = await signedInAccount(t, 'addr-alice@example.com')
    bob = await signedInAccount(t, 'addr-bob@example.com')
  })
  afterAll(async () => {
    await t.close()
  })

  const list = (token: string) => t.getJson<Envelope<AddressDto[]>>('/api/mall/address/list', { token })
  const save = (token: string, body: unknown) =>
    t.sendJson<Envelope<AddressDto>>('POST', '/api/mall/address/save', body, { token })
  const update = (token: string, body: unknown) =>
    t.sendJson<Envelope<AddressDto>>('PUT', '/api/mall/address/update', body, { token })
  const remove = (token: string, id: number | string) =>
    t.sendJson<Envelope<{ removed: number }>>('DELETE', `/api/mall/address/del/${id}`, undefined, { token })

  const saved = async (token: string, body: AddressInput) => {
    const { status, body: answer } = await save(token, body)
    expect(status, answer.msg).toBe(200)
    return answer.data
  }
  /** The shopper's rows straight from the table, oldest first. */
  const rowsOf = (userId: number) =>
    t.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id))
  const defaultIdsOf = async (userId: number) =>
    (
      await t.db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
    ).map((row) => row.id)
  const listed = async (token: string) =>
    (await list(token)).body.data.map((entry) => [entry.address, entry.acquiescent])

  it.each([
    ['GET', '/api/mall/address/list'],
    ['POST', '/api/mall/address/save'],
    ['PUT', '/api/mall/address/update'],
    ['DELETE', '/api/mall/address/del/1'],
  ] as const)('refuses a visitor on %s %s with 401', async (method, path) => {
    const response =
      method === 'GET'
        ? await t.getJson<Envelope<null>>(path)
        : await t.sendJson<Envelope<null>>(method, path, minimal('x'))
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ code: 401, data: null })
  })

  describe('save and list', () => {
    it('starts empty', async () => {
      expect((await list(alice.token)).body).toEqual({ code: 200, msg: 'success', data: [] })
    })

    it('answers the saved address with every field, flags as numbers, and makes the first the default', async () => {
      const { status, body } = await save(alice.token, full)
      expect(status).toBe(200)
      expect(body).toEqual({
        code: 200,
        msg: 'success',
        data: {
          ...full,
          id: expect.any(Number),
          firstName: 'Erin',
          postCode: '10001',
          // The first address is the default, whatever its flag said.
          acquiescent: 1,
          isBill: 1,
        },
      })
      const [row] = await rowsOf(alice.userId)
      expect(row).toMatchObject({ id: body.data.id, isDefault: true, isBill: true, firstName: 'Erin' })
      expect((await list(alice.token)).body.data).toEqual([body.data])
    })

    it('stores optional fields left out as null and ignores an id sent with a new address', async () => {
      const first = (await list(alice.token)).body.data[0]
      const second = await saved(alice.token, { ...minimal('Second street'), id: first?.id ?? 1 })
      expect(second.id).not.toBe(first?.id)
      expect(second).toMatchObject({
        nameEn: null,
        countryEn: null,
        province: null,
        city: null,
        district: null,
        shopName: null,
        addressEn: null,
        acquiescent: 0,
        isBill: 0,
      })
      // Blank optional text is "not given" too.
      const third = await saved(alice.token, minimal('Third street', { city: '  ', nameEn: '' }))
      expect(third).toMatchObject({ city: null, nameEn: null })
    })

    it('lists the default first, then the newest', async () => {
      expect(await listed(alice.token)).toEqual([
        ['350 Fifth Avenue', 1],
        ['Third street', 0],
        ['Second street', 0],
      ])
    })

    it('moves the default to an address saved with acquiescent 1', async () => {
      const fourth = await saved(alice.token, minimal('Fourth street', { acquiescent: 1 }))
      expect(fourth.acquiescent).toBe(1)
      expect(await defaultIdsOf(alice.userId)).toEqual([fourth.id])
      expect(await listed(alice.token)).toEqual([
        ['Fourth street', 1],
        ['Third street', 0],
        ['Second street', 0],
        ['350 Fifth Avenue', 0],
      ])
    })

    it("keeps each shopper's book apart", async () => {
      expect((await list(bob.token)).body.data).toEqual([])
      const bobs = await saved(bob.token, minimal('Bob street', { acquiescent: 0 }))
      expect(bobs.acquiescent).toBe(1)
      expect(await listed(bob.token)).toEqual([['Bob street', 1]])
      // Bob's first default did not touch Alice's.
      expect(await defaultIdsOf(alice.userId)).toHaveLength(1)
      expect(await listed(alice.token)).toHaveLength(4)
    })

    it.each([
      [{}, 'firstName: is required'],
      [minimal('x', { firstName: '   ' }), 'firstName: is required'],
      [minimal('x', { firstName: 'x'.repeat(51) }), 'firstName: must be at most 50 characters'],
      [minimal(''), 'address: is required'],
      [minimal('x'.repeat(201)), 'address: must be at most 200 characters'],
      [minimal('x', { telephone: 'none' }), 'telephone: must be a valid phone number'],
      [
        minimal('x', { postCode: '100_0001' }),
        'postCode: must be at most 16 letters, digits, spaces or hyphens',
      ],
      [{ ...minimal('x'), country: 'Narnia' }, "country: must be one of the shop's countries and regions"],
      [minimal('x', { city: 'x'.repeat(101) }), 'city: must be at most 100 characters'],
      [{ ...minimal('x'), acquiescent: true }, 'acquiescent: must be 0 or 1'],
      [{ ...minimal('x'), isBill: '1' }, 'isBill: must be 0 or 1'],
      [{ ...minimal('x'), id: 0 }, 'id: must be a positive whole number'],
      [42, 'body: must be an object'],
    ])('refuses %o with a 400 naming the field, saving nothing', async (body, msg) => {
      const before = await rowsOf(alice.userId)
      const { status, body: answer } = await save(alice.token, body)
      expect(status).toBe(400)
      expect(answer).toMatchObject({ code: 400, msg })
      expect(await rowsOf(alice.userId)).toEqual(before)
    })

    it('refuses a body that is not JSON', async () => {
      const response = await t.app.request('/api/mall/address/save', {
        method: 'POST',
        headers: { token: alice.token, 'content-type': 'application/json' },
        body: '{"firstName":',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 400, msg: 'body: is not valid JSON' })
    })
  })

  describe('update', () => {
    const aliceAddress = async (address: string) => {
      const found = (await list(alice.token)).body.data.find((entry) => entry.address === address)
      if (!found) throw new Error(`no address ${address}`)
      return found
    }

    it('replaces every field and answers the address as stored', async () => {
      const second = await aliceAddress('Second street')
      const { status, body } = await update(alice.token, { ...full, id: second.id, address: 'Second avenue' })
      expect(status).toBe(200)
      expect(body.data).toEqual({
        ...full,
        id: second.id,
        firstName: 'Erin',
        postCode: '10001',
        address: 'Second avenue',
        acquiescent: 0,
        isBill: 1,
      })
      // Fields left out of an update are cleared, as the form sends every field.
      const cleared = await update(alice.token, { ...minimal('Second avenue'), id: second.id })
      expect(cleared.body.data).toMatchObject({ city: null, nameEn: null, isBill: 0, acquiescent: 0 })
    })

    it('moves the default to the address updated with acquiescent 1', async () => {
      const second = await aliceAddress('Second avenue')
      const { body } = await update(alice.token, {
        ...minimal('Second avenue', { acquiescent: 1 }),
        id: second.id,
      })
      expect(body.data.acquiescent).toBe(1)
      expect(await defaultIdsOf(alice.userId)).toEqual([second.id])
      expect((await list(alice.token)).body.data[0]?.id).toBe(second.id)
    })

    it('keeps the default the default when it is updated with acquiescent 0', async () => {
      const second = await aliceAddress('Second avenue')
      const { body } = await update(alice.token, {
        ...minimal('Second avenue, 2F', { acquiescent: 0 }),
        id: second.id,
      })
      expect(body.data).toMatchObject({ address: 'Second avenue, 2F', acquiescent: 1 })
      expect(await defaultIdsOf(alice.userId)).toEqual([second.id])
    })

    it("answers 404 for another shopper's address or an unknown id, and changes nothing", async () => {
      const [bobs] = (await list(bob.token)).body.data
      if (!bobs) throw new Error('Bob has no address')
      const aliceBefore = await rowsOf(alice.userId)
      const bobBefore = await rowsOf(bob.userId)
      for (const id of [bobs.id, 999_999]) {
        const { status, body } = await update(alice.token, {
          ...minimal('Taken over', { acquiescent: 1 }),
          id,
        })
        expect(status).toBe(404)
        expect(body).toEqual({ code: 404, msg: 'address not found', data: null })
      }
      expect(await rowsOf(alice.userId)).toEqual(aliceBefore)
      expect(await rowsOf(bob.userId)).toEqual(bobBefore)
    })

    it.each([
      [minimal('x'), 'id: is required'],
      [{ ...minimal('x'), id: null }, 'id: is required'],
      [{ ...minimal('x'), id: '3' }, 'id: must be a positive whole number'],
      [{ ...minimal('x'), id: 1.5 }, 'id: must be a positive whole number'],
      [{ ...minimal(''), id: 1 }, 'address: is required'],
      [{ ...minimal('x', { lastName: 'x'.repeat(51) }), id: 1 }, 'lastName: must be at most 50 characters'],
      [{ ...minimal('x'), id: 1, acquiescent: 2 }, 'acquiescent: must be 0 or 1'],
    ])('refuses %o with a 400 naming the field, changing nothing', async (body, msg) => {
      const before = await rowsOf(alice.userId)
      const { status, body: answer } = await update(alice.token, body)
      expect(status).toBe(400)
      expect(answer.msg).toBe(msg)
      expect(await rowsOf(alice.userId)).toEqual(before)
    })
  })

  describe('del', () => {
    it("answers 404 for another shopper's address or an unknown id, and deletes nothing", async () => {
      const [bobs] = (await list(bob.token)).body.data
      if (!bobs) throw new Error('Bob has no address')
      for (const id of [bobs.id, 999_999]) {
        const { status, body } = await remove(alice.token, id)
        expect(status).toBe(404)
        expect(body).toEqual({ code: 404, msg: 'address not found', data: null })
      }
      expect(await listed(bob.token)).toEqual([['Bob street', 1]])
    })

    it('refuses a bad id with a 400 naming id', async () => {
      for (const bad of ['abc', '0', '-1', '1.5']) {
        const { status, body } = await remove(alice.token, bad)
        expect(status, bad).toBe(400)
        expect(body.msg).toMatch(/^id: /)
      }
    })

    it('removes an address that is not the default, leaving the default where it is', async () => {
      const before = await defaultIdsOf(alice.userId)
      const third = (await list(alice.token)).body.data.find((entry) => entry.address === 'Third street')
      const { body } = await remove(alice.token, third?.id ?? 0)
      expect(body).toEqual({ code: 200, msg: 'success', data: { removed: 1 } })
      expect(await defaultIdsOf(alice.userId)).toEqual(before)
      expect((await remove(alice.token, third?.id ?? 0)).status).toBe(404)
    })

    it('makes the newest remaining address the default when the default is deleted', async () => {
      // Left: Second avenue, 2F (default), Fourth street (newest), 350 Fifth Avenue (oldest).
      expect(await listed(alice.token)).toEqual([
        ['Second avenue, 2F', 1],
        ['Fourth street', 0],
        ['350 Fifth Avenue', 0],
      ])
      const [defaultAddress] = (await list(alice.token)).body.data
      await remove(alice.token, defaultAddress?.id ?? 0)
      expect(await listed(alice.token)).toEqual([
        ['Fourth street', 1],
        ['350 Fifth Avenue', 0],
      ])
      const [fourth, fifth] = (await list(alice.token)).body.data
      await remove(alice.token, fourth?.id ?? 0)
      expect(await listed(alice.token)).toEqual([['350 Fifth Avenue', 1]])
      await remove(alice.token, fifth?.id ?? 0)
      expect(await rowsOf(alice.userId)).toEqual([])
      // An empty book starts again: the next address is the default.
      expect((await saved(alice.token, minimal('Fresh start'))).acquiescent).toBe(1)
    })
  })

  describe('one default, under calls at once', () => {
    it('makes exactly one of several first saves at once the default', async () => {
      const carol = await signedInAccount(t, 'addr-carol@example.com')
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => save(carol.token, minimal(`Carol ${i}`))),
      )
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
      expect(answers.filter((r) => r.body.data.acquiescent === 1)).toHaveLength(1)
      expect(await defaultIdsOf(carol.userId)).toHaveLength(1)
      expect(await rowsOf(carol.userId)).toHaveLength(6)
    })

    it('leaves exactly one default after saves with acquiescent 1 at once, the last one to run', async () => {
      const dave = await signedInAccount(t, 'addr-dave@example.com')
      await saved(dave.token, minimal('Dave home'))
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => save(dave.token, minimal(`Dave ${i}`, { acquiescent: 1 }))),
      )
      expect(answers.every((r) => r.status === 200 && r.body.data.acquiescent === 1)).toBe(true)
      const defaults = await defaultIdsOf(dave.userId)
      expect(defaults).toHaveLength(1)
      // The saves ran one after the other: the last one (the highest id) holds the default.
      expect(defaults[0]).toBe(Math.max(...answers.map((r) => r.body.data.id)))
      const book = (await list(dave.token)).body.data
      expect(book).toHaveLength(9)
      expect(book.filter((entry) => entry.acquiescent === 1).map((entry) => entry.id)).toEqual(defaults)
    })

    it('leaves exactly one default after deletes, saves and updates at once', async () => {
      const erin = await signedInAccount(t, 'addr-erin@example.com')
      const book: AddressDto[] = []
      for (let i = 0; i < 8; i++) book.push(await saved(erin.token, minimal(`Erin ${i}`, { acquiescent: 1 })))
      // The default (the last saved) and four others go at once, while two saves and an update ask for it.
      const calls = await Promise.all([
        ...book.slice(3).map((entry) => remove(erin.token, entry.id)),
        save(erin.token, minimal('Erin new 1', { acquiescent: 1 })),
        save(erin.token, minimal('Erin new 2', { acquiescent: 0 })),
        update(erin.token, { ...minimal('Erin 0 moved', { acquiescent: 1 }), id: book[0]?.id }),
      ])
      expect(calls.map((r) => r.status)).toEqual(Array(8).fill(200))
      const rows = await rowsOf(erin.userId)
      expect(rows).toHaveLength(5)
      expect(rows.filter((row) => row.isDefault)).toHaveLength(1)
      expect((await list(erin.token)).body.data.filter((entry) => entry.acquiescent === 1)).toHaveLength(1)
    })

    it('leaves exactly one default while deleting the default over and over at once', async () => {
      const fay = await signedInAccount(t, 'addr-fay@example.com')
      for (let i = 0; i < 6; i++) await saved(fay.token, minimal(`Fay ${i}`))
      // Each round deletes whatever is the default now, twice at once: one finds it, the other a 404.
      for (let round = 0; round < 5; round++) {
        const [current] = await defaultIdsOf(fay.userId)
        const answers = await Promise.all([remove(fay.token, current ?? 0), remove(fay.token, current ?? 0)])
        expect(answers.map((r) => r.status).sort()).toEqual([200, 404])
        expect(await defaultIdsOf(fay.userId)).toHaveLength(1)
      }
      const [last] = await rowsOf(fay.userId)
      expect(await defaultIdsOf(fay.userId)).toEqual([last?.id])
      // Deleting the only address, the default, leaves an empty book rather than failing.
      expect((await remove(fay.token, last?.id ?? 0)).status).toBe(200)
      expect(await rowsOf(fay.userId)).toEqual([])
    })

    it('refuses a second default written past the lock (the unique index holds)', async () => {
      const gus = await signedInAccount(t, 'addr-gus@example.com')
      await saved(gus.token, minimal('Gus home'))
      const [row] = await rowsOf(gus.userId)
      if (!row) throw new Error('Gus has no address')
      const { id: _id, createdAt: _created, updatedAt: _updated, ...copy } = row
      await expect(t.db.insert(addresses).values({ ...copy, isDefault: true })).rejects.toThrow()
      expect(await defaultIdsOf(gus.userId)).toEqual([row.id])
    })
  })

  describe(`at most ${MAX_ADDRESSES} addresses`, () => {
    it('refuses the address past the limit with a 409 and saves nothing, and takes one after a delete', async () => {
      const hal = await signedInAccount(t, 'addr-hal@example.com')
      const { userId } = hal
      // 49 straight into the table (the first the default), the 50th through the call.
      await t.db.insert(addresses).values(
        Array.from({ length: MAX_ADDRESSES - 1 }, (_, i) => {
          const { firstName, lastName, telephone, postCode, country, address } = minimal(`Hal ${i}`)
          return { firstName, lastName, telephone, postCode, country, address, userId, isDefault: i === 0 }
        }),
      )
      const fiftieth = await saved(hal.token, minimal('Hal 49'))
      const over = await save(hal.token, minimal('Hal 50', { acquiescent: 1 }))
      expect(over.status).toBe(409)
      expect(over.body).toEqual({
        code: 409,
        msg: 'An address book holds at most 50 addresses; delete one to add another',
        data: null,
      })
      const rows = await rowsOf(userId)
      expect(rows).toHaveLength(MAX_ADDRESSES)
      // The refused save asked for the default; it stayed where it was.
      expect(rows.filter((row) => row.isDefault).map((row) => row.address)).toEqual(['Hal 0'])

      // Several at once at the limit: none gets through.
      const atOnce = await Promise.all(Array.from({ length: 3 }, () => save(hal.token, minimal('Hal extra'))))
      expect(atOnce.map((r) => r.status)).toEqual([409, 409, 409])

      await remove(hal.token, fiftieth.id)
      expect((await save(hal.token, minimal('Hal 50'))).status).toBe(200)
      expect(await rowsOf(userId)).toHaveLength(MAX_ADDRESSES)
    })
  })
})
