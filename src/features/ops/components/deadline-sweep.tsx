import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import type { DeadlineSweepResult } from '../../../domain/arrival.ts'
import { runDeadlineSweep } from '../api/run-deadline-sweep.ts'
import { failureText } from './load-state.tsx'
import { card, mutedText, section, sectionTitle } from './ops-table.ts'

const counts = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
  gap: '3',
  '& dt': { fontSize: 'xs', color: 'text.muted' },
  '& dd': { fontWeight: 'semibold', fontSize: 'lg', fontVariantNumeric: 'tabular-nums' },
})

type Outcome = { kind: 'done'; result: DeadlineSweepResult } | { kind: 'failed'; text: string } | undefined

/** One count of the sweep with the orders (or packages) it names, their numbers for looking them up. */
function Count(props: { label: ReactNode; ids: readonly number[]; of?: 'order' | 'package' }) {
  const { t } = useLingui()
  const orderIds = props.ids.join(t`、`)
  const packageIds = orderIds
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.ids.length}</dd>
      {props.ids.length > 0 ? (
        <dd className={mutedText}>
          {props.of === 'package' ? <Trans>包裹：{packageIds}</Trans> : <Trans>订单：{orderIds}</Trans>}
        </dd>
      ) : null}
    </div>
  )
}

/**
 * "Run the deadline sweep now" (flows §4): what the hourly job does — payment windows, late fees,
 * storage fees, forfeiture, package locks — on demand, e.g. right after back-dating an arrival; then
 * what it did, in words.
 */
export function DeadlineSweepPanel() {
  const { t } = useLingui()
  const id = useId()
  const [running, setRunning] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>()

  const run = async () => {
    setRunning(true)
    try {
      setOutcome({ kind: 'done', result: await runDeadlineSweep() })
    } catch (error) {
      setOutcome({ kind: 'failed', text: failureText(error) ?? t`操作失败，请稍后再试` })
    } finally {
      setRunning(false)
    }
  }

  const result = outcome?.kind === 'done' ? outcome.result : undefined
  return (
    <section className={section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={sectionTitle}>
        <Trans>截止日检查</Trans>
      </h2>
      <div className={card} aria-busy={running}>
        <p className={mutedText}>
          <Trans>
            系统每小时自动检查一次：取消超时未付款的订单、按天更新滞纳金和仓储费、没收超过宽限期的订单、锁定运费逾期未付的包裹。登记过去日期的到仓后，可以立即运行一次。
          </Trans>
        </p>
        <div>
          <Button variant="secondary" disabled={running} onClick={() => void run()}>
            {running ? <Trans>正在检查…</Trans> : <Trans>立即运行截止日检查</Trans>}
          </Button>
        </div>
        {outcome?.kind === 'failed' ? (
          <Notice tone="error" title={<Trans>截止日检查未完成</Trans>}>
            {outcome.text}
          </Notice>
        ) : null}
        {result && !result.ran ? (
          <Notice tone="info" title={<Trans>另一个进程正在运行截止日检查</Trans>}>
            <Trans>本次没有重复执行，稍后再试即可看到结果。</Trans>
          </Notice>
        ) : null}
        {result?.ran ? (
          <div role="status">
            <p>
              <Trans>截止日检查已完成（日本时间 {result.today}）：</Trans>
            </p>
            <dl className={counts}>
              <Count label={<Trans>超时未付款而取消的订单</Trans>} ids={result.expired} />
              <Count label={<Trans>新建滞纳金的订单</Trans>} ids={result.lateFeesCreated} />
              <Count label={<Trans>滞纳金金额已更新的订单</Trans>} ids={result.lateFeesUpdated} />
              <Count label={<Trans>新建仓储费的订单</Trans>} ids={result.storageFeesCreated} />
              <Count label={<Trans>仓储费金额已更新的订单</Trans>} ids={result.storageFeesUpdated} />
              <Count
                label={<Trans>新建包裹仓储费的包裹</Trans>}
                ids={result.packageStorageFeesCreated}
                of="package"
              />
              <Count
                label={<Trans>包裹仓储费金额已更新的包裹</Trans>}
                ids={result.packageStorageFeesUpdated}
                of="package"
              />
              <Count label={<Trans>逾期没收的订单</Trans>} ids={result.forfeited} />
              <Count label={<Trans>运费逾期而锁定的包裹</Trans>} ids={result.packagesLocked} of="package" />
            </dl>
          </div>
        ) : null}
      </div>
    </section>
  )
}
