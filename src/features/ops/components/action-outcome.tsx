import { Trans } from '@lingui/react/macro'
import { Notice } from '../../../components/ui/notice.tsx'

/** What became of the operator's last action on a console page, in words; undefined before any. */
export type ActionOutcome = { tone: 'info' | 'error'; text: string } | undefined

/** The last action's outcome, above the list or record it changed; nothing before any. */
export function ActionOutcomeNotice({ outcome }: { outcome: ActionOutcome }) {
  if (!outcome) return null
  return (
    <Notice
      tone={outcome.tone}
      title={outcome.tone === 'error' ? <Trans>操作未完成</Trans> : <Trans>操作完成</Trans>}
    >
      {outcome.text}
    </Notice>
  )
}
