import { createActor, fromPromise } from 'xstate'
import {
  EMPTY_STARTUP,
  type SessionSnapshot,
  type StartupData,
  sessionMachine,
  type VipInfo,
} from '../../../../machines/session/session.machine.ts'
import { cartNumber } from '../../../domain/cart.ts'
import type { ChargeSettings } from '../../../domain/pricing.ts'
import { readSessionClaims } from '../../../domain/session.ts'
import { configureSession } from '../../../lib/api-client.ts'
import { forgetSavedCart, readSavedCart } from '../../../lib/cart-storage.ts'
import { currentLanguage } from '../../../lib/i18n.ts'
import { clearStoredToken, readStoredToken, storeToken } from '../../../lib/session-token.ts'
import { clearUserCaches, forgetPackagingQuery } from '../../../lib/user-storage.ts'
import { listAddresses } from '../../addresses/api/list-addresses.ts'
import { listCart } from '../../cart/api/list-cart.ts'
import { getChargeDetails } from '../api/get-charge-details.ts'
import { getPayInfo } from '../api/get-pay-info.ts'
import { getVipLevels } from '../api/get-vip-levels.ts'
import { logOut } from '../api/log-out.ts'
import { type CartSessionLink, cartLinkFor, hasUnsentCartChanges } from './cart-link.ts'

export type SessionActor = ReturnType<typeof createSession>

export interface SessionNavigation {
  /** Spec §8: a session timeout goes to /login (we add where the shopper was, to come back to it). */
  goToLogin(): void
  /** A disabled account or a logout goes to /. */
  goHome(): void
  /**
   * Someone signed in or out: the open page loads its data again, so prices appear or disappear
   * (the server answers each caller with what they may see).
   */
  reloadPage(): void
}

// Quiet: a failed background load must not toast over the page; the session shows its own retry.
const quiet = { systemNotify: false } as const

/** The shopper's charge settings; without them the pages show no rate or fees, so a failure is quiet. */
async function fetchCharge(): Promise<ChargeSettings | null> {
  try {
    return await getChargeDetails(quiet)
  } catch {
    return null
  }
}

/** The header's cart count; an operator has no cart and a failed load shows none rather than a stale one. */
async function fetchCartNumber(): Promise<number> {
  try {
    return cartNumber(await listCart(currentLanguage(), quiet))
  } catch {
    return 0
  }
}

/** How many addresses the shopper keeps (checkout asks for one); an operator has none. */
async function fetchAddressCount(): Promise<number> {
  try {
    return (await listAddresses(quiet)).length
  } catch {
    return 0
  }
}

async function fetchVipInfo(): Promise<VipInfo> {
  const [vipList, payInfo] = await Promise.all([getVipLevels(quiet), getPayInfo(quiet)])
  return { vipList, payInfo }
}

/**
 * One VIP-info fetch at a time. A login starts the startup loads and the VIP reload together; two
 * identical calls in flight would make the API client abort the first (spec §7), so they share one.
 */
function sharedVipInfo(): () => Promise<VipInfo> {
  let inFlight: Promise<VipInfo> | undefined
  return () => {
    inFlight ??= fetchVipInfo().finally(() => {
      inFlight = undefined
    })
    return inFlight
  }
}

/**
 * Starts the session of this tab from the stored token and connects it to the API client: a token in
 * any response renews it (or signs in, when it names another session), 9004 and 9005 end it.
 */
export function createSession(navigation: SessionNavigation) {
  const loadVipInfo = sharedVipInfo()
  /**
   * The startup loads (spec §4 'Startup'): pay info, the VIP levels, the charge settings, the cart
   * and the address list; the extra-pay count joins this list with its own feature.
   */
  const loadStartup = async (): Promise<StartupData> => {
    const [vipInfo, charge, cartCount, addressCount] = await Promise.all([
      loadVipInfo(),
      fetchCharge(),
      fetchCartNumber(),
      fetchAddressCount(),
    ])
    return { ...EMPTY_STARTUP, ...vipInfo, charge, cartNumber: cartCount, addressCount }
  }
  const machine = sessionMachine.provide({
    actors: {
      loadStartup: fromPromise(loadStartup),
      loadVipInfo: fromPromise(loadVipInfo),
      signOut: fromPromise(async () => {
        await logOut()
      }),
    },
    actions: {
      persistToken: (_, params: { token: string }) => storeToken(params.token),
      forgetToken: () => clearStoredToken(),
      forgetPackagingQuery: () => forgetPackagingQuery(),
      clearUserCaches: () => void clearUserCaches(),
      forgetUserCart: () => void forgetSavedCart(),
      goToLogin: () => navigation.goToLogin(),
      goHome: () => navigation.goHome(),
    },
  })
  const actor = createActor(machine, { input: { token: readStoredToken(), nowMs: Date.now() } })
  configureSession({
    onToken(token) {
      const current = actor.getSnapshot().context.claims
      const next = readSessionClaims(token)
      const sameSession = current && next && current.sid === next.sid && current.sub === next.sub
      actor.send(sameSession ? { type: 'TOKEN_RENEWED', token } : { type: 'SIGNED_IN', token })
    },
    onSessionExpired: () => actor.send({ type: 'SESSION_EXPIRED' }),
    onAccountDisabled: () => actor.send({ type: 'ACCOUNT_DISABLED' }),
  })
  // After a sign-in, a sign-out or a change of account the page's loaders run again. Read from the
  // context rather than the signed-in state: the token is already stored (or already gone) when the
  // caller changes, so the reload asks with the right one; during the logout call it is still the old one.
  let caller = callerOf(actor.getSnapshot())
  actor.subscribe((snapshot) => {
    const next = callerOf(snapshot)
    if (next === caller) return
    caller = next
    navigation.reloadPage()
  })
  actor.start()
  const cartLink = cartLinkFor(actor)
  void resumeUnsentCartChanges(cartLink)
  cartLink.onOwnerChange(() => void resumeUnsentCartChanges(cartLink))
  return actor
}

/**
 * Changes made offline in an earlier visit (or before the session ran out) are sent as soon as the same
 * shopper is signed in again, without waiting for them to open the cart. The cart's code loads only then.
 */
async function resumeUnsentCartChanges(link: CartSessionLink): Promise<void> {
  const owner = link.owner()
  if (owner === null || !hasUnsentCartChanges(await readSavedCart(), owner)) return
  const { openCart } = await import('../../cart/cart-store.ts')
  await openCart(link)
}

/** Who the stored token speaks for: a visitor, or one account. Token renewals keep it. */
function callerOf(snapshot: SessionSnapshot): string {
  const { token, claims } = snapshot.context
  return token === null || claims === null ? 'visitor' : `${claims.kind}:${claims.sub}`
}
