import fc from 'fast-check'

/**
 * The values the fuzzer puts where a field, a number or a text goes: hostile ones (control and bidi
 * characters, lone surrogates, sizes, numbers out of every range, raw number tokens) and plausible
 * ones (ids that exist, a field's usual kind of value) so the hostile part reaches the handler.
 */

/** What the seeded database holds, so that valid-looking ids exist. */
export interface SeedPools {
  /** Ids of rows of any table (products, orders, addresses, categories, payments' orders…). */
  ids: number[]
  /** Accounts an operator's account calls may act on (never the fuzzing callers themselves). */
  accountIds: number[]
  paymentIds: string[]
  /** E-mail addresses of existing accounts (never the callers'). */
  emails: string[]
  /** A real picture (PNG), for the uploads to get past their first check. */
  picture: Uint8Array
  /** The header row of the product import's CSV template. */
  importHeader: string
}

/** A JSON number token written as is (`1e400`, `-0`): JSON.stringify cannot write these. */
export class RawNumber {
  readonly token: string
  constructor(token: string) {
    this.token = token
  }
}

/** JSON.stringify that writes RawNumber tokens verbatim. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawNumber) return value.token
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

export const HUGE = 100_000

/** Text that has broken servers: control and bidi characters, surrogates, sizes, injection shapes. */
const hostileTextConstants = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(1000),
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u202eevil\u202c',
  '\u200f\u200e\u061c',
  '\ufeffbom',
  '\uffff\ufffe',
  '\r\n\r\n',
  '\t\v\f',
  '\u0007\u001b[31mred\u001b[0m',
  '\u0085\u2028\u2029',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e308',
  '9007199254740993',
  '99999999999999999999',
  '2147483648',
  '-2147483649',
  '0x1F',
  ' 42 ',
  '１２３',
  "' OR 1=1 --",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%',
  ['$', '{7*7}{{7*7}}'].join(''),
  '__proto__',
  'constructor',
  '🙂'.repeat(1000),
  'a\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308',
  'fuzz@example.com',
  'a@b',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '-000001-01-01',
  'true',
  'a'.repeat(HUGE),
  'é'.repeat(HUGE / 2),
  `${'a'.repeat(HUGE)}\u0000`,
]

const controlChar = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code))
const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))
const bidiMark = fc.constantFrom(
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2069',
)

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileTextConstants) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.oneof(fc.string({ minLength: 1, maxLength: 1 }), controlChar, surrogate, bidiMark),
      maxLength: 30,
    }),
  },
  {
    weight: 1,
    // ordinary-looking text with a NUL somewhere in it
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
      .map(([a, b]) => `${a}\u0000${b}`),
  },
)

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0,
      -0,
      -1,
      1.5,
      -1.5,
      0.1,
      1e308,
      -1e308,
      2 ** 53 + 1,
      -(2 ** 53) - 1,
      2 ** 31,
      2 ** 31 - 1,
      2 ** 63,
      5e-324,
      Number.MAX_SAFE_INTEGER,
      999_999_999_999,
    ),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
)

/** Number tokens JSON.parse reads as Infinity, -0, 0 or an imprecise integer. */
export const rawNumber = fc
  .constantFrom(
    '1e400',
    '-1e400',
    '1E-400',
    '-0',
    '123456789012345678901234567890',
    '0.00000000000000000001',
    '1.0',
  )
  .map((token) => new RawNumber(token))

export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    '\u0000',
    'a\u0000',
    '\ud800',
    'toString',
    '$where',
  ),
  fc.string({ maxLength: 8 }),
)

/** Any JSON value a hostile client may put where a field goes. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  { weight: 4, arbitrary: hostileNumber },
  { weight: 1, arbitrary: rawNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      {},
      [],
      [null],
      [[[]]],
      { length: 1e9 },
      Array.from({ length: 10_000 }, (_, i) => i),
      Array.from({ length: 1000 }, () => 'x'.repeat(100)),
    ),
  },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(hostileNumber, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileKey, fc.oneof(hostileText, hostileNumber), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

/** A value of the kind a field of this name usually holds, with ids that exist. */
export function plausibleValue(field: string, ids: number[], pools: SeedPools): fc.Arbitrary<unknown> {
  const id = fc.constantFrom(...ids)
  const name = field.toLowerCase()
  if (/(ids)$/.test(name)) return fc.array(id, { minLength: 1, maxLength: 3 })
  if (name === 'userid') return fc.constantFrom(...pools.accountIds)
  if (name === 'id' || /id$/.test(name)) return id
  if (name === 'username' || name === 'email') return fc.constantFrom(...pools.emails, 'fuzz-new@example.com')
  if (name.includes('password')) return fc.constantFrom('Passw0rd!', 'N3w-Passw0rd!')
  if (name === 'language') return fc.constantFrom('zhCn', 'ja', 'en')
  if (name === 'code') return fc.constantFrom('123456', '000000')
  if (name === 'format') return fc.constantFrom('csv', 'xlsx')
  if (/(date|at|birthday|time)$/.test(name) || name.endsWith('date')) {
    return fc.constantFrom('2026-12-01', '2027-01-15', '2026-12-01T10:00:00.000Z')
  }
  if (
    /^(is|has)/.test(field) ||
    /^(active|hot|open|waive|disabled|acquiescent|operable|collect|twice|outoforder|dryrun)$/.test(name)
  ) {
    return fc.boolean()
  }
  if (/(percent|discount|frontmoney|rate)$/.test(name)) return fc.constantFrom(0.1, 0.3, 0.9, 150)
  if (
    /(price|amount|sort|stock|rank|weightg|boxin|orderbase|delta|num|size|score|type|status|role|sex|fee|perday|mm)$/.test(
      name,
    )
  ) {
    return fc.integer({ min: 0, max: 5 })
  }
  if (/(images|levels|methods|contacts|boxes|groups|permissions)$/.test(name)) {
    return fc.array(fc.oneof(id, fc.dictionary(fc.string({ maxLength: 6 }), id, { maxKeys: 3 })), {
      maxLength: 2,
    })
  }
  if (name === 'keys')
    return fc.record({ p256dh: fc.string({ maxLength: 20 }), auth: fc.string({ maxLength: 10 }) })
  if (name === 'endpoint' || name.endsWith('url') || name === 'logo' || name === 'image') {
    return fc.constantFrom('https://push.example.com/abc', '/media/demo/test-1.svg', 'https://example.com/')
  }
  if (name === 'telephone') return fc.constantFrom('+81 90 1234 5678', '13800138000')
  if (name === 'postcode' || name === 'zip') return fc.constantFrom('100-0001', '10001', '90210')
  return fc.constantFrom('Fuzz text', '手办', 'フィギュア', 'Test')
}

/** percent-encoding that also writes lone surrogates (encodeURIComponent throws on them) as bad UTF-8 */
export function encodeText(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    out += code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(char)
  }
  return out
}
