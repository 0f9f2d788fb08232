import type { OpsProductDto } from '../../../../domain/product-editor.ts'
import { apiGet } from '../../../../lib/api-client.ts'
import type { OpsPage } from '../../api/list-package-applies.ts'

/** The list's filters (backoffice §2); undefined means "any". */
export interface OpsProductFilter {
  /** Item number, JAN or any of the names. */
  keyword?: string | undefined
  type?: number | undefined
  categoryId?: number | undefined
  seriesId?: number | undefined
  brandId?: number | undefined
  /** 1 on sale, 2 off sale. */
  status?: number | undefined
}

/** GET /api/ops/products: every product with every field, by keyword and filters, a page at a time. */
export const listOpsProducts = (filter: OpsProductFilter & { pageNum: number; pageSize: number }) =>
  apiGet<OpsPage<OpsProductDto>>('/ops/products', { ...filter }, { systemNotify: false })
