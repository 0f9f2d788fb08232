import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import type { Loaded } from '../use-loaded.ts'
import { isNotFound, LoadFailure, LoadingBlock } from './load-state.tsx'

/* The frame of a console page that shows one record (an order, a packaging request, a customer). */

/** The page: back link, title row, then its sections. */
export const detailPage = css({ display: 'flex', flexDirection: 'column', gap: '5' })
/** The title with its badges beside it. */
export const titleRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
/** The record's facts in a card: a `dl` of `Fact`s, four abreast on a wide screen. */
export const factList = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
  gap: '3',
  p: '4',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  '& dt': { fontSize: 'xs', color: 'text.muted' },
  '& dd': { fontWeight: 'medium', overflowWrap: 'anywhere' },
})

/** One fact of a `factList`: its name, then its value. */
export function Fact(props: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  )
}

/**
 * A loaded record's states: loading, `notFound` on a 404, failed (with a retry), otherwise what
 * `children` makes of the record.
 */
export function DetailStates<T>(props: {
  loaded: Loaded<T>
  onRetry: () => void
  notFound: ReactNode
  children: (record: T, refreshing: boolean) => ReactNode
}) {
  const { loaded } = props
  if (loaded.state === 'loading') return <LoadingBlock />
  if (loaded.state === 'failed') {
    return isNotFound(loaded.error) ? (
      props.notFound
    ) : (
      <LoadFailure error={loaded.error} onRetry={props.onRetry} />
    )
  }
  return props.children(loaded.data, loaded.refreshing)
}
