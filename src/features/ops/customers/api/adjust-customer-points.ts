import type { CustomerPointsBody, OpsPointsRow } from '../../../../domain/customer-ops.ts'
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/payments.ts'
import { apiPost } from '../../../../lib/api-client.ts'

/**
 * POST /api/ops/customers/{id}/points: a signed correction with its reason; 409 below 0. `key` is the
 * Idempotency-Key, the same for every retry of one adjustment, so a lost answer never adds twice.
 */
export const adjustCustomerPoints = (id: number, body: CustomerPointsBody, key: string) =>
  apiPost<OpsPointsRow>(`/ops/customers/${id}/points`, body, {
    systemNotify: false,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  })
