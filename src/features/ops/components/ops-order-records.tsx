import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { productNameIn } from '../../../domain/catalog.ts'
import type { OpsOrderDetailDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { payMethodText, payPurposeText, payRouteText } from '../../checkout/payment-words.ts'
import { PaymentStatusBadge } from '../../orders/components/status-badge.tsx'
import { shopDateTime } from '../format.ts'
import { amountCell, mutedText, section, sectionTitle, table, tableScroll } from './ops-table.ts'

/* The tables of an operator's order page: its lines, its payments and its audit log. */

const jsonText = css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'pre-wrap', wordBreak: 'break-all' })

const shortJson = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value))

interface Column {
  /** Names the column among its siblings (React's key). */
  key: string
  label: ReactNode
  /** Figures align right. */
  amount?: boolean
}

/**
 * A titled section with one table of records (its rows the children), or the `empty` line when there
 * are none to show.
 */
function RecordsSection(props: {
  id: string
  title: ReactNode
  columns: Column[]
  empty?: ReactNode
  children: ReactNode
}) {
  return (
    <section className={section} aria-labelledby={props.id}>
      <h2 id={props.id} className={sectionTitle}>
        {props.title}
      </h2>
      {props.empty ? (
        <p className={mutedText}>{props.empty}</p>
      ) : (
        <div className={tableScroll}>
          <table className={table}>
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th key={column.key} scope="col" className={column.amount ? amountCell : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{props.children}</tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export function OrderLinesSection({ lines }: { lines: OpsOrderDetailDto['lines'] }) {
  const language = useLanguage()
  const yen = (amount: number) => formatYen(amount, language)
  const columns: Column[] = [
    { key: 'product', label: <Trans>商品</Trans> },
    { key: 'barcode', label: <Trans>条码</Trans> },
    { key: 'unitPrice', label: <Trans>单价</Trans>, amount: true },
    { key: 'quantity', label: <Trans>数量</Trans>, amount: true },
    { key: 'total', label: <Trans>小计</Trans>, amount: true },
    { key: 'deposit', label: <Trans>定金</Trans>, amount: true },
  ]
  return (
    <RecordsSection id="ops-order-lines" title={<Trans>商品</Trans>} columns={columns}>
      {lines.map((line) => (
        <tr key={line.id}>
          <td>
            {productNameIn(language, line)}
            <div className={mutedText}>
              <Trans>商品 ID {line.productId}</Trans>
            </div>
          </td>
          <td>{line.barcode}</td>
          <td className={amountCell}>{yen(line.unitPrice)}</td>
          <td className={amountCell}>{line.quantity}</td>
          <td className={amountCell}>{yen(line.total)}</td>
          <td className={amountCell}>{yen(line.deposit)}</td>
        </tr>
      ))}
    </RecordsSection>
  )
}

export function OrderPaymentsSection({ payments }: { payments: OpsOrderDetailDto['payments'] }) {
  const language = useLanguage()
  const yen = (amount: number) => formatYen(amount, language)
  const columns: Column[] = [
    { key: 'id', label: <Trans>付款编号</Trans> },
    { key: 'purpose', label: <Trans>用途</Trans> },
    { key: 'route', label: <Trans>渠道</Trans> },
    { key: 'amount', label: <Trans>金额</Trans>, amount: true },
    { key: 'points', label: <Trans>积分抵扣</Trans>, amount: true },
    { key: 'status', label: <Trans>状态</Trans> },
    { key: 'time', label: <Trans>时间</Trans> },
  ]
  return (
    <RecordsSection
      id="ops-order-payments"
      title={<Trans>付款记录</Trans>}
      columns={columns}
      empty={payments.length === 0 ? <Trans>还没有付款记录。</Trans> : undefined}
    >
      {payments.map((payment) => (
        <tr key={payment.id}>
          <td>{payment.id}</td>
          <td>{payPurposeText(payment.purpose)}</td>
          <td>
            {payRouteText(payment.route)} · {payMethodText(payment.route, payment.method)}
            <div className={mutedText}>{payment.gateway}</div>
          </td>
          <td className={amountCell}>{yen(payment.amount)}</td>
          <td className={amountCell}>{payment.pointsUsed}</td>
          <td>
            <PaymentStatusBadge status={payment.status} />
          </td>
          <td>
            {shopDateTime(payment.createTime)}
            {payment.settleTime ? (
              <div className={mutedText}>
                <Trans>付款 {shopDateTime(payment.settleTime)}</Trans>
              </div>
            ) : null}
            {payment.refundTime ? (
              <div className={mutedText}>
                <Trans>退款 {shopDateTime(payment.refundTime)}</Trans>
              </div>
            ) : null}
          </td>
        </tr>
      ))}
    </RecordsSection>
  )
}

export function OrderAuditSection({ audit }: { audit: OpsOrderDetailDto['audit'] }) {
  const { t } = useLingui()
  const columns: Column[] = [
    { key: 'time', label: <Trans>时间</Trans> },
    { key: 'actor', label: <Trans>操作人</Trans> },
    { key: 'action', label: <Trans>操作</Trans> },
    { key: 'before', label: <Trans>之前</Trans> },
    { key: 'after', label: <Trans>之后</Trans> },
  ]
  return (
    <RecordsSection
      id="ops-order-audit"
      title={<Trans>操作日志</Trans>}
      columns={columns}
      empty={audit.length === 0 ? <Trans>还没有操作记录。</Trans> : undefined}
    >
      {audit.map((entry) => (
        <tr key={entry.id}>
          <td>{shopDateTime(entry.createTime)}</td>
          <td>{entry.actor ?? t`系统`}</td>
          <td>{entry.action}</td>
          <td className={jsonText}>{shortJson(entry.before)}</td>
          <td className={jsonText}>{shortJson(entry.after)}</td>
        </tr>
      ))}
    </RecordsSection>
  )
}
