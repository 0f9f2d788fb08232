import { t } from '@lingui/core/macro'
import wretch from 'wretch'
import { type Envelope, isFailureCode } from '../domain/result-code.ts'
import { ApiFailure, BLOB_TIMEOUT_MS, reportApiFailure } from './api-client.ts'
import { readStoredToken } from './session-token.ts'

export type QueryValue = string | number | boolean | null | undefined

export interface DownloadOptions {
  /** Undefined and null values are left out of the URL. */
  query?: Record<string, QueryValue>
  /** Spec §9: a blob call gives up after 4 s. */
  timeoutMs?: number
  signal?: AbortSignal
  /** false (the default): no toast, the caller shows the failure; 9004 and 9005 still end the session. */
  systemNotify?: boolean
  /** GET for a file named by its query alone (the product export, the import template); POST by default. */
  method?: 'GET' | 'POST'
}

export interface Download {
  blob: Blob
  /** The file name the server suggests (Content-Disposition), when it does. */
  fileName: string | undefined
}

/** The API's absolute URL of `path` with `query` (sorted by name; undefined and null left out). */
export function apiUrlOf(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams()
  for (const name of Object.keys(query).sort()) {
    const value = query[name]
    if (value !== undefined && value !== null) params.append(name, String(value))
  }
  const search = params.toString()
  return `${location.origin}/api${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`
}

/** `filename*=UTF-8''…` (RFC 6266) wins over a plain `filename="…"`. */
function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim())
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || undefined
}

/** The envelope a body holds, or undefined when it holds none (not JSON, or no numeric code). */
export function parseEnvelope(text: string): Envelope<unknown> | undefined {
  try {
    const body = JSON.parse(text) as Partial<Envelope<unknown>> | null
    return typeof body?.code === 'number' ? (body as Envelope<unknown>) : undefined
  } catch {
    return undefined
  }
}

/** A refusal as the JSON client reports one: the envelope's code, message and data, else the HTTP status. */
export function refusalOf(envelope: Envelope<unknown> | undefined, status: number): ApiFailure {
  return envelope
    ? new ApiFailure(
        'server',
        envelope.msg || t`出错了，请稍后再试`,
        envelope.code,
        envelope.data ?? undefined,
      )
    : new ApiFailure('server', t`出错了，请稍后再试`, status)
}

/** No answer came: offline says so, anything else reads as a timeout (as the JSON client words it). */
export function noAnswerFailure(): ApiFailure {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false
  return new ApiFailure(
    'network',
    offline ? t`当前离线：这项操作需要联网，请连上网络后再试。` : t`请求超时，请重试！`,
  )
}

/** A failed answer: the envelope's code and message when it sent one. */
async function failureOf(response: Response): Promise<ApiFailure> {
  return refusalOf(parseEnvelope(await response.text().catch(() => '')), response.status)
}

/**
 * POST a JSON body (or GET, `options.method`) and receive a file (the order export, the product
 * export): the token header, a short timeout, and the same failures as the JSON client (an envelope
 * on refusal). Not deduplicated: each press is a download.
 */
export async function apiDownload(
  path: string,
  body: unknown,
  options: DownloadOptions = {},
): Promise<Download> {
  const controller = new AbortController()
  let endedBy: 'timeout' | 'aborted' | undefined
  const timer = setTimeout(() => {
    endedBy ??= 'timeout'
    controller.abort()
  }, options.timeoutMs ?? BLOB_TIMEOUT_MS)
  const followCaller = () => {
    endedBy ??= 'aborted'
    controller.abort()
  }
  if (options.signal?.aborted) followCaller()
  options.signal?.addEventListener('abort', followCaller)
  const notify = options.systemNotify === true
  const fail = (failure: ApiFailure): never => {
    reportApiFailure(failure, notify)
    throw failure
  }

  const token = readStoredToken()
  let response: Response
  try {
    const base = wretch(apiUrlOf(path, options.query))
      .headers(token ? { token } : {})
      .options({ signal: controller.signal })
    const method = options.method ?? 'POST'
    const request =
      method === 'GET' ? base : base.content('application/json').body(JSON.stringify(body ?? {}))
    response = await request
      .fetch(method)
      .res()
      .catch((error: unknown) => {
        if (error instanceof wretch.WretchError) return error.response
        throw error
      })
    if (!response.ok) return fail(await failureOf(response))
    // A refusal sent with a success status still comes as an envelope, never as the file.
    if (response.headers.get('content-type')?.includes('application/json')) {
      const envelope = parseEnvelope(await response.text())
      return fail(refusalOf(envelope && isFailureCode(envelope.code) ? envelope : undefined, response.status))
    }
    const blob = await response.blob()
    return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) }
  } catch (error) {
    if (error instanceof ApiFailure) throw error
    if (endedBy === 'aborted') return fail(new ApiFailure('aborted', 'Request cancelled'))
    if (endedBy === 'timeout') return fail(new ApiFailure('timeout', t`请求超时，请重试！`))
    return fail(noAnswerFailure())
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', followCaller)
  }
}

/** Hands a downloaded file to the browser under a name, as a link with `download` would. */
export function saveFile(download: Download, fallbackName: string): void {
  const url = URL.createObjectURL(download.blob)
  const link = document.createElement('a')
  link.href = url
  link.download = download.fileName ?? fallbackName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the URL after click() returns: revoke it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
