import type { OpsProductAlertsDto } from '../../../../domain/alerts.ts'
import { apiGet } from '../../../../lib/api-client.ts'

/** GET /api/ops/products/{id}/alerts: how many shoppers wait to hear it can be ordered. */
export const getOpsProductAlerts = (productId: number) =>
  apiGet<OpsProductAlertsDto>(`/ops/products/${productId}/alerts`, {}, { systemNotify: false })
