import type { RouteContract } from '../contract.ts'

/* The audit trail (backoffice §5): one append-only log of every console change. */

export const auditContracts: RouteContract[] = []
