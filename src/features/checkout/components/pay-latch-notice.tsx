import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Notice } from '../../../components/ui/notice.tsx'

/** Paying is closed by the operator: their words when they left any, else `fallback` (or ours). */
export function PayLatchNotice(props: { message: string | null; fallback?: ReactNode }) {
  return (
    <Notice tone="error" title={<Trans>支付暂不可用</Trans>}>
      {props.message ?? props.fallback ?? <Trans>支付通道暂时关闭，请稍后再试。</Trans>}
    </Notice>
  )
}
