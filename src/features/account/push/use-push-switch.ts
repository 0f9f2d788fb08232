import { useCallback, useEffect, useRef, useState } from 'react'
import { getVapidPublicKey } from '../api/get-vapid-public-key.ts'
import { pushSubscribe } from '../api/push-subscribe.ts'
import { pushUnsubscribe } from '../api/push-unsubscribe.ts'
import { pushAvailability, readPushTraits } from './push-availability.ts'
import { currentSubscription, subscribeDevice } from './push-device.ts'

// Quiet: the switch says what went wrong itself.
const quiet = { systemNotify: false } as const

/**
 * What the notifications switch shows:
 * - `checking`: reading the browser's state;
 * - `unsupported`, `needsInstall`, `denied`: the switch cannot be used (the page says why);
 * - `off` and `on`; `off` may carry why the last attempt to turn it on failed: the push service could
 *   not be reached (`unreachable`) or the shop could not be told (`failed`);
 * - `turningOn`, `turningOff`: in progress.
 */
export type PushSwitchState =
  | { kind: 'checking' | 'unsupported' | 'needsInstall' | 'denied' | 'on' | 'turningOn' | 'turningOff' }
  | { kind: 'off'; problem?: 'unreachable' | 'failed' }

async function initialState(): Promise<PushSwitchState> {
  const availability = pushAvailability(readPushTraits())
  if (availability !== 'default' && availability !== 'granted') return { kind: availability }
  const subscription = await currentSubscription()
  if (availability !== 'granted' || !subscription) return { kind: 'off' }
  // The device may have been subscribed under a login that ended without a logout (it ran out): the
  // shop learns whose it is now. A failure changes nothing on screen.
  pushSubscribe(subscription.toJSON(), quiet).catch(() => {})
  return { kind: 'on' }
}

/** Asks for permission (from the click), subscribes this browser and tells the shop. */
async function turnOn(): Promise<PushSwitchState> {
  // first, before any wait: browsers grant the prompt only from the click itself
  const permission = await Notification.requestPermission()
  if (permission === 'denied') return { kind: 'denied' }
  if (permission !== 'granted') return { kind: 'off' } // the prompt was dismissed
  let publicKey: string
  try {
    publicKey = (await getVapidPublicKey(quiet)).publicKey
  } catch {
    return { kind: 'off', problem: 'failed' }
  }
  let subscription: PushSubscription
  try {
    subscription = await subscribeDevice(publicKey)
  } catch {
    if (Notification.permission === 'denied') return { kind: 'denied' }
    return { kind: 'off', problem: 'unreachable' }
  }
  try {
    await pushSubscribe(subscription.toJSON(), quiet)
  } catch {
    // the shop will not send to it (or did not hear): a subscription it does not know is of no use
    await subscription.unsubscribe().catch(() => {})
    return { kind: 'off', problem: 'failed' }
  }
  return { kind: 'on' }
}

/** Tells the shop to stop, then drops the browser's subscription (even if the shop did not hear). */
async function turnOff(): Promise<PushSwitchState> {
  const subscription = await currentSubscription().catch(() => null)
  if (subscription) {
    await pushUnsubscribe(subscription.endpoint, quiet).catch(() => {})
    await subscription.unsubscribe().catch(() => {})
  }
  return { kind: 'off' }
}

/** The account page's notifications switch: its state, and the toggle. */
export function usePushSwitch(): { state: PushSwitchState; toggle: () => void } {
  const [state, setState] = useState<PushSwitchState>({ kind: 'checking' })
  const live = useRef(true)

  useEffect(() => {
    live.current = true
    initialState().then(
      (next) => {
        if (live.current) setState(next)
      },
      () => {
        if (live.current) setState({ kind: 'off' })
      },
    )
    return () => {
      live.current = false
    }
  }, [])

  const toggle = useCallback(() => {
    if (state.kind !== 'on' && state.kind !== 'off') return
    const turning = state.kind === 'on' ? turnOff : turnOn
    setState({ kind: state.kind === 'on' ? 'turningOff' : 'turningOn' })
    turning().then(
      (next) => {
        if (live.current) setState(next)
      },
      () => {
        if (live.current) setState({ kind: 'off', problem: 'failed' })
      },
    )
  }, [state.kind])

  return { state, toggle }
}
