import { Trans } from '@lingui/react/macro'
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router'
import { Notice } from '../../../components/ui/notice.tsx'
import { LazyOfflinePage } from '../offline/lazy-offline-page.tsx'
import { isNetworkDown } from '../offline/network-down.ts'

/**
 * A page that failed where its own route says nothing: without a network (a route never opened
 * before, its code or data not on the device) the offline page with what works; otherwise an error
 * with a way home.
 */
export function RootError({ error }: Pick<ErrorComponentProps, 'error'>) {
  const router = useRouter()
  if (isNetworkDown(error)) return <LazyOfflinePage onRetry={() => void router.invalidate()} />
  return (
    <Notice
      tone="error"
      title={<Trans>出错了，请稍后再试</Trans>}
      action={
        <Link to="/">
          <Trans>返回首页</Trans>
        </Link>
      }
    />
  )
}
