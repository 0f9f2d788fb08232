import { ResultCode } from '../../../src/domain/result-code.ts'
import { ApiError } from '../../http/envelope.ts'

/*
 * The console's catalog calls check some fields against the database (a category that must exist, an
 * item number no other product has); a failure reads like a schema's 400: `${field}: ${message}`, with
 * the field in data.fields so the editor marks it.
 */

/** A 400 naming one field, shaped like the validator's. */
export function badField(field: string, message: string): ApiError {
  return new ApiError(ResultCode.invalidInput, `${field}: ${message}`, { fields: [{ field, message }] })
}

/** A 409 naming one field, with the same data shape plus what the caller adds. */
export function conflictingField(field: string, message: string, extra: object = {}): ApiError {
  return new ApiError(ResultCode.conflict, `${field}: ${message}`, { fields: [{ field, message }], ...extra })
}
