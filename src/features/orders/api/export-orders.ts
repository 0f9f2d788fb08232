import type { Language } from '../../../domain/language.ts'
import type { OrderExportBody } from '../../../domain/orders.ts'
import { apiDownload } from '../../../lib/api-download.ts'

export type ExportFormat = 'xlsx' | 'csv'

/**
 * POST /mall/order/export?language=&format=: the list's filter as the body, the file (XLSX, or CSV)
 * as the answer, with headers in the shopper's language. Only the caller's own orders.
 */
export const exportOrders = (filter: OrderExportBody, language: Language, format: ExportFormat) =>
  apiDownload('/mall/order/export', filter, { query: { language, format } })
