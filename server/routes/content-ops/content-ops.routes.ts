import type { RouteContract } from '../contract.ts'

/* The content room (backoffice §3): banners, announcements, articles, customer-service contacts. */

export const contentOpsContracts: RouteContract[] = []
