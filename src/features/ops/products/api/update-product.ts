import type { OpsProductDto, ProductUpdateBody } from '../../../../domain/product-editor.ts'
import { apiPut } from '../../../../lib/api-client.ts'

/**
 * PUT /api/ops/products/{id} with the `updatedAt` the editor read. 409 when someone saved in between:
 * `data.current` is the product as it now is (ProductConflictData); 400 lists the refused fields.
 */
export const updateOpsProduct = (productId: number, body: ProductUpdateBody) =>
  apiPut<OpsProductDto>(`/ops/products/${productId}`, body, { systemNotify: false })
