import * as v from 'valibot'
import type {
  OpsCustomerDetail,
  OpsCustomerListItem,
  OpsCustomerOrder,
  OpsPointsRow,
} from '../../src/domain/customer-ops.ts'
import type { PointsReason } from '../../src/domain/points.ts'
import { addressAnswer } from './address.ts'
import { answerOf, count, id, named, pageOf, time } from './shape.ts'

/* The customers room (server/routes/customers, backoffice §4). */

/** The price role 1–6 (customer-ops.ts CUSTOMER_ROLES); null when the account has none. */
const customerRole = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6)))

export const opsCustomerListItemAnswer = named(
  'OpsCustomerListItem',
  answerOf<OpsCustomerListItem>()(
    v.strictObject({
      id,
      email: v.string(),
      nickname: v.string(),
      role: customerRole,
      tier: v.nullable(v.string()),
      score: count,
      disabled: v.boolean(),
      orderCount: count,
      createTime: time,
    }),
  ),
)
export const opsCustomerPageAnswer = pageOf(opsCustomerListItemAnswer)

const POINTS_REASONS = ['hold', 'return', 'earn', 'adjust'] as const satisfies readonly PointsReason[]

export const opsPointsRowAnswer = named(
  'OpsPointsRow',
  answerOf<OpsPointsRow>()(
    v.strictObject({
      id,
      delta: count,
      reason: v.picklist(POINTS_REASONS),
      note: v.nullable(v.string()),
      orderId: v.nullable(id),
      balance: count,
      createTime: time,
    }),
  ),
)
export const opsPointsPageAnswer = pageOf(opsPointsRowAnswer)

const opsCustomerOrderAnswer = named(
  'OpsCustomerOrder',
  answerOf<OpsCustomerOrder>()(v.strictObject({ id, status: count, total: count, createTime: time })),
)

export const opsCustomerDetailAnswer = named(
  'OpsCustomerDetail',
  answerOf<OpsCustomerDetail>()(
    v.strictObject({
      id,
      email: v.string(),
      nickname: v.string(),
      telephone: v.nullable(v.string()),
      avatar: v.nullable(v.string()),
      language: v.string(),
      createTime: time,
      role: customerRole,
      tier: v.nullable(v.string()),
      scoreRate: v.number(),
      scoreTime: v.nullable(v.string()),
      score: count,
      disabled: v.boolean(),
      lastDisable: v.nullable(v.strictObject({ reason: v.nullable(v.string()), at: time })),
      lastSignIn: v.nullable(time),
      lastSeen: v.nullable(time),
      addresses: v.array(addressAnswer),
      orderCounts: v.array(v.strictObject({ status: count, count })),
      orderCount: count,
      recentOrders: v.array(opsCustomerOrderAnswer),
      points: opsPointsPageAnswer,
    }),
  ),
)
