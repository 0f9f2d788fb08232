import type { PackagingFailure } from '../../../machines/packaging/packaging-types.ts'
import type { PackageApplyRefusal, PackageApplyRefusalData } from '../../domain/packaging.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { ApiFailure } from '../../lib/api-client.ts'
import { asPayCall } from '../checkout/pay-call.ts'

const REFUSALS: readonly PackageApplyRefusal[] = ['noAddress', 'unpaidFees', 'orderNotReady', 'forfeited']

function isRefusalData(data: unknown): data is PackageApplyRefusalData {
  const value = data as Partial<PackageApplyRefusalData> | null | undefined
  return (
    typeof value?.reason === 'string' &&
    (REFUSALS as readonly string[]).includes(value.reason) &&
    (value.orderIds === undefined || Array.isArray(value.orderIds))
  )
}

/** An ApiFailure as the packaging machine reads it. */
export function packagingFailureOf(error: unknown): PackagingFailure {
  // no answer (or the call was cut off): nobody knows whether the server acted
  if (!(error instanceof ApiFailure) || error.kind !== 'server') return { kind: 'offline' }
  const code = error.code ?? 0
  // 429 and server faults are no answer about the request itself
  if (code === ResultCode.tooManyRequests || code >= 500) return { kind: 'offline' }
  // 409, or 404 for orders that are not the shopper's: the reason and the orders travel in `data`
  if ((code === ResultCode.conflict || code === ResultCode.notFound) && isRefusalData(error.data)) {
    const orderIds = (error.data.orderIds ?? []).filter((id): id is number => typeof id === 'number')
    return { kind: 'refused', reason: error.data.reason, orderIds }
  }
  return { kind: 'invalid', message: error.message }
}

/** Runs a call of the packaging request; a failure comes out as the machine reads it. */
export const asPackagingCall = <T>(call: () => Promise<T>) => asPayCall(call, packagingFailureOf)
