import * as v from 'valibot'
import type { AlertDto, AlertStateDto, OpsProductAlertsDto } from '../../src/domain/alerts.ts'
import type { Page } from '../../src/domain/queries.ts'
import { productCardAnswer } from './catalog.ts'
import { answerOf, count, id, named, pageOf, time } from './shape.ts'

/** Whether the caller has an alert on a product (subscribe, unsubscribe, state). */
export const alertStateAnswer = named(
  'AlertStateDto',
  answerOf<AlertStateDto>()(v.strictObject({ subscribed: v.boolean() })),
)

export const alertAnswer = named(
  'AlertDto',
  answerOf<AlertDto>()(
    v.strictObject({
      productId: id,
      product: productCardAnswer,
      createTime: time,
      lastSentAt: v.nullable(time),
    }),
  ),
)
export const alertPageAnswer = answerOf<Page<AlertDto>>()(pageOf(alertAnswer))

/** The console's product page: how many shoppers wait for it. */
export const opsProductAlertsAnswer = named(
  'OpsProductAlertsDto',
  answerOf<OpsProductAlertsDto>()(v.strictObject({ subscribers: count })),
)
