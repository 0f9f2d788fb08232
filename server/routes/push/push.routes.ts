import { pushSubscribeBody, pushUnsubscribeBody } from '../../../src/domain/push.ts'
import { subscribedAnswer, unsubscribedAnswer, vapidPublicKeyAnswer } from '../../answers/push.ts'
import type { RouteContract } from '../contract.ts'

/* Web Push subscriptions (flows §6). */

export const vapidPublicKey = {
  method: 'get',
  path: '/mall/push/vapidPublicKey',
  summary:
    'The shop’s VAPID public key (base64url), the applicationServerKey a browser subscribes with; it never changes',
  tag: 'push',
  access: 'public',
  returns: vapidPublicKeyAnswer,
} satisfies RouteContract

export const subscribe = {
  method: 'post',
  path: '/mall/push/subscribe',
  summary:
    'Stores this browser’s PushSubscription for the caller’s session (a browser subscribed by another account moves to the caller); an endpoint on a push service the shop does not send to is a 400; the session’s logout removes it',
  tag: 'push',
  access: 'customer',
  body: pushSubscribeBody,
  returns: subscribedAnswer,
} satisfies RouteContract

export const unsubscribe = {
  method: 'delete',
  path: '/mall/push/subscribe',
  summary:
    'Removes the caller’s subscription of { endpoint }; an endpoint the caller has not subscribed is left alone and answered the same',
  tag: 'push',
  access: 'customer',
  body: pushUnsubscribeBody,
  returns: unsubscribedAnswer,
} satisfies RouteContract

export const pushContracts: RouteContract[] = [vapidPublicKey, subscribe, unsubscribe]
