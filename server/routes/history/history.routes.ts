import { historyRemoveQuery, pagedListQuery } from '../../../src/domain/list-queries.ts'
import { favouriteToggleAnswer } from '../../answers/favourites.ts'
import { historyPageAnswer, historyRemovedAnswer } from '../../answers/history.ts'
import type { RouteContract } from '../contract.ts'

export const historyList = {
  method: 'get',
  path: '/mall/history/list',
  summary: 'The caller’s browsing history, most recently opened first, with their prices',
  tag: 'history',
  access: 'customer',
  query: pagedListQuery,
  returns: historyPageAnswer,
} satisfies RouteContract

export const collectOrCancel = {
  method: 'post',
  path: '/mall/history/collectOrCancel/:productId',
  summary: 'Adds the product to the caller’s favourites, or removes it when it is there',
  tag: 'history',
  access: 'customer',
  returns: favouriteToggleAnswer,
} satisfies RouteContract

export const removeOrClear = {
  method: 'delete',
  path: '/mall/history/removeOrClear',
  summary: 'Removes one product from the caller’s history (productId), or clears it all',
  tag: 'history',
  access: 'customer',
  query: historyRemoveQuery,
  returns: historyRemovedAnswer,
} satisfies RouteContract

export const historyContracts = [historyList, collectOrCancel, removeOrClear]
