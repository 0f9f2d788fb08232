import * as v from 'valibot'

/*
 * Small readers of search params for route configs. Route configs travel in every first load, so these
 * stay tiny: they read what the address holds and drop what they cannot read (a bad value means "no
 * filter", never a broken page). The API validates the same values strictly with src/domain's
 * schemas, so nothing unchecked reaches the server.
 */

/**
 * A whole number from `min` to `max`. The router JSON-parses the address, so `?orderId=12` arrives as
 * the number 12 and `?orderId=012` as text.
 */
export const wholeNumberParam = (min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))]),
    v.integer(),
    v.minValue(min),
    v.maxValue(max),
  )

/**
 * Free text: a JAN code or an item number arrives as a number after the router's JSON parse, so
 * numbers are read back as text. Trimmed; blank is no text.
 */
export const textParam = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.pipe(v.number(), v.transform(String))]),
      v.trim(),
      v.transform((text) => text || undefined),
    ),
  ),
  undefined,
)

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export const calendarDateParam = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/),
  v.check((text) => new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)),
)

/** A param that may be left out; one that cannot be read is left out too. */
export const optionalParam = <S extends v.GenericSchema<unknown, unknown>>(schema: S) =>
  v.fallback(v.optional(schema), undefined)
