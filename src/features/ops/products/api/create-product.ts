import type { OpsProductDto, ProductBody } from '../../../../domain/product-editor.ts'
import { apiPost } from '../../../../lib/api-client.ts'

/** POST /api/ops/products: a new product (201). 400 lists the refused fields in `data.fields`. */
export const createOpsProduct = (body: ProductBody) =>
  apiPost<OpsProductDto>('/ops/products', body, { systemNotify: false })
