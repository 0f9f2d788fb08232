import { healthAnswer, readyAnswer } from '../../answers/health.ts'
import type { RouteContract } from '../contract.ts'

export const health = {
  method: 'get',
  path: '/health',
  summary: 'Liveness and database reachability',
  tag: 'system',
  access: 'public',
  returns: healthAnswer,
} satisfies RouteContract

export const ready = {
  method: 'get',
  path: '/ready',
  summary:
    'Readiness for a load balancer: 200 when the database is reachable and migrated and the process is not draining, else 503',
  tag: 'system',
  access: 'public',
  returns: readyAnswer,
} satisfies RouteContract

export const healthContracts = [health, ready]
