import type { OpsProductDto } from '../../../../domain/product-editor.ts'
import { apiGet } from '../../../../lib/api-client.ts'

/** GET /api/ops/products/{id}: every field and the `updatedAt` to send back with a save; 404 when gone. */
export const getOpsProduct = (productId: number) =>
  apiGet<OpsProductDto>(`/ops/products/${productId}`, {}, { systemNotify: false })
