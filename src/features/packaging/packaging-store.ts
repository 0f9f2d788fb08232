import { createActor, fromPromise, type Snapshot } from 'xstate'
import { type PackagingActor, packagingMachine } from '../../../machines/packaging/packaging.machine.ts'
import type { SavedPackaging } from '../../../machines/packaging/packaging-saved-state.ts'
import type { ApplyInput, PackagingGoods } from '../../../machines/packaging/packaging-types.ts'
import type { ShippingMethodEstimateDto } from '../../domain/packaging.ts'
import type { ApiCallOptions } from '../../lib/api-client.ts'
import { currentLanguage } from '../../lib/i18n.ts'
import type { CartSessionLink } from '../account/session/cart-session-link.ts'
import { listAddresses } from '../addresses/api/list-addresses.ts'
import { applyPackaging } from './api/apply.ts'
import { listPackagingGoods } from './api/goods.ts'
import { listPackageApplies } from './api/list-applies.ts'
import { listShippingEstimates } from './api/methods.ts'
import { asPackagingCall } from './packaging-call.ts'
import { savedPackagingOf } from './saved-packaging.ts'

/* The tab's one packaging request: saved on every step, resumed after a reload, stopped when its
 * shopper signs out. */

/** The page tells the shopper itself: the flow's calls never toast. */
const quiet: ApiCallOptions = { systemNotify: false }

/** Applications a lost request is looked for among: the newest, where one just made is. */
const RECENT_APPLICATIONS = 30

const machine = packagingMachine.provide({
  actors: {
    loadGoods: fromPromise(() =>
      asPackagingCall(async (): Promise<PackagingGoods> => {
        const [orders, addresses] = await Promise.all([
          listPackagingGoods(currentLanguage(), quiet),
          listAddresses(quiet),
        ])
        return { orders, addresses }
      }),
    ),
    loadMethods: fromPromise(({ input }: { input: { addressId: number } }) =>
      asPackagingCall(
        (): Promise<ShippingMethodEstimateDto[]> =>
          listShippingEstimates({ addressId: input.addressId }, quiet),
      ),
    ),
    apply: fromPromise(({ input }: { input: ApplyInput }) =>
      asPackagingCall(() =>
        applyPackaging(
          {
            orderIds: input.orderIds,
            addressId: input.addressId,
            shippingMethodId: input.shippingMethodId,
            remark: input.remark ?? undefined,
          },
          input.key,
          quiet,
        ),
      ),
    ),
    findApplication: fromPromise(({ input }: { input: { orderIds: number[] } }) =>
      asPackagingCall(async () => {
        const page = await listPackageApplies(
          { pageNum: 1, pageSize: RECENT_APPLICATIONS, language: currentLanguage() },
          quiet,
        )
        return page.list.find((apply) => apply.orderIds.some((id) => input.orderIds.includes(id))) ?? null
      }),
    ),
  },
})

let open: { owner: string; actor: PackagingActor; stop(): void } | undefined

function close(): void {
  open?.stop()
  open = undefined
}

/** Runs a request as this tab's one, saving every step (and forgetting it once applied). */
function run(owner: string, actor: PackagingActor): PackagingActor {
  close()
  const saved = savedPackagingOf(owner)
  const subscription = actor.subscribe((snapshot) => {
    // applied: nothing is left to resume; the next visit starts a new request
    if (snapshot.matches('applied')) void saved.forget()
    else void saved.save(actor.getPersistedSnapshot() as SavedPackaging)
  })
  const backOnline = () => actor.send({ type: 'ONLINE' })
  window.addEventListener('online', backOnline)
  open = {
    owner,
    actor,
    stop() {
      subscription.unsubscribe()
      window.removeEventListener('online', backOnline)
      actor.stop()
    },
  }
  actor.start()
  return actor
}

/** This tab's request of the shopper, unless it is done. */
function runningFor(owner: string): PackagingActor | undefined {
  const actor = open?.owner === owner ? open.actor : undefined
  return actor && !actor.getSnapshot().matches('applied') ? actor : undefined
}

/**
 * The shopper's packaging request for the page: this tab's (told to read the server again: orders
 * may have arrived or been requested meanwhile), else the saved draft (restored, then told to RESUME),
 * else a new one. A request already applied is not resumed.
 */
export async function packagingFor(owner: string): Promise<PackagingActor> {
  const running = runningFor(owner)
  if (running) {
    running.send({ type: 'RESUME' })
    return running
  }
  const saved = await savedPackagingOf(owner).restore()
  // another call may have opened one while storage was read
  const openedMeanwhile = runningFor(owner)
  if (openedMeanwhile) return openedMeanwhile
  if (saved && saved.value !== 'applied') {
    const restored = createActor(machine, { snapshot: saved as Snapshot<unknown>, input: { owner } })
    run(owner, restored)
    restored.send({ type: 'RESUME' })
    return restored
  }
  return run(owner, createActor(machine, { input: { owner } }))
}

const followed = new WeakSet<CartSessionLink>()

/**
 * Stops this tab's request once its shopper is no longer the one signed in (a logout, another account):
 * the session forgets the saved draft then, and a request left running would save it again.
 */
export function followSession(link: CartSessionLink): void {
  if (followed.has(link)) return
  followed.add(link)
  link.onOwnerChange(() => {
    if (open && open.owner !== link.owner()) close()
  })
}

/** Stops and forgets the shopper's request. */
export function dropPackaging(owner: string): Promise<void> {
  if (open?.owner === owner) close()
  return savedPackagingOf(owner).forget()
}
