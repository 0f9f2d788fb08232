import { Trans, useLingui } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { productNameIn } from '../../../domain/catalog.ts'
import type { OpsOrderDetailDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { PaymentStatusBadge } from '../../orders/components/status-badge.tsx'
import { shopDateTime } from '../format.ts'
import { payMethodText, payPurposeText, payRouteText } from '../payment-labels.ts'
import { amountCell, mutedText, section, sectionTitle, table, tableScroll } from './ops-table.ts'

/* The tables of an operator's order page: its lines, its payments and its audit log. */

const jsonText = css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'pre-wrap', wordBreak: 'break-all' })

const shortJson = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value))

export function OrderLinesSection({ lines }: { lines: OpsOrderDetailDto['lines'] }) {
  const language = useLanguage()
  const yen = (amount: number) => formatYen(amount, language)
  return (
    <section className={section} aria-labelledby="ops-order-lines">
      <h2 id="ops-order-lines" className={sectionTitle}>
        <Trans>商品</Trans>
      </h2>
      <div className={tableScroll}>
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>商品</Trans>
              </th>
              <th scope="col">
                <Trans>条码</Trans>
              </th>
              <th scope="col" className={amountCell}>
                <Trans>单价</Trans>
              </th>
              <th scope="col" className={amountCell}>
                <Trans>数量</Trans>
              </th>
              <th scope="col" className={amountCell}>
                <Trans>小计</Trans>
              </th>
              <th scope="col" className={amountCell}>
                <Trans>定金</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
    </section>
  )
}

export function OrderPaymentsSection({ payments }: { payments: OpsOrderDetailDto['payments'] }) {
  const language = useLanguage()
  const yen = (amount: number) => formatYen(amount, language)
  return (
    <section className={section} aria-labelledby="ops-order-payments">
      <h2 id="ops-order-payments" className={sectionTitle}>
        <Trans>付款记录</Trans>
      </h2>
      {payments.length === 0 ? (
        <p className={mutedText}>
          <Trans>还没有付款记录。</Trans>
        </p>
      ) : (
        <div className={tableScroll}>
          <table className={table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>付款编号</Trans>
                </th>
                <th scope="col">
                  <Trans>用途</Trans>
                </th>
                <th scope="col">
                  <Trans>渠道</Trans>
                </th>
                <th scope="col" className={amountCell}>
                  <Trans>金额</Trans>
                </th>
                <th scope="col" className={amountCell}>
                  <Trans>积分抵扣</Trans>
                </th>
                <th scope="col">
                  <Trans>状态</Trans>
                </th>
                <th scope="col">
                  <Trans>时间</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export function OrderAuditSection({ audit }: { audit: OpsOrderDetailDto['audit'] }) {
  const { t } = useLingui()
  return (
    <section className={section} aria-labelledby="ops-order-audit">
      <h2 id="ops-order-audit" className={sectionTitle}>
        <Trans>操作日志</Trans>
      </h2>
      {audit.length === 0 ? (
        <p className={mutedText}>
          <Trans>还没有操作记录。</Trans>
        </p>
      ) : (
        <div className={tableScroll}>
          <table className={table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>时间</Trans>
                </th>
                <th scope="col">
                  <Trans>操作人</Trans>
                </th>
                <th scope="col">
                  <Trans>操作</Trans>
                </th>
                <th scope="col">
                  <Trans>之前</Trans>
                </th>
                <th scope="col">
                  <Trans>之后</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {audit.map((entry) => (
                <tr key={entry.id}>
                  <td>{shopDateTime(entry.createTime)}</td>
                  <td>{entry.actor ?? t`系统`}</td>
                  <td>{entry.action}</td>
                  <td className={jsonText}>{shortJson(entry.before)}</td>
                  <td className={jsonText}>{shortJson(entry.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
