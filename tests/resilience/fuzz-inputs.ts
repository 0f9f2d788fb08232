import fc from 'fast-check'
import { bodyLimitOf } from '../../server/app.ts'
import type { Operation } from './fuzz-operations.ts'
import {
  HUGE,
  hostileKey,
  hostileNumber,
  hostileText,
  hostileValue,
  plausibleValue,
  type SeedPools,
  toJsonText,
} from './fuzz-values.ts'

/**
 * Hostile requests for one operation, as fast-check arbitraries. Most of a request is made to look
 * right (ids that exist, a field's usual kind of value) so that the hostile part reaches past the
 * first check into the handler and the database; the rest is plainly wrong in every way a client
 * can be wrong: types, missing and extra fields, huge and empty text, control and bidi characters,
 * lone surrogates, numbers out of every range, duplicated query keys, broken JSON, other content
 * types, and path ids of every other shape.
 */

/** A body exactly as it goes on the wire. */
export interface WireBody {
  /** The content-type header; undefined sends none. */
  contentType: string | undefined
  payload: string | Uint8Array | FormData
  /** How it was made, for the report. */
  kind: string
}

export interface FuzzRequest {
  /** Each path parameter's segment, already percent-encoded as sent. */
  segments: Record<string, string>
  /** The query string as sent (without `?`), possibly malformed on purpose. */
  query: string
  headers: Record<string, string>
  body: WireBody | undefined
  /** The body is larger than the call accepts: the answer must be a 413. */
  oversize: boolean
}

/** Path segments of every other shape than an id (already percent-encoded as they are sent). */
const hostileSegments = [
  '0',
  '-1',
  '1.5',
  'abc',
  '99999999999999999999',
  '9007199254740993',
  '2147483648',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%E2%80%AE1',
  '%',
  '%zz',
  '1e3',
  '0x10',
  '%201',
  '+1',
  '1,2',
  '1;2',
  '%D9%A3',
  '%EF%BC%91',
  'null',
  'a'.repeat(10_000),
  '1'.repeat(5000),
  '%2F',
  '..%2F..%2Fetc',
  '%0d%0aX-Injected:%201',
]

/** percent-encoding that also writes lone surrogates (encodeURIComponent throws on them) as bad UTF-8 */
export function encodeText(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    out += code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(char)
  }
  return out
}

const TEXT_PATH_PLAUSIBLE: Record<string, string[]> = {
  outcome: ['paid', 'declined', 'cancelled', 'confirm', 'success', 'cancel', 'error', 'delayed'],
  gateway: ['sandbox', 'stripe', 'sbps', 'paypal'],
  score: ['0', '1', '100'],
}

function pathSegment(name: string, type: 'integer' | 'string', ids: number[], pools: SeedPools) {
  const plausible =
    type === 'integer'
      ? fc.constantFrom(...ids).map(String)
      : name === 'paymentId'
        ? fc.constantFrom(...pools.paymentIds, 'pay_0000000000000000000000')
        : name === 'ids'
          ? fc.array(fc.constantFrom(...ids), { minLength: 1, maxLength: 3 }).map((list) => list.join(','))
          : fc.constantFrom(...(TEXT_PATH_PLAUSIBLE[name] ?? ['1']))
  return fc.oneof(
    { weight: 3, arbitrary: plausible },
    { weight: 3, arbitrary: fc.constantFrom(...hostileSegments) },
    { weight: 1, arbitrary: hostileText.filter((text) => text.length > 0).map(encodeText) },
  )
}

/** A query string: each known parameter left out, plausible, hostile, repeated or malformed; extras too. */
function queryString(op: Operation, ids: number[], pools: SeedPools): fc.Arbitrary<string> {
  const parts = op.query.map(({ name }) => {
    const plausible = plausibleValue(name, ids, pools).map((value) =>
      Array.isArray(value) ? value.join(',') : String(value),
    )
    const key = encodeURIComponent(name)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<string[]>([]) },
      { weight: 3, arbitrary: plausible.map((value) => [`${key}=${encodeText(value)}`]) },
      { weight: 2, arbitrary: hostileText.map((value) => [`${key}=${encodeText(value)}`]) },
      {
        weight: 1,
        // the same key twice: which one counts?
        arbitrary: fc
          .tuple(plausible, fc.oneof(plausible, hostileText))
          .map(([a, b]) => [`${key}=${encodeText(a)}`, `${key}=${encodeText(b)}`]),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          [`${key}`],
          [`${key}=`],
          [`${key}[]=1`],
          [`${key}[a]=1`],
          [`${key}=%zz`],
          [`${key}=%E0%A4%A`],
          [`${key}=${'9'.repeat(400)}`],
          [`${key}=1&${key}=2&${key}=3`],
        ),
      },
    )
  })
  const extras = fc.oneof(
    { weight: 4, arbitrary: fc.constant<string[]>([]) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(hostileKey, hostileText), { minLength: 1, maxLength: 3 })
        .map((pairs) => pairs.map(([k, value]) => `${encodeText(k)}=${encodeText(value)}`)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(['&&&'], ['=1'], ['%00=%00'], ['a=1&a=2&a=3'], [`x=${'a'.repeat(HUGE)}`]),
    },
  )
  return fc.tuple(fc.tuple(...parts), extras).map(([known, extra]) => [...known.flat(), ...extra].join('&'))
}

/** A body larger than the path accepts (a JSON object holding one long text). */
function oversizeBody(path: string): WireBody {
  const size = bodyLimitOf(path) + 64 * 1024
  return {
    contentType: 'application/json',
    payload: `{"x":"${'a'.repeat(size)}"}`,
    kind: `json of ${size} bytes`,
  }
}

const invalidJsonTexts = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'undefined',
  'NaN',
  '\u0000',
  '{"a":1}{"b":2}',
  '[1,2',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\u0000"}',
  '\ufeff{}',
  '{"__proto__":{"admin":true}}',
  '{"a":1,"a":2}',
  'null',
  '[]',
  '"text"',
  '42',
  'true',
]

const bytesOf = (values: number[]) => new Uint8Array(values)

/** Bodies that are not the JSON object a call reads. */
const brokenBody: fc.Arbitrary<WireBody> = fc.oneof(
  fc
    .constantFrom(...invalidJsonTexts)
    .map((payload) => ({ contentType: 'application/json', payload, kind: 'broken json' })),
  fc
    .constantFrom(
      bytesOf([0xff, 0xfe, 0x7b, 0x7d]),
      bytesOf([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      bytesOf([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
      bytesOf([0x00, 0x00, 0x00]),
    )
    .map((payload) => ({ contentType: 'application/json', payload, kind: 'invalid utf-8 json' })),
  fc.constantFrom(10_000, 100_000).map((depth) => ({
    contentType: 'application/json',
    payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    kind: `arrays nested ${depth} deep`,
  })),
  fc.constantFrom(10_000, 50_000).map((depth) => ({
    contentType: 'application/json',
    payload: `${'{"a":'.repeat(depth)}"\\u0000"${'}'.repeat(depth)}`,
    kind: `objects nested ${depth} deep`,
  })),
)

/** A multipart body with the fields as text, plus a file of junk bytes under a hostile name. */
function multipartOf(
  fields: Record<string, unknown>,
  file: { name: string; bytes: Uint8Array; type: string },
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields))
    form.append(key, typeof value === 'string' ? value : toJsonText(value))
  form.append('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }))
  return form
}

/** A file for an upload: junk, or a real picture or import sheet with hostile content. */
const junkFile = (pools: SeedPools) =>
  fc.record({
    name: fc.oneof(
      fc.constantFrom(
        'a.png',
        'a.csv',
        'a.xlsx',
        '',
        '\u0000.png',
        '../../evil.png',
        `${'a'.repeat(5000)}.png`,
        '\u202egnp.exe',
      ),
      hostileText.map((text) => text.slice(0, 300)),
    ),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.constantFrom(
        // a PNG signature and nothing after it
        bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        // a zip's local header and nothing after it (an .xlsx is a zip)
        bytesOf([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
        new TextEncoder().encode('itemNo,productName,type\nT-1,\u0000,1\n"unclosed,2\n'),
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        pools.picture,
        pools.picture.slice(0, Math.floor(pools.picture.length / 2)),
      ),
      fc
        .array(fc.oneof(hostileText, hostileNumber.map(String)), { minLength: 1, maxLength: 40 })
        .map((cells) => new TextEncoder().encode(`${pools.importHeader}\n${cells.map(csvCell).join(',')}\n`)),
    ),
    type: fc.constantFrom('image/png', 'text/csv', 'application/octet-stream', '', 'image/svg+xml'),
  })

/** A CSV cell: quoted, its quotes doubled. */
const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`

/** The same fields in another content type than JSON. */
function otherContentType(
  fields: fc.Arbitrary<Record<string, unknown>>,
  pools: SeedPools,
): fc.Arbitrary<WireBody> {
  return fc.oneof(
    fields.map((object) => ({
      contentType: 'text/plain',
      payload: toJsonText(object),
      kind: 'json as text/plain',
    })),
    fields.map((object) => ({
      contentType: undefined,
      payload: toJsonText(object),
      kind: 'json, no content-type',
    })),
    fields.map((object) => ({
      contentType: 'application/x-www-form-urlencoded',
      payload: Object.entries(object)
        .map(
          ([key, value]) =>
            `${encodeText(key)}=${encodeText(typeof value === 'string' ? value : toJsonText(value))}`,
        )
        .join('&'),
      kind: 'form-urlencoded',
    })),
    fc.tuple(fields, junkFile(pools)).map(([object, file]) => ({
      contentType: undefined, // FormData sets multipart/form-data with its boundary
      payload: multipartOf(object, file),
      kind: `multipart (file ${JSON.stringify(file.name.slice(0, 40))}, ${file.bytes.length} bytes)`,
    })),
    fields.map((object) => ({
      contentType: 'multipart/form-data',
      payload: toJsonText(object),
      kind: 'multipart without boundary',
    })),
    fields.map((object) => ({
      contentType: 'application/json; charset=utf-16',
      payload: toJsonText(object),
      kind: 'json, charset utf-16',
    })),
    fields.map((object) => ({
      contentType: 'application/xml',
      payload: `<a>${toJsonText(object)}</a>`,
      kind: 'xml',
    })),
  )
}

/** Bodies for a call that takes a JSON object of these fields. */
function jsonBodies(fields: string[], ids: number[], pools: SeedPools): fc.Arbitrary<WireBody> {
  const plausible = fc.record(
    Object.fromEntries(fields.map((field) => [field, plausibleValue(field, ids, pools)])),
  ) as fc.Arbitrary<Record<string, unknown>>
  const fieldName = fc.constantFrom(...fields)
  const json = (kind: string) => (object: Record<string, unknown>) => ({
    contentType: 'application/json',
    payload: toJsonText(object),
    kind,
  })
  return fc.oneof(
    {
      weight: 6,
      // everything right but one field: hostile, or left out
      arbitrary: fc
        .tuple(plausible, fieldName, fc.option(hostileValue, { freq: 6, nil: undefined }))
        .map(([object, field, value]) => {
          const copy: Record<string, unknown> = { ...object }
          if (value === undefined) delete copy[field]
          else copy[field] = value
          return json(value === undefined ? `plausible without ${field}` : `plausible but ${field}`)(copy)
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] })
        .map(json('every field hostile')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(plausible, fc.dictionary(hostileKey, hostileValue, { minKeys: 1, maxKeys: 4 }))
        .map(([object, extra]) => json('plausible with extra fields')({ ...object, ...extra })),
    },
    { weight: 1, arbitrary: fc.constant(json('empty object')({})) },
    { weight: 2, arbitrary: brokenBody },
    { weight: 2, arbitrary: otherContentType(plausible, pools) },
  )
}

/** Bodies for a call that reads none from JSON (a GET has none at all; uploads read multipart). */
function otherBodies(pools: SeedPools): fc.Arbitrary<WireBody | undefined> {
  const junkFields = fc.dictionary(hostileKey, hostileValue, { maxKeys: 3 })
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: junkFields.map((object) => ({
        contentType: 'application/json',
        payload: toJsonText(object),
        kind: 'json junk',
      })),
    },
    { weight: 1, arbitrary: brokenBody },
    { weight: 3, arbitrary: otherContentType(junkFields, pools) },
  )
}

const HOSTILE_HEADER_VALUES = [
  '',
  'null',
  'a'.repeat(8000),
  'eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.',
  'eyJhbGciOiJIUzI1NiJ9.e30.AAAA',
  'Bearer x',
  '../../',
  'Ã©',
  '1',
]

/**
 * Requests for `op` from a caller with `token` (undefined: a visitor, who sometimes sends a junk one).
 * `ids` are the valid-looking ids for this operation's paths and fields.
 */
export function requestsFor(
  op: Operation,
  token: string | undefined,
  ids: number[],
  pools: SeedPools,
): fc.Arbitrary<FuzzRequest> {
  const segments = fc.record(
    Object.fromEntries(op.pathParameters.map((p) => [p.name, pathSegment(p.name, p.type, ids, pools)])),
  ) as fc.Arbitrary<Record<string, string>>
  const tokenHeader: fc.Arbitrary<Record<string, string>> =
    token === undefined
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constant({}) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(...HOSTILE_HEADER_VALUES).map((value) => ({ token: value })),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(...HOSTILE_HEADER_VALUES)
              .map((value) => ({ authorization: `Bearer ${value}` })),
          },
        )
      : fc.oneof(
          { weight: 8, arbitrary: fc.constant({ token }) },
          // the caller's own token, tampered with
          { weight: 1, arbitrary: fc.constant({ token: `${token.slice(0, -2)}xx` }) },
        )
  const idempotency: fc.Arbitrary<Record<string, string>> = op.idempotent
    ? fc.oneof(
        { weight: 2, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.uuid().map((key) => ({ 'idempotency-key': key })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...HOSTILE_HEADER_VALUES, 'same-key')
            .map((key) => ({ 'idempotency-key': key })),
        },
      )
    : fc.constant({})
  const canHaveBody = op.method !== 'get'
  const body: fc.Arbitrary<WireBody | undefined> = !canHaveBody
    ? fc.constant(undefined)
    : op.body && op.body.fields.length > 0
      ? jsonBodies(op.body.fields, ids, pools)
      : otherBodies(pools)
  // one body in 50 over the limit (fixedCasesFor sends one for every call and caller besides)
  const oversize = canHaveBody ? fc.nat(49).map((n) => n === 0) : fc.constant(false)
  return fc
    .record({ segments, query: queryString(op, ids, pools), token: tokenHeader, idempotency, body, oversize })
    .map(({ segments, query, token, idempotency, body, oversize }) => ({
      segments,
      query,
      headers: { ...token, ...idempotency },
      body: oversize ? oversizeBody(op.path) : body,
      oversize,
    }))
}

/** `value` with a NUL at the end of every text in it. */
function withNul(value: unknown): unknown {
  if (typeof value === 'string') return `${value}\u0000`
  if (Array.isArray(value)) return value.map(withNul)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withNul(item)]))
  }
  return value
}

/** One past PostgreSQL's int4, the type of every id and count column. */
const PAST_INT4 = 2 ** 31

/** PAST_INT4 in place of `value`, or of each item when it is a list (of ids). */
const pastInt4 = (value: unknown): unknown => (Array.isArray(value) ? value.map(() => PAST_INT4) : PAST_INT4)

/**
 * The cases every operation gets on every run whatever fast-check draws: a NUL in every query value
 * and text path segment, path ids of a NUL, and for non-GET calls a plausible body whose every text
 * ends in a NUL, broken JSON, JSON nested deeper than a recursive walk can go and an over-size body.
 * The caller the operation is for (`ownRole`) also sends, one slot at a time (each path parameter,
 * query parameter and body field), a number one past int4 with the rest plausible.
 */
export function fixedCasesFor(
  op: Operation,
  token: string | undefined,
  ids: number[],
  pools: SeedPools,
  seed: number,
  ownRole: boolean,
): FuzzRequest[] {
  const headers: Record<string, string> = token === undefined ? {} : { token }
  const first = String(ids[0] ?? 1)
  type Parameter = Operation['pathParameters'][number]
  const segments = (value: (p: Parameter) => string) =>
    Object.fromEntries(op.pathParameters.map((p) => [p.name, value(p)]))
  const plausibleSegment = (p: Parameter) =>
    p.type === 'integer'
      ? first
      : p.name === 'paymentId'
        ? (pools.paymentIds[0] ?? 'pay_x')
        : (TEXT_PATH_PLAUSIBLE[p.name]?.[0] ?? first)
  const [plausible = {}] = fc.sample(
    fc.record(
      Object.fromEntries((op.body?.fields ?? []).map((field) => [field, plausibleValue(field, ids, pools)])),
    ),
    { numRuns: 1, seed },
  )
  const json = (object: unknown, kind: string): WireBody => ({
    contentType: 'application/json',
    payload: toJsonText(object),
    kind,
  })
  const request = (changes: Partial<FuzzRequest>): FuzzRequest => ({
    segments: segments(plausibleSegment),
    query: '',
    headers,
    body: op.body ? json(plausible, 'plausible') : undefined,
    oversize: false,
    ...changes,
  })
  const cases: FuzzRequest[] = []
  if (op.query.length > 0 || op.pathParameters.some((p) => p.type === 'string')) {
    cases.push(
      request({
        segments: segments((p) => (p.type === 'integer' ? first : `${plausibleSegment(p)}%00`)),
        query: op.query.map(({ name }) => `${encodeURIComponent(name)}=a%00b`).join('&'),
      }),
    )
  }
  if (op.pathParameters.length > 0) cases.push(request({ segments: segments(() => '%00') }))
  if (ownRole) {
    for (const parameter of op.pathParameters) {
      cases.push(
        request({
          segments: segments((p) => (p === parameter ? String(PAST_INT4) : plausibleSegment(p))),
        }),
      )
    }
    for (const { name } of op.query) {
      cases.push(request({ query: `${encodeURIComponent(name)}=${PAST_INT4}` }))
    }
    for (const [field, value] of Object.entries(plausible)) {
      cases.push(
        request({
          body: json({ ...plausible, [field]: pastInt4(value) }, `plausible but ${field} past int4`),
        }),
      )
      // an optional field also alone, in case another plausible-looking field is refused first
      if (!op.body?.required.includes(field)) {
        cases.push(request({ body: json({ [field]: pastInt4(value) }, `only ${field}, past int4`) }))
      }
    }
  }
  if (op.method === 'get') return cases
  cases.push(
    request({ body: json(withNul(op.body ? plausible : { x: 'text' }), 'a NUL at the end of every text') }),
    request({ body: { contentType: 'application/json', payload: '{"a":', kind: 'broken json' } }),
    request({
      body: {
        contentType: 'application/json',
        payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
        kind: 'arrays nested 20000 deep',
      },
    }),
    request({ body: oversizeBody(op.path), oversize: true }),
  )
  return cases
}
