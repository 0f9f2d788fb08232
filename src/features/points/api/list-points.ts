import type { PointsRecordDto } from '../../../domain/points.ts'
import type { Page } from '../../../domain/queries.ts'
import { type ApiCallOptions, apiGet } from '../../../lib/api-client.ts'

/** GET /mall/score/list: the shopper's points history, newest first, paged. */
export const listPoints = (query: { pageNum: number; pageSize: number }, options?: ApiCallOptions) =>
  apiGet<Page<PointsRecordDto>>('/mall/score/list', { ...query }, options)
