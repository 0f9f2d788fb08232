import { lazy, Suspense, useState } from 'react'
import { needsMessagingAccount } from '../../../domain/session.ts'
import { useSession } from '../../account/session/use-session.tsx'

// Only a signed-in shopper sees these, so a visitor's first load carries none of them.
const CustomerServicePanel = lazy(() =>
  import('../../content/components/customer-service-panel.tsx').then((module) => ({
    default: module.CustomerServicePanel,
  })),
)
const TipsTrigger = lazy(() =>
  import('../tips/tips-trigger.tsx').then((module) => ({ default: module.TipsTrigger })),
)
const MessagingAccountDialog = lazy(() =>
  import('../../account/components/messaging-account-dialog.tsx').then((module) => ({
    default: module.MessagingAccountDialog,
  })),
)

/**
 * The customer-service dock, the messaging-account dialog and the tips dialog, loaded once someone is
 * signed in. The tips wait until the messaging-account dialog is done: one modal dialog at a time.
 */
export function MemberExtras() {
  const { claims } = useSession()
  const [messagingClosedFor, setMessagingClosedFor] = useState<string | null>(null)
  if (!claims) return null
  const askingMessaging = needsMessagingAccount(claims) && messagingClosedFor !== claims.sid
  return (
    <Suspense>
      <CustomerServicePanel />
      {askingMessaging ? <MessagingAccountDialog onClosed={setMessagingClosedFor} /> : <TipsTrigger />}
    </Suspense>
  )
}
