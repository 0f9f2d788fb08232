import type { Context } from 'hono'
import { validator } from 'hono/validator'
import * as v from 'valibot'
import { ResultCode } from '../../src/domain/result-code.ts'
import { ApiError } from './envelope.ts'

export interface FieldIssue {
  field: string
  message: string
}

/** Turns valibot issues into a 400 whose msg names the first bad field, with every issue in data. */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): ApiError {
  const fields: FieldIssue[] = issues.map((issue) => ({
    field: v.getDotPath(issue) ?? 'body',
    message: issue.message,
  }))
  const first = fields[0] ?? { field: 'body', message: 'is invalid' }
  return new ApiError(ResultCode.invalidInput, `${first.field}: ${first.message}`, { fields })
}

function parseWith<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
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
  try {
    return await c.req.parseBody()
  } catch {
    throw new ApiError(ResultCode.invalidInput, 'body: is not valid multipart/form-data')
  }
}

/** The bytes of the form's `file` field; `missing` is the error when there is no file in it. */
export async function uploadedFileBytes(c: Context, missing: () => ApiError): Promise<Uint8Array> {
  const { file } = await multipartForm(c)
  if (!(file instanceof File)) throw missing()
  return new Uint8Array(await file.arrayBuffer())
}
