import type { ProductFileFormat } from '../../../../domain/product-files.ts'
import { apiDownload, type Download, type QueryValue } from '../../../../lib/api-download.ts'
import type { OpsProductFilter } from '../../products/api/list-products.ts'

// Writing every product of a large shop takes longer than the 4 s a small blob gets.
const FILE_TIMEOUT_MS = 120_000

const getFile = (path: string, query: Record<string, QueryValue>): Promise<Download> =>
  apiDownload(path, undefined, { method: 'GET', query, timeoutMs: FILE_TIMEOUT_MS })

/**
 * GET /api/ops/products/export?format=…&filters: the products in the import's columns, chosen with the
 * products list's filters (GET /api/ops/products) as they are.
 */
export const downloadProductExport = (format: ProductFileFormat, filters: OpsProductFilter = {}) =>
  // only the filters: a list's search may carry more (its page)
  getFile('/ops/products/export', {
    format,
    keyword: filters.keyword,
    type: filters.type,
    categoryId: filters.categoryId,
    seriesId: filters.seriesId,
    brandId: filters.brandId,
    status: filters.status,
  })

/** GET /api/ops/products/import-template?format=…: the header row (and an example) to fill in. */
export const downloadImportTemplate = (format: ProductFileFormat) =>
  getFile('/ops/products/import-template', { format })
