import type { RouteContract } from '../contract.ts'

export const health = {
  method: 'get',
  path: '/health',
  summary: 'Liveness and database reachability',
  tag: 'system',
  access: 'public',
  returns: '{ status: "ok", database: "ok" }',
} satisfies RouteContract

export const healthContracts = [health]
