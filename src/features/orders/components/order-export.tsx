import { Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import type { ExportFormat } from '../api/export-orders.ts'
import { useOrderExport } from '../hooks/use-order-export.ts'
import type { OrderListFilters, OrderListView } from '../routing/order-list-search.ts'

const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })
const busyText = css({ fontSize: 'sm', color: 'text.muted' })
const failureActions = css({ display: 'flex', gap: '2' })

const FORMAT_NAME: Record<ExportFormat, string> = { xlsx: 'Excel', csv: 'CSV' }

/**
 * Export of the displayed rows (spec §2): every order under the list's filter and view, as an Excel
 * (XLSX) or CSV file.
 */
export function OrderExport(props: { filters: OrderListFilters; view: OrderListView; disabled: boolean }) {
  const { state, run, dismiss } = useOrderExport(props.filters, props.view)
  const busy = state.kind === 'busy'
  const busyName = state.kind === 'busy' ? FORMAT_NAME[state.format] : ''
  return (
    <>
      <div className={row}>
        {(['xlsx', 'csv'] as const).map((format) => {
          const name = FORMAT_NAME[format]
          return (
            <Button
              key={format}
              variant="secondary"
              disabled={props.disabled || busy}
              onClick={() => run(format)}
            >
              <Trans>导出 {name}</Trans>
            </Button>
          )
        })}
        <span className={busyText} role="status">
          {busy ? <Trans>正在导出 {busyName} 文件…</Trans> : null}
        </span>
      </div>
      {state.kind === 'failed' ? (
        <Notice
          tone="error"
          title={<Trans>导出失败</Trans>}
          action={
            <div className={failureActions}>
              <Button onClick={() => run(state.format)}>
                <Trans>重试</Trans>
              </Button>
              <Button variant="ghost" onClick={dismiss}>
                <Trans>关闭</Trans>
              </Button>
            </div>
          }
        >
          {state.message}
        </Notice>
      ) : null}
    </>
  )
}
