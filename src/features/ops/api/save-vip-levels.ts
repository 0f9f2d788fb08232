import type { VipLevel } from '../../../domain/tiers.ts'
import type { VipLevelsBody } from '../../../domain/vip-levels-editor.ts'
import { apiPut } from '../../../lib/api-client.ts'

/**
 * PUT /api/ops/settings/vip-levels { levels }: replaces the membership levels; answers them as they
 * now stand. 400 names the field (`levels.1.minMonthlySpend`).
 */
export const saveVipLevels = (body: VipLevelsBody) =>
  apiPut<VipLevel[]>('/ops/settings/vip-levels', body, { systemNotify: false })
