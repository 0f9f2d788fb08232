import type { StaffMeDto } from '../../../domain/staff.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /api/ops/me: the signed-in operator, its rooms, and whether it must change its password first. */
export const getOpsMe = () => apiGet<StaffMeDto>('/ops/me', {}, { systemNotify: false })
