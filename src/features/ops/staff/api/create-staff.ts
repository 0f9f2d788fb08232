import type { StaffAccountDto, StaffCreateBody } from '../../../../domain/staff.ts'
import { apiPost } from '../../../../lib/api-client.ts'

/** POST /api/ops/staff: a new operator account, which must change its password before using the console. */
export const createStaff = (body: StaffCreateBody) =>
  apiPost<StaffAccountDto>('/ops/staff', body, { systemNotify: false })
