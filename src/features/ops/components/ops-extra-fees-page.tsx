import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField, SelectField } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import {
  EXTRA_FEE_STATUS_INFO,
  EXTRA_FEE_TYPE_INFO,
  ExtraFeeStatus,
  type ExtraFeeType,
} from '../../../domain/extra-fee.ts'
import type { OpsExtraFeeDto } from '../../../domain/extras.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { StatusBadge } from '../../orders/components/status-badge.tsx'
import { listOpsExtraFees, type OpsExtraFeeFilter } from '../api/list-extra-fees.ts'
import { shopDateTime } from '../format.ts'
import { useLoaded } from '../use-loaded.ts'
import { type ActionOutcome, ActionOutcomeNotice } from './action-outcome.tsx'
import { ExtraFeeCreateDialog } from './extra-fee-create-dialog.tsx'
import { ExtraFeeVoidDialog } from './extra-fee-void-dialog.tsx'
import { FilterBar } from './filter-bar.tsx'
import { ListHeader, ListStates, OpsTable } from './list-page.tsx'
import { amountCell, listPage, mutedText } from './ops-table.ts'
import { PageButtons } from './page-buttons.tsx'

const headerEnd = css({ display: 'flex', alignItems: 'baseline', gap: '3' })
const filterColumns = css({
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: '12rem 12rem 1fr auto' },
})
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const orderLinks = css({ display: 'flex', flexWrap: 'wrap', gap: '1' })
const remarkCell = css({ maxWidth: '16rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })

const FEE_STATUSES = Object.keys(EXTRA_FEE_STATUS_INFO).map(Number) as ExtraFeeStatus[]
const FEE_TYPES = Object.keys(EXTRA_FEE_TYPE_INFO).map(Number) as ExtraFeeType[]
export const EXTRA_FEES_PAGE_SIZE = 30

type Ending = { fee: OpsExtraFeeDto; waive: boolean } | undefined

const idOf = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined)

/**
 * The list's filters: status and type apply when chosen, the shopper's id on search; each goes back
 * to page 1.
 */
function useFeeQuery() {
  const [filter, setFilter] = useState<OpsExtraFeeFilter>({})
  const [userDraft, setUserDraft] = useState('')
  const [userInvalid, setUserInvalid] = useState(false)
  const [pageNum, setPageNum] = useState(1)
  const choose = (next: OpsExtraFeeFilter) => {
    setFilter((current) => ({ ...current, ...next }))
    setPageNum(1)
  }
  const search = (event: FormEvent) => {
    event.preventDefault()
    const userId = idOf(userDraft)
    const wrong = userDraft.trim() !== '' && userId === undefined
    setUserInvalid(wrong)
    if (!wrong) choose({ userId })
  }
  const reset = () => {
    setFilter({})
    setUserDraft('')
    setUserInvalid(false)
    setPageNum(1)
  }
  const query = { ...filter, pageNum, pageSize: EXTRA_FEES_PAGE_SIZE }
  return { filter, choose, userDraft, setUserDraft, userInvalid, search, reset, query, setPageNum }
}

/**
 * /ops/extra-fees: every shopper's extra fees (storage, late, package storage and the operators' own),
 * by status, type and shopper; an operator adds a free-form fee here, and voids or waives a fee that
 * is still to be paid.
 */
export function OpsExtraFeesPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const { filter, choose, userDraft, setUserDraft, userInvalid, search, reset, query, setPageNum } =
    useFeeQuery()
  const { loaded, reload } = useLoaded(JSON.stringify(query), () => listOpsExtraFees(query))
  const [creating, setCreating] = useState(false)
  const [ending, setEnding] = useState<Ending>()
  const [outcome, setOutcome] = useState<ActionOutcome>()
  const yen = (amount: number) => formatYen(amount, language)
  const columns = [
    t`编号`,
    t`顾客`,
    t`类型`,
    t`状态`,
    { label: t`金额`, amount: true },
    t`相关订单`,
    t`包裹`,
    t`创建时间`,
    t`截止日期`,
    t`备注`,
    t`付款`,
    t`操作`,
  ] as const

  const startEnding = (fee: OpsExtraFeeDto, waive: boolean) => {
    setOutcome(undefined)
    setEnding({ fee, waive })
  }

  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <ListHeader
        titleId={`${id}-title`}
        title={<Trans>额外费用</Trans>}
        count={loaded.state === 'ready' ? <Trans>共 {loaded.data.total} 笔费用</Trans> : null}
        endClassName={headerEnd}
      >
        <Button
          onClick={() => {
            setOutcome(undefined)
            setCreating(true)
          }}
        >
          <Trans>新建费用…</Trans>
        </Button>
      </ListHeader>

      <FilterBar label={t`筛选额外费用`} columns={filterColumns} onSearch={search} onReset={reset}>
        <SelectField
          label={t`费用状态`}
          value={filter.status ?? ''}
          onChange={(event) =>
            choose({
              status: event.target.value === '' ? undefined : (Number(event.target.value) as ExtraFeeStatus),
            })
          }
        >
          <option value="">{t`全部`}</option>
          {FEE_STATUSES.map((code) => (
            <option key={code} value={code}>
              {EXTRA_FEE_STATUS_INFO[code].label[language]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`费用类型`}
          value={filter.type ?? ''}
          onChange={(event) =>
            choose({
              type: event.target.value === '' ? undefined : (Number(event.target.value) as ExtraFeeType),
            })
          }
        >
          <option value="">{t`全部`}</option>
          {FEE_TYPES.map((code) => (
            <option key={code} value={code}>
              {EXTRA_FEE_TYPE_INFO[code].label[language]}
            </option>
          ))}
        </SelectField>
        <FormField
          label={t`用户 ID`}
          inputMode="numeric"
          value={userDraft}
          error={userInvalid ? t`须为正整数` : undefined}
          onChange={(event) => setUserDraft(event.target.value)}
        />
      </FilterBar>

      <ActionOutcomeNotice outcome={outcome} />

      <ListStates
        loaded={loaded}
        onRetry={reload}
        empty={<Notice tone="info" title={<Trans>没有符合条件的费用</Trans>} />}
      >
        {(page, refreshing) => (
          <>
            <OpsTable label={t`额外费用列表`} busy={refreshing} columns={columns}>
              {page.list.map((fee) => (
                <tr key={fee.id}>
                  <td>{fee.id}</td>
                  <td>
                    <div>{fee.userEmail}</div>
                    <div className={mutedText}>
                      <Trans>用户 ID {fee.userId}</Trans>
                    </div>
                  </td>
                  <td>{EXTRA_FEE_TYPE_INFO[fee.type].label[language]}</td>
                  <td>
                    <StatusBadge info={EXTRA_FEE_STATUS_INFO[fee.status]} code={fee.status} />
                  </td>
                  <td className={amountCell}>{yen(fee.amount)}</td>
                  <td>
                    {fee.orderIds.length > 0 ? (
                      <span className={orderLinks}>
                        {fee.orderIds.map((orderId) => (
                          <Link key={orderId} to="/ops/orders/$id" params={{ id: String(orderId) }}>
                            {orderId}
                          </Link>
                        ))}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{fee.packageId ?? '—'}</td>
                  <td>{shopDateTime(fee.createTime)}</td>
                  <td>{fee.dueDate ?? '—'}</td>
                  <td className={remarkCell}>{fee.remark || '—'}</td>
                  <td>
                    {fee.paidAt ? shopDateTime(fee.paidAt) : '—'}
                    {fee.paymentId ? <div className={mutedText}>{fee.paymentId}</div> : null}
                  </td>
                  <td>
                    {fee.status === ExtraFeeStatus.waitPay ? (
                      <span className={actions}>
                        <Button
                          variant="secondary"
                          aria-label={t`作废：费用 ${fee.id}`}
                          onClick={() => startEnding(fee, false)}
                        >
                          <Trans>作废…</Trans>
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={t`免除：费用 ${fee.id}`}
                          onClick={() => startEnding(fee, true)}
                        >
                          <Trans>免除…</Trans>
                        </Button>
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </OpsTable>
            <PageButtons page={page} onPage={setPageNum} />
          </>
        )}
      </ListStates>

      {creating ? (
        <ExtraFeeCreateDialog
          onCancel={() => setCreating(false)}
          onCreated={(fee) => {
            setCreating(false)
            setOutcome({
              tone: 'info',
              text: t`已为用户 ${fee.userId} 新建费用 ${fee.id}（${yen(fee.amount)}）。`,
            })
            reload()
          }}
        />
      ) : null}
      {ending ? (
        <ExtraFeeVoidDialog
          fee={ending.fee}
          waive={ending.waive}
          onCancel={() => setEnding(undefined)}
          onDone={(fee) => {
            setEnding(undefined)
            setOutcome({
              tone: 'info',
              text: ending.waive ? t`费用 ${fee.id} 已免除。` : t`费用 ${fee.id} 已作废。`,
            })
            reload()
          }}
          onRefused={(text) => {
            setEnding(undefined)
            setOutcome({ tone: 'error', text })
            reload()
          }}
        />
      ) : null}
    </section>
  )
}
