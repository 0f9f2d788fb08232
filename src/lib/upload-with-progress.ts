import { t } from '@lingui/core/macro'
import { isFailureCode } from '../domain/result-code.ts'
import { ApiFailure, reportApiFailure } from './api-client.ts'
import { apiUrlOf, noAnswerFailure, parseEnvelope, type QueryValue, refusalOf } from './api-download.ts'
import { readStoredToken } from './session-token.ts'

/*
 * A multipart upload that reports how much has been sent: fetch has no upload progress, so this one
 * transport uses XMLHttpRequest. Same envelope, failures, token header and session consequences as the
 * JSON client (api-client.ts) and the file download (api-download.ts), whose pieces it shares.
 */

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number
  /** The request body's size in bytes, when the browser knows it. */
  total: number | undefined
}

export interface UploadOptions {
  /** Undefined and null values are left out of the URL. */
  query?: Record<string, QueryValue>
  /** Called as the body goes out, and once more with everything sent. */
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
  /** Large files on a slow line take a while: 10 minutes by default. */
  timeoutMs?: number
  /** false (the default): no toast, the caller shows the failure; 9004 and 9005 still end the session. */
  systemNotify?: boolean
}

const DEFAULT_UPLOAD_TIMEOUT_MS = 600_000

/**
 * POSTs a multipart form and unwraps the envelope's data. A refusal rejects with an ApiFailure that
 * carries the envelope's code and data (a 400's `data` may be a whole result, e.g. the import's).
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const notify = options.systemNotify === true
  return new Promise<T>((resolve, reject) => {
    const fail = (failure: ApiFailure) => {
      reportApiFailure(failure, notify)
      reject(failure)
    }
    if (options.signal?.aborted) {
      fail(new ApiFailure('aborted', 'Request cancelled'))
      return
    }
    const request = new XMLHttpRequest()
    request.open('POST', apiUrlOf(path, options.query))
    request.timeout = options.timeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS
    request.setRequestHeader('Accept', 'application/json')
    const token = readStoredToken()
    if (token) request.setRequestHeader('token', token)

    const cancel = () => request.abort()
    options.signal?.addEventListener('abort', cancel)
    const done = () => options.signal?.removeEventListener('abort', cancel)
    const ended = (failure: () => ApiFailure) => () => {
      done()
      fail(failure())
    }

    const progress = (event: ProgressEvent) =>
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined })
    request.upload.addEventListener('progress', progress)
    request.upload.addEventListener('load', progress)
    request.addEventListener('load', () => {
      done()
      const envelope = parseEnvelope(request.responseText)
      if (!envelope || isFailureCode(envelope.code)) fail(refusalOf(envelope, request.status))
      else resolve(envelope.data as T)
    })
    request.addEventListener(
      'abort',
      ended(() => new ApiFailure('aborted', 'Request cancelled')),
    )
    request.addEventListener(
      'timeout',
      ended(() => new ApiFailure('timeout', t`请求超时，请重试！`)),
    )
    request.addEventListener('error', ended(noAnswerFailure))
    request.send(form)
  })
}
