import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lookUpUsZip } from '../../server/services/us-zip.ts'
import type { UsZipDto } from '../../src/domain/address.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

// The lookup reads no database: one engine is enough.
describe('GET /mall/uszip/state-city', () => {
  let t: TestApp
  let token: string

  beforeAll(async () => {
    t = await createTestApp('pglite')
    ;({ token } = await signedInAccount(t, 'zip-user@example.com'))
  })
  afterAll(async () => {
    await t.close()
  })

  const lookUp = (zip: string | undefined, headers: Record<string, string> = { token }) =>
    t.getJson<Envelope<UsZipDto>>(
      `/api/mall/uszip/state-city${zip === undefined ? '' : `?zip=${encodeURIComponent(zip)}`}`,
      headers,
    )

  it('refuses a visitor with 401', async () => {
    const { status, body } = await lookUp('90210', {})
    expect(status).toBe(401)
    expect(body).toMatchObject({ code: 401, data: null })
  })

  it('answers the state, its code and the city of a ZIP', async () => {
    const { status, body } = await lookUp('90210')
    expect(status).toBe(200)
    expect(body).toEqual({
      code: 200,
      msg: 'success',
      data: {
        zip: '90210',
        state: 'California',
        stateCode: 'CA',
        city: 'Beverly Hills',
        cities: ['Beverly Hills'],
      },
    })
  })

  it.each([
    ['02108', { state: 'Massachusetts', stateCode: 'MA', city: 'Boston' }],
    ['00501', { state: 'New York', stateCode: 'NY', city: 'Holtsville' }],
    ['20500', { state: 'District of Columbia', stateCode: 'DC', city: 'Washington' }],
    ['99501', { state: 'Alaska', stateCode: 'AK', city: 'Anchorage' }],
  ])('answers %s, leading zeros kept', async (zip, place) => {
    expect((await lookUp(zip)).body.data).toEqual({ zip, ...place, cities: [place.city] })
  })

  it.each([['90210-1234'], ['902101234'], ['９０２１０'], ['９０２１０－１２３４'], [' 90210 ']])(
    'reads %s as 90210 (ZIP+4, full-width digits, spaces)',
    async (zip) => {
      const { status, body } = await lookUp(zip)
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ zip: '90210', stateCode: 'CA', city: 'Beverly Hills' })
    },
  )

  it('lists every place of a ZIP that serves several, the primary one (with a state) first', async () => {
    // 96860 serves the Hawaiian base and a fleet post office; the data lists the base first.
    expect((await lookUp('96860')).body.data).toEqual({
      zip: '96860',
      state: 'Hawaii',
      stateCode: 'HI',
      city: 'Jbphh',
      cities: ['Jbphh', 'FPO AA'],
    })
  })

  it('names the armed-forces state of a military post office', async () => {
    expect((await lookUp('09001')).body.data).toEqual({
      zip: '09001',
      state: 'Armed Forces Americas',
      stateCode: 'AA',
      city: 'APO AA',
      cities: ['APO AA'],
    })
  })

  it.each([['00000'], ['99999'], ['96365']])(
    'answers 404 for %s, which no US place with a state has',
    async (zip) => {
      const { status, body } = await lookUp(zip)
      expect(status).toBe(404)
      expect(body).toEqual({ code: 404, msg: 'zip: no US place has this ZIP code', data: null })
    },
  )

  it.each([
    [undefined, 'zip: is required'],
    ['', 'zip: must be a US ZIP code (12345 or 12345-6789)'],
    ['1234', 'zip: must be a US ZIP code (12345 or 12345-6789)'],
    ['123456', 'zip: must be a US ZIP code (12345 or 12345-6789)'],
    ['12345-678', 'zip: must be a US ZIP code (12345 or 12345-6789)'],
    ['abcde', 'zip: must be a US ZIP code (12345 or 12345-6789)'],
    ['SW1A 1AA', 'zip: must be a US ZIP code (12345 or 12345-6789)'],
  ])('refuses zip %o with a 400 naming zip', async (zip, msg) => {
    const { status, body } = await lookUp(zip)
    expect(status).toBe(400)
    expect(body.msg).toBe(msg)
  })

  it('reads the table once and answers from memory after that', async () => {
    const started = performance.now()
    for (let i = 0; i < 200; i++) await lookUpUsZip('10001')
    expect(performance.now() - started).toBeLessThan(1000)
    expect(await lookUpUsZip('10001')).toMatchObject({ state: 'New York', city: 'New York' })
  })
})
