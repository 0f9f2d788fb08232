import * as v from 'valibot'
import { DEFAULT_LANGUAGE, languageSchema } from './language.ts'

/** An empty query value (`?language=`) counts as left out. */
const emptyAsMissing = v.pipe(
  v.unknown(),
  v.transform((x) => (x === '' ? undefined : x)),
)

/**
 * A query value that may be left out, taking a fallback. The fallback is given as the query would
 * spell it, since valibot runs defaults through the schema too.
 */
export const queryValue = <S extends v.GenericSchema<string, unknown>>(schema: S, fallback: string) =>
  v.optional(
    v.pipe(emptyAsMissing, v.optional(schema, fallback as v.InferInput<S>)),
    '', // a missing key runs the pipe as an empty value, which takes the fallback
  )

/** A filter that may be left out; left out or empty (`?series=`) reads as undefined, i.e. no filter. */
export const optionalQueryValue = <S extends v.GenericSchema<string, unknown>>(schema: S) =>
  v.optional(v.pipe(emptyAsMissing, v.optional(schema)))

export const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`
  return v.pipe(
    v.string(message),
    v.regex(/^\d{1,9}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  )
}

export const languageQuery = v.object({
  language: queryValue(languageSchema, DEFAULT_LANGUAGE),
})
export type LanguageQuery = v.InferOutput<typeof languageQuery>

export const DEFAULT_PAGE_SIZE = 30
export const MAX_PAGE_SIZE = 100

export const pageQuery = v.object({
  pageNum: queryValue(wholeNumber(1, 1_000_000), '1'),
  pageSize: queryValue(wholeNumber(1, MAX_PAGE_SIZE), String(DEFAULT_PAGE_SIZE)),
})
export type PageQuery = v.InferOutput<typeof pageQuery>

export interface Page<T> {
  list: T[]
  total: number
  pageNum: number
  pageSize: number
}
