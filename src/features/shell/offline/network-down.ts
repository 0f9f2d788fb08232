import { t } from '@lingui/core/macro'
import { ApiFailure } from '../../../lib/api-client.ts'

/**
 * A load failed because there is no network (the browser is offline, or the request never got an
 * answer and nothing was cached), as opposed to the server answering with an error.
 */
export function isNetworkDown(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true
  if (error instanceof ApiFailure) return error.kind === 'network'
  // a fetch that never reached a server (a lazily loaded piece of the app, a bare fetch)
  return error instanceof TypeError
}

/** What an action that needs the network says when it could not be sent for want of one. */
export function offlineActionMessage(): string {
  return t`当前离线：这项操作需要联网，请连上网络后再试。`
}
