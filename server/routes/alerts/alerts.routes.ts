import { pagedListQuery } from '../../../src/domain/list-queries.ts'
import { alertPageAnswer, alertStateAnswer } from '../../answers/alerts.ts'
import type { RouteContract } from '../contract.ts'

export const alertSubscribe = {
  method: 'post',
  path: '/mall/alert/subscribe/:productId',
  summary:
    'Tells the caller (one Web Push and one mail a day at most) when the product can be ordered again, or a re-release with its JAN opens; repeating it changes nothing; 404 for no such product',
  tag: 'alerts',
  access: 'customer',
  returns: alertStateAnswer,
} satisfies RouteContract

export const alertUnsubscribe = {
  method: 'delete',
  path: '/mall/alert/:productId',
  summary: 'Turns the caller’s alert on the product off (answers subscribed false whether or not it was on)',
  tag: 'alerts',
  access: 'customer',
  returns: alertStateAnswer,
} satisfies RouteContract

export const alertState = {
  method: 'get',
  path: '/mall/alert/state/:productId',
  summary: 'Whether the caller has an alert on the product; 404 for no such product',
  tag: 'alerts',
  access: 'customer',
  returns: alertStateAnswer,
} satisfies RouteContract

export const alertList = {
  method: 'get',
  path: '/mall/alert/list',
  summary:
    'The caller’s alerts, newest first: the product’s card (the caller’s price), when it was asked and when an alert last went out',
  tag: 'alerts',
  access: 'customer',
  query: pagedListQuery,
  returns: alertPageAnswer,
} satisfies RouteContract

export const alertContracts = [alertList, alertState, alertSubscribe, alertUnsubscribe]
