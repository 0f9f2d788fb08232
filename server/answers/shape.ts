import * as v from 'valibot'

/**
 * What a call's `data` holds on success, as a valibot schema: published in /api/openapi.json (output
 * mode), checked against every answer the server tests see (`checkAnswers`) and by the fuzzer against
 * the published JSON Schema. Objects are strict, so a field the handler adds but the schema forgets
 * fails those checks instead of going undocumented.
 */
export type AnswerSchema = v.GenericSchema

/** Mutual assignability: the schema's output and the DTO the handler is typed to return are one type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/**
 * `answerOf<OrderDto>()(schema)`: fails to compile when the schema and the DTO type drift apart, so the
 * TypeScript type the handler returns and the published schema stay the same thing.
 */
export const answerOf =
  <Dto>() =>
  <S extends AnswerSchema>(
    schema: S & (Same<v.InferOutput<S>, Dto> extends true ? unknown : { schemaDoesNotMatch: Dto }),
  ): S =>
    schema

/** Schemas published under their own name in the document's components (a client generator names them). */
export const namedAnswers: Record<string, AnswerSchema> = {}

/** Registers `schema` as the component `name`; its uses become `$ref`s. */
export function named<S extends AnswerSchema>(name: string, schema: S): S {
  if (namedAnswers[name] && namedAnswers[name] !== schema) throw new Error(`two answer schemas named ${name}`)
  namedAnswers[name] = schema
  return schema
}

/** `{ list, total, pageNum, pageSize }` of a paged list (src/domain/queries.ts `Page`). */
export const pageOf = <S extends AnswerSchema>(item: S) =>
  v.strictObject({ list: v.array(item), total: count, pageNum: count, pageSize: count })

/** Integer yen, counts and ids. */
export const count = v.pipe(v.number(), v.integer())
export const id = v.pipe(v.number(), v.integer(), v.minValue(1))
/** A time as the API writes it (ISO 8601 text). */
export const time = v.string()

/** A product's names in the three languages (the Chinese one always there), as lines and cards carry them. */
export const productNameEntries = {
  productName: v.string(),
  jpProductName: v.nullable(v.string()),
  enProductName: v.nullable(v.string()),
}

/** `null`: the call's effect is its answer. */
export const nothing = v.null()

/** An answer that is not the JSON envelope: a file, a page or a redirect. */
export interface NotJsonAnswer {
  /** 200 with a body of `contentType`, or 303 to another address. */
  status: 200 | 303
  contentType?: string
  description: string
}

export const notJson = (answer: NotJsonAnswer) => answer

export const isNotJson = (answer: AnswerSchema | NotJsonAnswer): answer is NotJsonAnswer => 'status' in answer
