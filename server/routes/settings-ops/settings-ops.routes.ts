import { opsChargeSettingsBody, opsRateBody } from '../../../src/domain/settings-ops.ts'
import { opsChargeSettingsAnswer, opsRateAnswer } from '../../answers/settings-ops.ts'
import type { RouteContract } from '../contract.ts'

/* The settings room's charges and rate (backoffice §5). */

export const getCharges = {
  method: 'get',
  path: '/ops/settings/charges',
  summary:
    'The charges /mall/charge/details shows, as fractions (0.3 = 30 %): the deposit share (frontMoney), the member discount, the platform and settlement fees, plus the daily storage fee in yen and the highest rate a payment converts at (maxRate, null when unset)',
  tag: 'ops',
  access: 'operator',
  permission: 'settings',
  returns: opsChargeSettingsAnswer,
} satisfies RouteContract

export const putCharges = {
  method: 'put',
  path: '/ops/settings/charges',
  summary:
    'Replaces the charges. frontMoney and discount more than 0 and at most 1, platPercent and settlePercent from 0 to 1, each with at most 6 decimals; storageFeePerDay whole yen from 0 to 100000; maxRate null or a positive number below 10000 with at most 6 decimals (400 naming the field otherwise, nothing written). Applies to orders created afterwards: an order keeps the amounts frozen on it when it was placed. Audited (settings.charges, before and after); the same values again change nothing',
  tag: 'ops',
  access: 'operator',
  permission: 'settings',
  body: opsChargeSettingsBody,
  returns: opsChargeSettingsAnswer,
} satisfies RouteContract

export const getRate = {
  method: 'get',
  path: '/ops/settings/rate',
  summary: 'The renminbi per yen shown to shoppers (the home hint and the RMB estimates); null until set',
  tag: 'ops',
  access: 'operator',
  permission: 'settings',
  returns: opsRateAnswer,
} satisfies RouteContract

export const putRate = {
  method: 'put',
  path: '/ops/settings/rate',
  summary:
    'Sets the display rate: a positive number below 10000 with at most 6 decimals (400 on rate otherwise). /mall/exchange_rate/get, get2 and /mall/charge/details answer it at once on every server (read live, never cached). Audited (settings.rate, before and after)',
  tag: 'ops',
  access: 'operator',
  permission: 'settings',
  body: opsRateBody,
  returns: opsRateAnswer,
} satisfies RouteContract

export const settingsOpsContracts: RouteContract[] = [getCharges, putCharges, getRate, putRate]
