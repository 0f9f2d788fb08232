import { Trans } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { css } from '../../../../../styled-system/css'
import { Notice } from '../../../../components/ui/notice.tsx'
import { LoadFailure, LoadingBlock } from '../../components/load-state.tsx'
import { card, sectionTitle } from '../../components/ops-table.ts'
import { useLoaded } from '../../use-loaded.ts'

/** Help under a section's title or field. */
export const settingsHint = css({ fontSize: 'xs', color: 'text.muted' })

/** What became of the last save of a settings form; undefined before any. */
export type SaveOutcome = { tone: 'info' | 'error'; text: string } | undefined

/** The last save's outcome, titled saved or not saved; nothing before any. */
export function SaveOutcomeNotice({ outcome }: { outcome: SaveOutcome }) {
  if (!outcome) return null
  return (
    <Notice
      tone={outcome.tone}
      title={outcome.tone === 'error' ? <Trans>未保存</Trans> : <Trans>已保存</Trans>}
    >
      {outcome.text}
    </Notice>
  )
}

/**
 * A settings card that reads its figures (`load`, cached under `loadKey`) and shows them in a form:
 * the title and hint, then loading, a failure with a retry, or the form `children` makes of them
 * (handed `reload` to call once it has saved).
 */
export function SettingsSection<T>(props: {
  loadKey: string
  load: () => Promise<T>
  title: ReactNode
  hint: ReactNode
  children: (current: T, reload: () => void) => ReactNode
}) {
  const { loaded, reload } = useLoaded(props.loadKey, props.load)
  const id = useId()
  return (
    <section className={card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={sectionTitle}>
        {props.title}
      </h2>
      <p className={settingsHint}>{props.hint}</p>
      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' ? props.children(loaded.data, reload) : null}
    </section>
  )
}
