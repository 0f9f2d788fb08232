import { Hono } from 'hono'
import { VIP_LEVELS } from '../../../src/domain/tiers.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { vipList } from './membership.routes.ts'

// One call with no input or service: the handler lives with the router.
export const membershipRoutes = new Hono<AppEnv>().get(vipList.path, (c) => ok(c, VIP_LEVELS))
