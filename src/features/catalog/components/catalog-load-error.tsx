import { Trans } from '@lingui/react/macro'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { ApiFailure } from '../../../lib/api-client.ts'
import { LazyOfflinePage } from '../../shell/offline/lazy-offline-page.tsx'
import { isNetworkDown } from '../../shell/offline/network-down.ts'

/**
 * A catalog page that could not load (spec §8 'Network Error or Item Unavailable'): without a network
 * (and nothing saved on the device) the offline page; otherwise why when it can (too slow, the
 * server's own message), with a retry.
 */
export function CatalogLoadError({ error }: Pick<ErrorComponentProps, 'error'>) {
  const router = useRouter()
  if (isNetworkDown(error)) return <LazyOfflinePage onRetry={() => void router.invalidate()} />
  return (
    <Notice
      tone="error"
      title={<Trans>网络错误或商品不可用</Trans>}
      action={
        <Button onClick={() => void router.invalidate()}>
          <Trans>重试</Trans>
        </Button>
      }
    >
      <FailureReason error={error} />
    </Notice>
  )
}

function FailureReason({ error }: { error: unknown }) {
  if (error instanceof ApiFailure && error.kind === 'timeout') {
    return <Trans>请求超时，请检查网络后重试。</Trans>
  }
  if (
    error instanceof ApiFailure &&
    error.kind === 'server' &&
    error.code !== undefined &&
    error.code < 500
  ) {
    return <>{error.message}</>
  }
  return <Trans>请稍后重试；如果一直失败，请联系客服。</Trans>
}
