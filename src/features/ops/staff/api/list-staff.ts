import type { StaffAccountDto } from '../../../../domain/staff.ts'
import { apiGet } from '../../../../lib/api-client.ts'

/** GET /api/ops/staff: every operator account, oldest first. */
export const listStaff = () => apiGet<{ list: StaffAccountDto[] }>('/ops/staff', {}, { systemNotify: false })
