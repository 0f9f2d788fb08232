import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './audit.handlers.ts'
import * as contracts from './audit.routes.ts'

export const auditRoutes = new Hono<AppEnv>()
  .get(contracts.listAudit.path, ...handlers.listAuditHandlers)
  .get(contracts.auditFilters.path, ...handlers.auditFiltersHandlers)
