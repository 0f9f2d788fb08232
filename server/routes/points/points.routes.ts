import { pointsListQuery } from '../../../src/domain/points.ts'
import { pointsPageAnswer } from '../../answers/points.ts'
import type { RouteContract } from '../contract.ts'

/* The points history (spec §7 score). */

export const scoreList = {
  method: 'get',
  path: '/mall/score/list',
  summary:
    "The caller's own points history, newest first: each change with its order (if any), signed points, the ledger's reason (hold, return, earn) as remark, time and the balance after",
  tag: 'points',
  access: 'customer',
  query: pointsListQuery,
  returns: pointsPageAnswer,
} satisfies RouteContract

export const pointsContracts: RouteContract[] = [scoreList]
