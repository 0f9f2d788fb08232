import { chargeSettingsAnswer, exchangeRateAnswer, exchangeRateLimitsAnswer } from '../../answers/rates.ts'
import type { RouteContract } from '../contract.ts'

export const exchangeRate = {
  method: 'get',
  path: '/mall/exchange_rate/get',
  summary: 'Yen → renminbi display rate (null until set); signed-in callers only',
  tag: 'rates',
  access: 'customer',
  returns: exchangeRateAnswer,
} satisfies RouteContract

export const exchangeRateLimits = {
  method: 'get',
  path: '/mall/exchange_rate/get2',
  summary: 'The display rate and the highest rate a payment converts at',
  tag: 'rates',
  access: 'customer',
  returns: exchangeRateLimitsAnswer,
} satisfies RouteContract

export const chargeDetails = {
  method: 'get',
  path: '/mall/charge/details',
  summary: 'Charge settings: discount, platform fee, deposit share, settlement fee and display rate',
  tag: 'rates',
  access: 'customer',
  returns: chargeSettingsAnswer,
} satisfies RouteContract

export const ratesContracts = [exchangeRate, exchangeRateLimits, chargeDetails]
