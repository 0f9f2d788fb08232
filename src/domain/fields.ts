import * as v from 'valibot'
import { ValidationMessage } from './validation-messages.ts'

/* Field helpers shared by the payload schemas (account.ts, address.ts, list-queries.ts). */

/** A wrong-type message that still reads 'is required' when the value is null or left out. */
export const orRequired =
  (message: string) =>
  (issue: { input: unknown }): string =>
    issue.input === null || issue.input === undefined ? ValidationMessage.required : message

/**
 * The largest row id the shop accepts in a body or a query: ids are PostgreSQL integers (at most
 * 2,147,483,647), and a larger number must be refused by the field's name, not by the database.
 */
export const MAX_ROW_ID = 999_999_999

/** A row id: a whole number from 1 to MAX_ROW_ID; `message` for every way it can be wrong. */
export const rowId = (message: string = ValidationMessage.id) =>
  v.pipe(
    v.number(orRequired(message)),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(MAX_ROW_ID, message),
  )

/**
 * A request body. A field that is left out reads 'is required' (valibot's own key message would be
 * 'Invalid key: …'), and a body that is not an object 'must be an object'.
 */
export const payloadObject = <E extends v.ObjectEntries>(entries: E) =>
  v.object(entries, (issue) => (issue.path ? ValidationMessage.required : ValidationMessage.notObject))

/**
 * An optional text field. Left out, null and blank all mean "not given" and read as undefined, because
 * a form sends a cleared field as '' or null rather than leaving it out.
 */
export const optionalText = <S extends v.GenericSchema<string, unknown>>(schema: S) =>
  v.pipe(
    v.nullish(v.string(ValidationMessage.text)),
    v.transform((x) => (x === null || x === undefined || x.trim() === '' ? undefined : x)),
    v.optional(schema),
  )

/** Required, trimmed text of at most `max` UTF-16 units (what `.length` and an input's maxlength count). */
export const requiredText = (max: number, tooLong: string) =>
  v.pipe(
    v.string(orRequired(ValidationMessage.text)),
    v.trim(),
    v.nonEmpty(ValidationMessage.required),
    v.maxLength(max, tooLong),
  )

/** Trimmed text of at most `max` UTF-16 units; wrap it in optionalText for an optional field. */
export const boundedText = (max: number, tooLong: string) =>
  v.pipe(v.string(ValidationMessage.text), v.trim(), v.maxLength(max, tooLong))
