import type { Context } from 'hono'
import { validator } from 'hono/validator'
import * as v from 'valibot'
import { ResultCode } from '../../src/domain/result-code.ts'
import { ValidationMessage } from '../../src/domain/validation-messages.ts'
import { ApiError } from './envelope.ts'

export interface FieldIssue {
  field: string
  message: string
}

/** A 400 whose msg names the first bad field, with every bad field in data. */
function refusal(fields: FieldIssue[]): ApiError {
  const first = fields[0] ?? { field: 'body', message: 'is invalid' }
  return new ApiError(ResultCode.invalidInput, `${first.field}: ${first.message}`, { fields })
}

/** Turns valibot issues into a 400 naming the first bad field. */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): ApiError {
  return refusal(issues.map((issue) => ({ field: v.getDotPath(issue) ?? 'body', message: issue.message })))
}

/**
 * The dot path of the first text in `value` holding a NUL character, if any. PostgreSQL stores no NUL
 * in text or jsonb, so such input is refused here, by the field's name, before any handler runs.
 * A walk with its own stack: a body nested 100,000 deep fits in the body limit and must not overflow
 * the call stack.
 */
export function nulFieldOf(value: unknown): string | undefined {
  const pending: { item: unknown; path: string }[] = [{ item: value, path: '' }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { item, path } = next
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path || 'body'
      continue
    }
    if (typeof item !== 'object' || item === null) continue
    const entries = Object.entries(item)
    // in reverse, so the first field is looked at first
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index] as [string, unknown]
      if (key.includes('\u0000')) return path || 'body'
      pending.push({ item: child, path: path ? `${path}.${key}` : key })
    }
  }
  return undefined
}

/** Refuses input with a NUL in any text, by the field's name, as a schema's issue would be. */
function refuseNul(value: unknown): void {
  const field = nulFieldOf(value)
  if (field) throw refusal([{ field, message: ValidationMessage.noNul }])
}

function parseWith<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  refuseNul(value)
  const result = v.safeParse(schema, value)
  if (!result.success) throw invalidInput(result.issues)
  return result.output
}

/** Validates the query string with a schema from src/domain; handlers read it with c.req.valid('query'). */
export const validQuery = <S extends v.GenericSchema>(schema: S) =>
  validator('query', (value) => parseWith(schema, value))

/** Validates a JSON body; a body that is not JSON is a 400 too. */
export const validJson = <S extends v.GenericSchema>(schema: S) =>
  validator('json', (value) => parseWith(schema, value))

/** Validates path parameters. */
export const validParams = <S extends v.GenericSchema>(schema: S) =>
  validator('param', (value) => parseWith(schema, value))

/** A multipart/form-data body's fields; a body that is not one is a 400 on `body`. */
export async function multipartForm(c: Context): Promise<Record<string, unknown>> {
  let form: Record<string, unknown>
  try {
    form = await c.req.parseBody()
  } catch {
    throw new ApiError(ResultCode.invalidInput, 'body: is not valid multipart/form-data')
  }
  // a file's bytes may hold anything; its text fields may not hold a NUL (see nulFieldOf)
  const texts = Object.fromEntries(Object.entries(form).filter(([, field]) => !(field instanceof File)))
  refuseNul(texts)
  return form
}

/** The bytes of the form's `file` field; `missing` is the error when there is no file in it. */
export async function uploadedFileBytes(c: Context, missing: () => ApiError): Promise<Uint8Array> {
  const { file } = await multipartForm(c)
  if (!(file instanceof File)) throw missing()
  return new Uint8Array(await file.arrayBuffer())
}
