import fc from 'fast-check'
import { jsonBodies, otherBodies, oversizeBody, type WireBody } from './fuzz-bodies.ts'
import type { Operation } from './fuzz-operations.ts'
import {
  encodeText,
  HUGE,
  hostileKey,
  hostileText,
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
