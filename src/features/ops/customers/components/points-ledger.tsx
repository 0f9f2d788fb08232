import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { OpsPointsRow } from '../../../../domain/customer-ops.ts'
import type { Page } from '../../../../domain/queries.ts'
import { ListStates, OpsTable } from '../../components/list-page.tsx'
import { amountCell, mutedText } from '../../components/ops-table.ts'
import { PageButtons } from '../../components/page-buttons.tsx'
import { shopDateTime } from '../../format.ts'
import { useLoaded } from '../../use-loaded.ts'
import { listCustomerPoints } from '../api/list-customer-points.ts'
import { pointsReasonText } from '../customers-text.ts'

/** A change with its sign: `+50`, `−20` (a true minus sign). */
const signed = (delta: number) => (delta < 0 ? `−${-delta}` : `+${delta}`)

/**
 * The customer's points ledger, newest first: the detail's first page, then page by page. Keyed by
 * the parent on the ledger's size, so an adjustment starts it again from the first page.
 */
export function PointsLedger(props: { customerId: number; first: Page<OpsPointsRow> }) {
  const { t } = useLingui()
  const [pageNum, setPageNum] = useState(1)
  const { first, customerId } = props
  const { loaded, reload } = useLoaded(`${customerId}:${pageNum}`, () =>
    pageNum === 1
      ? Promise.resolve(first)
      : listCustomerPoints(customerId, { pageNum, pageSize: first.pageSize }),
  )
  const columns = [
    t`时间`,
    { label: t`变动`, amount: true },
    { label: t`余额`, amount: true },
    t`原因`,
    t`订单`,
  ] as const
  return (
    <ListStates
      loaded={loaded}
      onRetry={reload}
      empty={
        <p className={mutedText}>
          <Trans>还没有积分记录。</Trans>
        </p>
      }
    >
      {(page, refreshing) => (
        <>
          <OpsTable label={t`积分记录`} busy={refreshing} columns={columns}>
            {page.list.map((row) => {
              const orderId = row.orderId
              return (
                <tr key={row.id}>
                  <td>{shopDateTime(row.createTime)}</td>
                  <td className={amountCell}>{signed(row.delta)}</td>
                  <td className={amountCell}>{row.balance}</td>
                  <td>
                    {pointsReasonText(row.reason)}
                    {row.note ? <div className={mutedText}>{row.note}</div> : null}
                  </td>
                  <td>
                    {orderId === null ? (
                      '—'
                    ) : (
                      <Link to="/ops/orders/$id" params={{ id: String(orderId) }}>
                        <Trans>订单 {orderId}</Trans>
                      </Link>
                    )}
                  </td>
                </tr>
              )
            })}
          </OpsTable>
          <PageButtons page={page} onPage={setPageNum} />
        </>
      )}
    </ListStates>
  )
}
