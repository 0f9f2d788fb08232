import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/account/guard.ts'
import { listAddresses } from '../features/addresses/api/list-addresses.ts'
import { AddressBookError } from '../features/addresses/components/address-book-error.tsx'
import { AddressBookPending } from '../features/addresses/components/address-book-frame.tsx'
import { AddressBookPage } from '../features/addresses/components/address-book-page.tsx'

// Quiet: a failed load is shown by the error component, with a retry, rather than toasted.
export const Route = createFileRoute('/address-manage')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  loader: () => listAddresses({ systemNotify: false }),
  pendingComponent: AddressBookPending,
  errorComponent: AddressBookError,
  component: AddressManageRoute,
})

function AddressManageRoute() {
  return <AddressBookPage addresses={Route.useLoaderData()} />
}
