import fc from 'fast-check'
import { bodyLimitOf } from '../../server/app.ts'
import {
  encodeText,
  hostileKey,
  hostileNumber,
  hostileText,
  hostileValue,
  plausibleValue,
  type SeedPools,
  toJsonText,
} from './fuzz-values.ts'

/**
 * Hostile bodies: over the call's limit, broken JSON, other content types, multipart with junk files,
 * and JSON objects whose fields are plausible, hostile, missing or extra.
 */

/** A body exactly as it goes on the wire. */
export interface WireBody {
  /** The content-type header; undefined sends none. */
  contentType: string | undefined
  payload: string | Uint8Array | FormData
  /** How it was made, for the report. */
  kind: string
}

/** A body larger than the path accepts (a JSON object holding one long text). */
export function oversizeBody(path: string): WireBody {
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
export function jsonBodies(fields: string[], ids: number[], pools: SeedPools): fc.Arbitrary<WireBody> {
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
export function otherBodies(pools: SeedPools): fc.Arbitrary<WireBody | undefined> {
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
