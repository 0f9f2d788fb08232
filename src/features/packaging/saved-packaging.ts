import {
  PACKAGING_MACHINE_VERSION,
  parseSavedPackaging,
  type SavedPackaging,
} from '../../../machines/packaging/packaging-saved-state.ts'
import { persistedSnapshots } from '../../lib/persisted-snapshot.ts'

/**
 * One saved packaging request per shopper (`snapshot:checkout:packaging:customer:{id}`): another
 * account never sees it. It lives under the checkout's prefix on purpose: the session forgets every
 * `checkout:` snapshot at a logout, and the draft (orders, address, remark) is the shopper's.
 */
export function savedPackagingOf(owner: string) {
  return persistedSnapshots<SavedPackaging>({
    key: `checkout:packaging:${owner}`,
    version: PACKAGING_MACHINE_VERSION,
    parse: (stored) => parseSavedPackaging(stored, owner),
  })
}
