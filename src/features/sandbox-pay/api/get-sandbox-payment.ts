import type { SandboxPaymentDto } from '../../../domain/payments.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /api/pay/sandbox/{paymentId}: what the hosted page shows. No sign-in: the unguessable id is the key. */
export const getSandboxPayment = (paymentId: string) =>
  apiGet<SandboxPaymentDto>(`/pay/sandbox/${encodeURIComponent(paymentId)}`, {}, { systemNotify: false })
