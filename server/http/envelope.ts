import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type Envelope, httpStatusOf, ResultCode } from '../../src/domain/result-code.ts'

/** A failure the client should see: its code goes into the envelope and the HTTP status mirrors its class. */
export class ApiError extends Error {
  readonly code: number
  readonly data: unknown
  constructor(code: number, msg: string, data: unknown = null) {
    super(msg)
    this.name = 'ApiError'
    this.code = code
    this.data = data
  }
}

export function ok<T>(c: Context, data: T, status: 200 | 201 = 200) {
  const body: Envelope<T> = { code: ResultCode.ok, msg: 'success', data }
  return c.json(body, status)
}

/** A success that made something new: HTTP 201, the usual envelope (the contract says `created`). */
export const created = <T>(c: Context, data: T) => ok(c, data, 201)

export function fail(c: Context, code: number, msg: string, data: unknown = null) {
  const body: Envelope<unknown> = { code, msg, data }
  return c.json(body, httpStatusOf(code) as ContentfulStatusCode)
}

export const notFound = (what: string) => new ApiError(ResultCode.notFound, `${what} not found`)
