import { lazy, Suspense } from 'react'
import { needsMessagingAccount } from '../../../domain/session.ts'
import { useSession } from '../../account/session/use-session.tsx'

// Only a signed-in shopper sees these, so a visitor's first load carries neither.
const CustomerServicePanel = lazy(() =>
  import('../../content/components/customer-service-panel.tsx').then((module) => ({
    default: module.CustomerServicePanel,
  })),
)
const MessagingAccountDialog = lazy(() =>
  import('../../account/components/messaging-account-dialog.tsx').then((module) => ({
    default: module.MessagingAccountDialog,
  })),
)

/** The customer-service dock and the messaging-account dialog, loaded once someone is signed in. */
export function MemberExtras() {
  const { claims } = useSession()
  if (!claims) return null
  return (
    <Suspense>
      <CustomerServicePanel />
      {needsMessagingAccount(claims) ? <MessagingAccountDialog /> : null}
    </Suspense>
  )
}
