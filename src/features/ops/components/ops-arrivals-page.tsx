import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { productNameIn } from '../../../domain/catalog.ts'
import { OrderStatus } from '../../../domain/order-status.ts'
import type { OpsOrderDetailDto, OpsOrderDto } from '../../../domain/orders.ts'
import { MAX_PAGE_SIZE } from '../../../domain/queries.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fieldErrorsOf } from '../../../lib/validation-text.ts'
import { OrderStatusBadge } from '../../orders/components/status-badge.tsx'
import { bookArrival } from '../api/book-arrival.ts'
import { listOpsOrders } from '../api/list-orders.ts'
import { arrivalDateError, arrivalOutcomeText, canArrive, orderRefusalText } from '../arrival-text.ts'
import { shopDateTime, shopToday } from '../format.ts'
import { useLoaded } from '../use-loaded.ts'
import { ArrivalDialog } from './arrival-dialog.tsx'
import { DeadlineSweepPanel } from './deadline-sweep.tsx'
import { LoadFailure, LoadingBlock } from './load-state.tsx'
import { mutedText, pageTitle, section, sectionTitle, table, tableScroll } from './ops-table.ts'

const page = css({ display: 'flex', flexDirection: 'column', gap: '5' })
const panel = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '3',
  p: '4',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const grow = css({ flex: '1', minWidth: '60' })
const lineList = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const resultList = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })
const resultDone = css({ color: 'green.800' })
const resultFailed = css({ color: 'red.700' })
const rowActions = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' })
const checkbox = css({ width: '4', height: '4', cursor: 'pointer' })

/** Orders waiting for goods are in these statuses (3 waitOrder, 4 order); the default list shows both. */
const AWAITING_GOODS = [OrderStatus.order, OrderStatus.waitOrder] as const

interface ArrivalsList {
  orders: OpsOrderDto[]
  /** How many matched in all; more than `orders` when the list was cut at a page. */
  total: number
}

/**
 * The search's orders: with a keyword, every order it matches (an order number, a JAN or an item
 * number, any status, so the operator also sees what already arrived); without one, the orders
 * awaiting goods (4, then 3), newest first within each.
 */
async function loadArrivals(keyword: string): Promise<ArrivalsList> {
  if (keyword) {
    const found = await listOpsOrders({ keyword, pageNum: 1, pageSize: MAX_PAGE_SIZE })
    return { orders: found.list, total: found.total }
  }
  const pages = await Promise.all(
    AWAITING_GOODS.map((status) => listOpsOrders({ status, pageNum: 1, pageSize: MAX_PAGE_SIZE })),
  )
  return {
    orders: pages.flatMap((found) => found.list),
    total: pages.reduce((sum, found) => sum + found.total, 0),
  }
}

interface ArrivalResult {
  orderId: number
  ok: boolean
  text: string
}

/**
 * /ops/arrivals: goods reached the warehouse. Find orders by number, JAN or item number (or take the
 * list of orders awaiting goods), tick several and book their arrival with one date, one call per
 * order in turn, each saying what happened; or book only some lines of one order ("Part arrived…").
 * The deadline sweep can be run from here right after a back-dated arrival.
 */
export function OpsArrivalsPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const [today] = useState(shopToday)
  const [draft, setDraft] = useState('')
  const [keyword, setKeyword] = useState('')
  const { loaded, reload } = useLoaded(`arrivals:${keyword}`, () => loadArrivals(keyword))
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set())
  const [date, setDate] = useState(today)
  const [dateError, setDateError] = useState<string>()
  const [progress, setProgress] = useState<{ done: number; of: number }>()
  const [results, setResults] = useState<ArrivalResult[]>([])
  const [partOf, setPartOf] = useState<OpsOrderDto>()

  const orders = loaded.state === 'ready' ? loaded.data.orders : []
  const bookable = orders.filter((order) => canArrive(order.status))
  // Only what is on screen and may arrive counts: a new search leaves earlier ticks behind.
  const chosen = bookable.filter((order) => selected.has(order.id))
  const allChosen = bookable.length > 0 && chosen.length === bookable.length
  const booking = progress !== undefined

  const search = (event: FormEvent) => {
    event.preventDefault()
    setKeyword(draft.trim())
    setSelected(new Set())
  }
  const clearSearch = () => {
    setDraft('')
    setKeyword('')
    setSelected(new Set())
  }
  const toggle = (orderId: number) =>
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(orderId)) next.add(orderId)
      return next
    })
  const toggleAll = () => setSelected(new Set(allChosen ? [] : bookable.map((order) => order.id)))

  const resultOf = (orderId: number, arrived: OpsOrderDetailDto): ArrivalResult => ({
    orderId,
    ok: true,
    text: arrivalOutcomeText(orderId, arrived, language),
  })

  /** One call per order, in turn: each order's answer is its own (one may have moved meanwhile). */
  const book = async (event: FormEvent) => {
    event.preventDefault()
    const invalid = arrivalDateError(date, today)
    setDateError(invalid)
    if (invalid || chosen.length === 0) return
    const batch = chosen.map((order) => order.id)
    const done: ArrivalResult[] = []
    let firstDateRefusal: string | undefined
    setResults([])
    setProgress({ done: 0, of: batch.length })
    for (const orderId of batch) {
      try {
        done.push(resultOf(orderId, await bookArrival(orderId, { arrivedAt: date })))
      } catch (error) {
        const refusedDate = error instanceof ApiFailure ? fieldErrorsOf(error).arrivedAt : undefined
        firstDateRefusal ??= refusedDate
        const why = refusedDate ?? orderRefusalText(error, language)
        done.push({ orderId, ok: false, text: t`订单 ${orderId}：未登记。${why}` })
      }
      setResults([...done])
      setProgress({ done: done.length, of: batch.length })
    }
    setDateError(firstDateRefusal)
    setProgress(undefined)
    const booked = new Set(done.filter((result) => result.ok).map((result) => result.orderId))
    setSelected((current) => new Set([...current].filter((orderId) => !booked.has(orderId))))
    reload()
  }

  const partArrived = (orderId: number, arrived: OpsOrderDetailDto) => {
    setPartOf(undefined)
    setResults([resultOf(orderId, arrived)])
    setSelected((current) => new Set([...current].filter((each) => each !== orderId)))
    reload()
  }

  return (
    <section className={page} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={pageTitle}>
        <Trans>到仓登记</Trans>
      </h1>

      <form className={panel} aria-label={t`查找订单`} onSubmit={search}>
        <div className={grow}>
          <FormField
            label={t`订单号 / JAN 条码 / 货号`}
            value={draft}
            maxLength={50}
            hint={<Trans>完全一致才会匹配。留空则列出等待到货的订单（待处理、等待厂家发货）。</Trans>}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit">
          <Trans>搜索</Trans>
        </Button>
        {keyword ? (
          <Button variant="ghost" onClick={clearSearch}>
            <Trans>清除搜索</Trans>
          </Button>
        ) : null}
      </form>

      <form className={panel} aria-label={t`登记到仓`} onSubmit={(event) => void book(event)} noValidate>
        <div>
          <FormField
            label={t`到仓日期`}
            type="date"
            max={today}
            value={date}
            required
            error={dateError}
            hint={<Trans>日本时间，不能晚于今天（{today}）。</Trans>}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={booking || chosen.length === 0}>
          {progress ? (
            <Trans>
              正在登记… {progress.done}/{progress.of}
            </Trans>
          ) : (
            <Trans>登记到仓（{chosen.length} 个订单）</Trans>
          )}
        </Button>
      </form>

      {results.length > 0 ? (
        <section className={section} aria-labelledby={`${id}-results`}>
          <h2 id={`${id}-results`} className={sectionTitle}>
            <Trans>登记结果</Trans>
          </h2>
          <ul className={resultList} aria-live="polite">
            {results.map((result) => (
              <li
                key={result.orderId}
                className={result.ok ? resultDone : resultFailed}
                data-outcome={result.ok ? 'arrived' : 'refused'}
              >
                {result.text}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' && orders.length === 0 ? (
        keyword ? (
          <Notice tone="info" title={<Trans>没有找到匹配的订单</Trans>}>
            <Trans>请检查订单号、JAN 条码或货号是否完整无误。</Trans>
          </Notice>
        ) : (
          <Notice tone="info" title={<Trans>没有等待到货的订单</Trans>} />
        )
      ) : null}
      {loaded.state === 'ready' && orders.length > 0 ? (
        <div className={section}>
          {loaded.data.total > orders.length ? (
            <p className={mutedText}>
              <Trans>
                只显示了 {orders.length} 个订单（共 {loaded.data.total} 个），请用搜索缩小范围。
              </Trans>
            </p>
          ) : null}
          <div className={tableScroll}>
            <table className={table} aria-label={t`到仓订单`} aria-busy={loaded.refreshing}>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      className={checkbox}
                      aria-label={t`全选可登记的订单`}
                      checked={allChosen}
                      disabled={bookable.length === 0 || booking}
                      onChange={toggleAll}
                    />
                  </th>
                  <th scope="col">
                    <Trans>订单号</Trans>
                  </th>
                  <th scope="col">
                    <Trans>顾客</Trans>
                  </th>
                  <th scope="col">
                    <Trans>商品</Trans>
                  </th>
                  <th scope="col">
                    <Trans>状态</Trans>
                  </th>
                  <th scope="col">
                    <Trans>下单时间</Trans>
                  </th>
                  <th scope="col">
                    <Trans>操作</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => {
                  const arrivable = canArrive(order.status)
                  return (
                    <tr key={order.id}>
                      <td>
                        {arrivable ? (
                          <input
                            type="checkbox"
                            className={checkbox}
                            aria-label={t`选择订单 ${order.id}`}
                            checked={selected.has(order.id)}
                            disabled={booking}
                            onChange={() => toggle(order.id)}
                          />
                        ) : (
                          <span className={mutedText}>—</span>
                        )}
                      </td>
                      <td>
                        {order.id}
                        {order.parentId === null ? null : (
                          <div className={mutedText}>
                            <Trans>拆分自 {order.parentId}</Trans>
                          </div>
                        )}
                      </td>
                      <td>
                        <div>{order.userNickname}</div>
                        <div className={mutedText}>
                          <Trans>用户 ID {order.userId}</Trans>
                        </div>
                      </td>
                      <td>
                        <ul className={lineList}>
                          {order.lines.map((line) => (
                            <li key={line.id}>
                              {productNameIn(language, line)} × {line.quantity}
                              <div className={mutedText}>{line.barcode}</div>
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td>
                        <OrderStatusBadge status={order.status} />
                        {order.arrivedAt ? (
                          <div className={mutedText}>
                            <Trans>到仓 {order.arrivedAt}</Trans>
                          </div>
                        ) : null}
                      </td>
                      <td>{shopDateTime(order.createTime)}</td>
                      <td>
                        <div className={rowActions}>
                          {arrivable && order.lines.length >= 2 ? (
                            <Button
                              variant="ghost"
                              disabled={booking}
                              aria-label={t`订单 ${order.id} 部分到货…`}
                              onClick={() => setPartOf(order)}
                            >
                              <Trans>部分到货…</Trans>
                            </Button>
                          ) : null}
                          <Link
                            to="/ops/orders/$id"
                            params={{ id: String(order.id) }}
                            aria-label={t`查看订单 ${order.id}`}
                          >
                            <Trans>详情</Trans>
                          </Link>
                        </div>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}

      <DeadlineSweepPanel />

      {partOf ? (
        <ArrivalDialog
          order={partOf}
          initialDate={arrivalDateError(date, today) ? today : date}
          today={today}
          ticked="none"
          onArrived={(arrived) => partArrived(partOf.id, arrived)}
          onCancel={() => setPartOf(undefined)}
        />
      ) : null}
    </section>
  )
}
