import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl, fieldErrorText } from '../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { productNameIn } from '../../../domain/catalog.ts'
import type { OpsOrderDetailDto } from '../../../domain/orders.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fieldErrorsOf } from '../../../lib/validation-text.ts'
import { splitOpsOrder } from '../api/split-order.ts'
import { orderRefusalText } from '../arrival-text.ts'
import { amountCell, mutedText, table, tableScroll } from './ops-table.ts'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const groupSelect = css({ minWidth: '24' })
const summary = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })
const buttons = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2' })
const endButtons = css({ display: 'flex', gap: '2' })

/** Line ids per group, groups numbered from 1, the empty ones left out. */
export function splitGroupsOf(
  lines: readonly { id: number }[],
  groupOf: ReadonlyMap<number, number>,
  groupCount: number,
): number[][] {
  const groups: number[][] = []
  for (let group = 1; group <= groupCount; group += 1) {
    const ids = lines.filter((line) => groupOf.get(line.id) === group).map((line) => line.id)
    if (ids.length > 0) groups.push(ids)
  }
  return groups
}

/**
 * Splits an order into child orders: each line goes to group 1, 2, … (a select per line; more
 * groups on demand, at most one per line). Two or more groups must hold lines; empty groups are left
 * out. Asks the server itself and hands up the parent, which now lists its children.
 */
export function SplitDialog(props: {
  order: OpsOrderDetailDto
  onSplit: (parent: OpsOrderDetailDto) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const { order } = props
  // Everything starts in group 1: the operator moves the lines that go apart.
  const [groupOf, setGroupOf] = useState<ReadonlyMap<number, number>>(
    () => new Map(order.lines.map((line) => [line.id, 1])),
  )
  const [groupCount, setGroupCount] = useState(2)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const groupNumbers = Array.from({ length: groupCount }, (_, index) => index + 1)

  const assign = (lineId: number, group: number) =>
    setGroupOf((current) => new Map(current).set(lineId, group))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const groups = splitGroupsOf(order.lines, groupOf, groupCount)
    if (groups.length < 2) {
      setError(t`请至少把商品行分到两个组，每组至少一行`)
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      props.onSplit(await splitOpsOrder(order.id, { groups }))
    } catch (failure) {
      const fields = failure instanceof ApiFailure ? fieldErrorsOf(failure) : {}
      setError(fields.groups ?? orderRefusalText(failure, language))
      setBusy(false)
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }

  return (
    <ModalDialog title={t`拆分订单 ${order.id}`} onClose={cancel} closeOnEscape width="lg">
      <form className={form} onSubmit={(event) => void submit(event)} aria-describedby={`${id}-hint`}>
        <p id={`${id}-hint`} className={mutedText}>
          <Trans>
            为每个商品行选择分组，每个非空的组成为一个子订单；原订单变为“已拆分”。已付金额和积分按各组商品行的定金分摊。
          </Trans>
        </p>
        <div className={tableScroll}>
          <table className={table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>商品</Trans>
                </th>
                <th scope="col" className={amountCell}>
                  <Trans>数量</Trans>
                </th>
                <th scope="col" className={amountCell}>
                  <Trans>定金</Trans>
                </th>
                <th scope="col">
                  <Trans>分组</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => {
                const name = productNameIn(language, line)
                return (
                  <tr key={line.id}>
                    <td>
                      {name}
                      <div className={mutedText}>
                        <Trans>条码 {line.barcode}</Trans>
                      </div>
                    </td>
                    <td className={amountCell}>{line.quantity}</td>
                    <td className={amountCell}>{formatYen(line.deposit, language)}</td>
                    <td>
                      <select
                        className={cx(fieldControl, groupSelect)}
                        aria-label={t`${name}（条码 ${line.barcode}）的分组`}
                        value={groupOf.get(line.id) ?? 1}
                        onChange={(event) => assign(line.id, Number(event.target.value))}
                      >
                        {groupNumbers.map((group) => (
                          <option key={group} value={group}>
                            {t`第 ${group} 组`}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        <ul className={summary} aria-label={t`分组概况`}>
          {groupNumbers.map((group) => {
            const count = order.lines.filter((line) => groupOf.get(line.id) === group).length
            return (
              <li key={group}>
                {count === 0 ? (
                  <Trans>第 {group} 组：空（不会生成子订单）</Trans>
                ) : (
                  <Trans>
                    第 {group} 组：{count} 个商品行
                  </Trans>
                )}
              </li>
            )
          })}
        </ul>
        {error ? (
          <p role="alert" className={fieldErrorText}>
            {error}
          </p>
        ) : null}
        <div className={buttons}>
          <Button
            variant="ghost"
            disabled={busy || groupCount >= order.lines.length}
            onClick={() => setGroupCount((count) => count + 1)}
          >
            <Trans>添加分组</Trans>
          </Button>
          <div className={endButtons}>
            <Button variant="ghost" disabled={busy} onClick={cancel}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Trans>正在拆分…</Trans> : <Trans>确认拆分</Trans>}
            </Button>
          </div>
        </div>
      </form>
    </ModalDialog>
  )
}
