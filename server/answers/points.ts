import * as v from 'valibot'
import type { PointsRecordDto } from '../../src/domain/points.ts'
import { answerOf, count, id, named, pageOf, time } from './shape.ts'

export const pointsRecordAnswer = named(
  'PointsRecordDto',
  answerOf<PointsRecordDto>()(
    v.strictObject({
      id,
      orderId: v.nullable(id),
      points: count,
      remark: v.picklist(['hold', 'return', 'earn', 'adjust'] as const),
      createTime: time,
      balance: count,
    }),
  ),
)

export const pointsPageAnswer = pageOf(pointsRecordAnswer)
