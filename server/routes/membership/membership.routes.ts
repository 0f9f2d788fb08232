import { vipLevelsBody } from '../../../src/domain/vip-levels-editor.ts'
import { tierRunAnswer, vipLevelListAnswer } from '../../answers/membership.ts'
import type { RouteContract } from '../contract.ts'

/* Membership levels and tiers (spec §3 vipList, §4 'Tier label'; flows §7 settings and jobs). */

export const vipList = {
  method: 'get',
  path: '/mall/vip/list',
  summary: 'Membership levels: level, points rate and the monthly spending (yen) that earns it',
  tag: 'membership',
  access: 'public',
  returns: vipLevelListAnswer,
} satisfies RouteContract

export const updateVipLevels = {
  method: 'put',
  path: '/ops/settings/vip-levels',
  summary:
    'Replaces the membership levels whole, in one transaction: levels numbered 1..n in order (1 to 10), level 1 at a threshold of 0, thresholds (whole yen) strictly rising, rates from 0 to 1 with at most 4 decimals and never falling. A 400 names the level’s field (levels.2.minMonthlySpend) and changes nothing. Members keep their rate until the next tier job. Audited (vipLevels.update)',
  tag: 'ops',
  access: 'operator',
  permission: 'settings',
  body: vipLevelsBody,
  returns: vipLevelListAnswer,
} satisfies RouteContract

export const runTierJob = {
  method: 'post',
  path: '/ops/jobs/tiers/run',
  summary:
    'Runs the monthly tier job now on the shop’s clock: if the current shop month’s tiers are not set yet, every member (roles 1 and 2) gets the rate of the level last month’s paid spending reaches, until the month’s last day. Once per month (ran is false afterwards, and while another runner holds the job); audited',
  tag: 'ops',
  access: 'operator',
  permission: 'settings',
  returns: tierRunAnswer,
} satisfies RouteContract

export const membershipContracts: RouteContract[] = [vipList, updateVipLevels, runTierJob]
