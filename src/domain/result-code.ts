/** The `code` of the `{ code, msg, data }` envelope. 200 is success; anything ≥ 300 is a failure. */
export const ResultCode = {
  ok: 200,
  invalidInput: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  internal: 500,
  sessionExpired: 9004,
  accountDisabled: 9005,
} as const

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode]

export interface Envelope<T> {
  code: number
  msg: string
  data: T
}

export function isFailureCode(code: number): boolean {
  return code >= 300
}

/** HTTP status that mirrors a result code's class (the session codes are 401 and 403). */
export function httpStatusOf(code: number): number {
  if (code === ResultCode.sessionExpired) return 401
  if (code === ResultCode.accountDisabled) return 403
  if (code >= 200 && code < 600) return code
  return 500
}
