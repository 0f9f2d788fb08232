import type { StaffAccountDto, StaffUpdateBody } from '../../../../domain/staff.ts'
import { apiPut } from '../../../../lib/api-client.ts'

/** PUT /api/ops/staff/{id}: new permissions, or disabled / enabled (disabling ends its sessions). */
export const updateStaff = (id: number, body: StaffUpdateBody) =>
  apiPut<StaffAccountDto>(`/ops/staff/${id}`, body, { systemNotify: false })
