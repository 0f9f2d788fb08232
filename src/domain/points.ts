import { pageQuery } from './queries.ts'

/* The points history on the wire (spec §3 'Points record'; flows §9): GET /mall/score/list. */

/** GET /mall/score/list?pageNum=&pageSize= (the caller's own history; pageSize at most 100). */
export const pointsListQuery = pageQuery

/** Why points changed, as the ledger records it: `adjust` is an operator's correction (its note says why). */
export type PointsReason = 'hold' | 'return' | 'earn' | 'adjust'

/** One row of the shopper's points history, newest first. */
export interface PointsRecordDto {
  id: number
  /** The order it concerns, when it concerns one. */
  orderId: number | null
  /** Signed: positive earned or returned, negative used. */
  points: number
  /** The ledger's reason code; the page words it in the shopper's language. */
  remark: PointsReason
  createTime: string
  /** The balance after this change. */
  balance: number
}
