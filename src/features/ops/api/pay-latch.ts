import type { PayLatchDto } from '../../../domain/payments.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /api/ops/settings/pay-latch: whether payments are open, and the message shown while closed. */
export const getPayLatch = () => apiGet<PayLatchDto>('/ops/settings/pay-latch', {}, { systemNotify: false })
