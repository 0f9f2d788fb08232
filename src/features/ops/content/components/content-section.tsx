import type { ReactNode } from 'react'
import { useId } from 'react'
import { Button } from '../../../../components/ui/button.tsx'
import { Notice } from '../../../../components/ui/notice.tsx'
import { ActionOutcomeNotice } from '../../components/action-outcome.tsx'
import { LoadFailure, LoadingBlock } from '../../components/load-state.tsx'
import { listHeader, listPage, mutedText, sectionTitle } from '../../components/ops-table.ts'
import type { ContentRoom } from '../use-content-room.ts'

/**
 * One tab of the content room: its title with Add, what it is for, the last action's outcome, and the
 * list (`children`) once loaded; loading, failure (with a retry) and an empty list each say so.
 */
export function ContentSection<T>(props: {
  room: ContentRoom<T>
  title: ReactNode
  addLabel: ReactNode
  intro: ReactNode
  empty: ReactNode
  children: ReactNode
  /** The dialogs open over the tab. */
  dialogs: ReactNode
}) {
  const id = useId()
  const { room } = props
  const { loaded } = room
  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <div className={listHeader}>
        <h2 id={`${id}-title`} className={sectionTitle}>
          {props.title}
        </h2>
        <Button onClick={() => room.start({ kind: 'add' })}>{props.addLabel}</Button>
      </div>
      <p className={mutedText}>{props.intro}</p>
      <ActionOutcomeNotice outcome={room.outcome} />
      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={room.reload} /> : null}
      {loaded.state === 'ready' && room.items.length === 0 ? (
        <Notice tone="info" title={props.empty} />
      ) : null}
      {loaded.state === 'ready' && room.items.length > 0 ? props.children : null}
      {props.dialogs}
    </section>
  )
}
