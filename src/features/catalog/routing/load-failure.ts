import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'

/** The server answered that the thing asked for does not exist (or the id cannot be one). */
export function isNotFoundFailure(error: unknown): boolean {
  return (
    error instanceof ApiFailure &&
    error.kind === 'server' &&
    (error.code === ResultCode.notFound || error.code === ResultCode.invalidInput)
  )
}

/** The server refused the request as sent (a 400), e.g. search words that are too long. */
export function isInvalidInputFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure && error.kind === 'server' && error.code === ResultCode.invalidInput
}

/** The call needed a session the caller does not have (no token, or one that has ended). */
export function isUnauthenticatedFailure(error: unknown): boolean {
  return (
    error instanceof ApiFailure &&
    error.kind === 'server' &&
    (error.code === ResultCode.unauthenticated || error.code === ResultCode.sessionExpired)
  )
}
