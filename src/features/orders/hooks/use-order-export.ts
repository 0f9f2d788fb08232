import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { shopDate } from '../../../domain/dates.ts'
import { saveFile } from '../../../lib/api-download.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { formFailureOf } from '../../../lib/validation-text.ts'
import { type ExportFormat, exportOrders } from '../api/export-orders.ts'
import type { OrderListFilters, OrderListView } from '../routing/order-list-search.ts'

export type ExportState =
  | { kind: 'idle' }
  | { kind: 'busy'; format: ExportFormat }
  | { kind: 'failed'; format: ExportFormat; message: string }

/**
 * Exports the orders the list shows (its filter and view) as a file: busy while the server writes it,
 * saved under the server's name (or orders-<date>.<format>), and a message to retry with on failure.
 */
export function useOrderExport(filters: OrderListFilters, view: OrderListView) {
  const { t } = useLingui()
  const language = useLanguage()
  const [state, setState] = useState<ExportState>({ kind: 'idle' })

  const run = async (format: ExportFormat) => {
    setState({ kind: 'busy', format })
    try {
      const download = await exportOrders(
        {
          status: filters.status,
          orderId: filters.orderId,
          startDate: filters.startDate,
          endDate: filters.endDate,
          operable: view === 'operable',
        },
        language,
        format,
      )
      saveFile(download, `orders-${shopDate(new Date()) ?? 'export'}.${format}`)
      setState({ kind: 'idle' })
    } catch (error) {
      const message = formFailureOf(error, []).message
      // nothing to say for a cancelled call or an ended session (the session leaves the page)
      setState(
        message === undefined
          ? { kind: 'idle' }
          : { kind: 'failed', format, message: message || t`导出失败` },
      )
    }
  }

  return { state, run: (format: ExportFormat) => void run(format), dismiss: () => setState({ kind: 'idle' }) }
}
