import type { RouteContract } from '../contract.ts'

export const vipList = {
  method: 'get',
  path: '/mall/vip/list',
  summary: 'Membership levels: level, points rate and the monthly spending (yen) that earns it',
  tag: 'membership',
  access: 'public',
  returns: 'VipLevel[]',
} satisfies RouteContract

export const membershipContracts = [vipList]
