import { Trans } from '@lingui/react/macro'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { formFailureOf } from '../../../lib/validation-text.ts'
import { isNetworkDown } from '../../shell/offline/network-down.ts'
import { OfflinePage } from '../../shell/offline/offline-page.tsx'
import { AddressBookFrame } from './address-book-frame.tsx'

// Apart from the frame: the route's pending view is in the first load, this (with the form texts) is not.
/**
 * The address book could not load: without a network (and nothing saved on the device) the offline
 * page; otherwise why, when it can say, and a way to try again.
 */
export function AddressBookError({ error }: Pick<ErrorComponentProps, 'error'>) {
  const router = useRouter()
  if (isNetworkDown(error)) return <OfflinePage onRetry={() => void router.invalidate()} />
  // formFailureOf says nothing for a cancelled call or an ended session (the session leaves the page)
  const reason = formFailureOf(error, []).message
  return (
    <AddressBookFrame>
      <Notice
        tone="error"
        title={<Trans>收货地址加载失败</Trans>}
        action={
          <Button onClick={() => void router.invalidate()}>
            <Trans>重试</Trans>
          </Button>
        }
      >
        {reason}
      </Notice>
    </AddressBookFrame>
  )
}
