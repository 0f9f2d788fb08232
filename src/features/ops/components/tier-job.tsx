import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { addMonths } from '../../../domain/tier-terms.ts'
import { runTierJob, type TierJobResult } from '../api/run-tier-job.ts'
import { failureText } from './load-state.tsx'
import { mutedText } from './ops-table.ts'

const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })

type Outcome = { kind: 'done'; result: TierJobResult } | { kind: 'failed'; text: string } | undefined

/** `2026-11` for the month named by its first day. */
const monthText = (month: string) => month.slice(0, 7)

/**
 * "Run the tier job now": what the monthly job does on the 1st — each member's level from last
 * month's spending — e.g. when the server was down that day. It does nothing twice in a month.
 */
export function TierJobPanel() {
  const { t } = useLingui()
  const [running, setRunning] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>()

  const run = async () => {
    setRunning(true)
    try {
      setOutcome({ kind: 'done', result: await runTierJob() })
    } catch (error) {
      setOutcome({ kind: 'failed', text: failureText(error) ?? t`操作失败，请稍后再试` })
    } finally {
      setRunning(false)
    }
  }

  const result = outcome?.kind === 'done' ? outcome.result : undefined
  const month = result ? monthText(result.month) : ''
  const spendingMonth = result ? monthText(addMonths(result.month, -1)) : ''
  const members = result?.membersUpdated ?? 0
  return (
    <div className={row} aria-busy={running}>
      <Button variant="secondary" disabled={running} onClick={() => void run()}>
        {running ? <Trans>正在运行…</Trans> : <Trans>立即运行会员等级任务</Trans>}
      </Button>
      <span className={mutedText}>
        <Trans>本月已运行过则不会重复执行。</Trans>
      </span>
      {outcome?.kind === 'failed' ? (
        <Notice tone="error" title={<Trans>会员等级任务未完成</Trans>}>
          {outcome.text}
        </Notice>
      ) : null}
      {result?.ran ? (
        <Notice tone="info" title={<Trans>会员等级任务已完成</Trans>}>
          <Trans>
            已按 {spendingMonth} 的消费设置 {month} 的会员等级：{members} 位会员。
          </Trans>
        </Notice>
      ) : null}
      {result && !result.ran ? (
        <Notice tone="info" title={<Trans>本月的会员等级已设置过</Trans>}>
          <Trans>{month} 的会员等级已经设置过（或正在由另一个进程设置），本次没有改动。</Trans>
        </Notice>
      ) : null}
    </div>
  )
}
