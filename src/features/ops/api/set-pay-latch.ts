import type { PayLatchBody, PayLatchDto } from '../../../domain/payments.ts'
import { apiPut } from '../../../lib/api-client.ts'

/** PUT /api/ops/settings/pay-latch { open, message? }: opens or closes every pay call. */
export const setPayLatch = (body: PayLatchBody) =>
  apiPut<PayLatchDto | null>('/ops/settings/pay-latch', body, { systemNotify: false })
