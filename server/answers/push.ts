import * as v from 'valibot'
import type { VapidPublicKeyDto } from '../../src/domain/push.ts'
import { answerOf, named } from './shape.ts'

export const vapidPublicKeyAnswer = named(
  'VapidPublicKeyDto',
  answerOf<VapidPublicKeyDto>()(
    v.strictObject({
      publicKey: v.pipe(v.string(), v.description('base64url, an uncompressed P-256 point')),
    }),
  ),
)

export const subscribedAnswer = answerOf<{ subscribed: true }>()(
  v.strictObject({ subscribed: v.literal(true) }),
)
export const unsubscribedAnswer = answerOf<{ subscribed: false }>()(
  v.strictObject({ subscribed: v.literal(false) }),
)
