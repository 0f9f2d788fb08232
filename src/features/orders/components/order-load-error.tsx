import { Trans } from '@lingui/react/macro'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { formFailureOf } from '../../../lib/validation-text.ts'
import { isNetworkDown } from '../../shell/offline/network-down.ts'
import { OfflinePage } from '../../shell/offline/offline-page.tsx'

/**
 * The order list or an order could not load: without a network (and nothing saved on the device) the
 * offline page; otherwise why, when it can say, and a way to try again.
 */
export function OrderLoadError({ error }: Pick<ErrorComponentProps, 'error'>) {
  const router = useRouter()
  const retry = () => void router.invalidate()
  if (isNetworkDown(error)) return <OfflinePage onRetry={retry} />
  // says nothing for a cancelled call or an ended session (the session leaves the page)
  const reason = formFailureOf(error, []).message
  return (
    <Notice
      tone="error"
      title={<Trans>订单加载失败</Trans>}
      action={
        <Button onClick={retry}>
          <Trans>重试</Trans>
        </Button>
      }
    >
      {reason ?? <Trans>请稍后重试；如果一直失败，请联系客服。</Trans>}
    </Notice>
  )
}
