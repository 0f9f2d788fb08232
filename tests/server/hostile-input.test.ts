import { Agent, request } from 'node:http'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { securityHeaders } from '../../server/http/security.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signUp } from './support/accounts.ts'
import { insertProducts, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request through `agent` (which keeps its connection alive), read to the end. */
function send(agent: Agent, url: string, method: string, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        agent,
        method,
        headers: body ? { 'content-type': 'application/json', 'content-length': body.byteLength } : {},
      },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
      },
    )
    // the server may close before it has read all of an over-size body: that write error is expected
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
    })
    outgoing.end(body)
  })
}

describe.each(engines)('hostile input on %s', (engine) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    await insertProducts(t.db, [productRow({ productName: 'NUL 测试商品' })])
    ;({ token } = await signUp(t, 'nul@example.com'))
  })
  afterAll(async () => {
    await t.close()
  })

  const nulRefusal = (field: string) => ({
    code: 400,
    msg: `${field}: must not contain a NUL character`,
    data: { fields: [{ field, message: 'must not contain a NUL character' }] },
  })

  it('refuses a NUL character in a query by its field, with a 400 and nothing else', async () => {
    const { status, body } = await t.getJson<Envelope<unknown>>('/api/mall/product/search?keyword=a%00b')
    expect(status).toBe(400)
    expect(body).toEqual(nulRefusal('keyword'))
  })

  it('refuses a NUL character in a JSON field, nested or not, and saves nothing', async () => {
    const address = {
      firstName: 'Erin',
      lastName: 'Lee',
      telephone: '+1 (212) 555-0100',
      postCode: '10001',
      country: '美国',
      address: '5th Avenue\u0000 1',
    }
    const saved = await t.sendJson<Envelope<unknown>>('POST', '/api/mall/address/save', address, { token })
    expect(saved.status).toBe(400)
    expect(saved.body).toEqual(nulRefusal('address'))
    const list = await t.getJson<Envelope<unknown[]>>('/api/mall/address/list', { token })
    expect(list.body.data).toEqual([])

    const nickname = await t.sendJson<Envelope<unknown>>(
      'PUT',
      '/api/mall/user/updateBaseInfo',
      { nickname: 'a\u0000' },
      { token },
    )
    expect(nickname.status).toBe(400)
    expect(nickname.body).toEqual(nulRefusal('nickname'))
    const info = await t.getJson<Envelope<{ nickname: string }>>('/api/mall/user/info', { token })
    expect(info.body.data.nickname).not.toContain('\u0000')
  })

  it('reads a body nested 100,000 deep without failing: a 400 naming the first missing field', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const response = await t.app.request('/api/mall/address/save', {
      method: 'POST',
      body: deep,
      headers: { token, 'content-type': 'application/json' },
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as Envelope<unknown>).msg).toBe('firstName: is required')
  })

  it('refuses an id past what the database holds by its field, not with a 500', async () => {
    const exported = await t.sendJson<Envelope<unknown>>(
      'POST',
      '/api/mall/order/export',
      { orderId: 2_147_483_648 },
      { token },
    )
    expect(exported.status).toBe(400)
    expect(exported.body.msg).toBe('orderId: must be a positive whole number')
  })

  it('refuses a NUL character in a multipart text field', async () => {
    const form = new FormData()
    form.set('note\u0000', 'x')
    form.set('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0])], { type: 'image/jpeg' }), 'a.jpg')
    const response = await t.app.request('/api/mall/user/updateAvatar', {
      method: 'PUT',
      body: form,
      headers: { token },
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as Envelope<unknown>).msg).toBe('body: must not contain a NUL character')
  })

  it('answers an over-size body with a 413 that closes the connection, and the next request on a new one', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const huge = Buffer.from(JSON.stringify({ keyword: 'x'.repeat(20 * 1024 * 1024) }))
      const refused = await send(agent, `${t.baseUrl}/api/mall/address/save`, 'POST', huge)
      expect(refused.status).toBe(413)
      expect(refused.headers.connection).toBe('close')
      expect(JSON.parse(refused.body)).toEqual({
        code: 413,
        msg: 'body: is larger than this call accepts',
        data: {
          fields: [{ field: 'body', message: 'is larger than this call accepts' }],
          maxBytes: 1024 * 1024,
        },
      })
      // The same agent's next request is answered: nothing was sent on the socket being closed.
      const next = await send(agent, `${t.baseUrl}/api/health`, 'GET')
      expect(next.status).toBe(200)
      expect(JSON.parse(next.body)).toMatchObject({ code: 200 })
    } finally {
      agent.destroy()
    }
  })

  it('keeps a small body on a kept-alive connection working as before', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const body = Buffer.from(JSON.stringify({ nickname: 'ok' }))
      const first = await send(agent, `${t.baseUrl}/api/mall/address/save`, 'POST', body)
      expect(first.status).toBe(401)
      expect(first.headers.connection).not.toBe('close')
      const second = await send(agent, `${t.baseUrl}/api/health`, 'GET')
      expect(second.status).toBe(200)
    } finally {
      agent.destroy()
    }
  })
})

describe('security headers by the shop address', () => {
  const appAt = (publicUrl: string) =>
    new Hono().use(securityHeaders({ providers: {} }, publicUrl)).get('/', (c) => c.text('ok'))

  it('asks for HSTS only when the shop is served over https', async () => {
    const secure = await appAt('https://shop.example').request('/')
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains')
    const plain = await appAt('http://127.0.0.1:8080').request('/')
    expect(plain.headers.get('strict-transport-security')).toBeNull()
  })

  it('turns off the powerful features the shop does not use', async () => {
    const policy = (await appAt('http://127.0.0.1:8080').request('/')).headers.get('permissions-policy') ?? ''
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
      expect(policy).toContain(feature)
  })
})
