import { Trans } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { formFailureOf } from '../../../lib/validation-text.ts'
import { isNetworkDown } from '../../shell/offline/network-down.ts'
import { OfflinePage } from '../../shell/offline/offline-page.tsx'

/**
 * The package list or a package could not load: without a network the offline page; otherwise why,
 * when it can say, and a way to try again.
 */
export function PackageLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isNetworkDown(error)) return <OfflinePage onRetry={onRetry} headingLevel={2} />
  // says nothing for a cancelled call or an ended session (the session leaves the page)
  const reason = formFailureOf(error, []).message
  return (
    <Notice
      tone="error"
      title={<Trans>包裹加载失败</Trans>}
      action={
        <Button onClick={onRetry}>
          <Trans>重试</Trans>
        </Button>
      }
    >
      {reason ?? <Trans>请稍后重试；如果一直失败，请联系客服。</Trans>}
    </Notice>
  )
}
