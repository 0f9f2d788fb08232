import { Trans } from '@lingui/react/macro'
import type { FormEvent, ReactNode } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'

/** The box a console list's filters sit in: a grid whose columns each list sets (`cx` it in). */
export const filterBox = css({
  display: 'grid',
  gap: '3',
  alignItems: 'end',
  p: '4',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const buttons = css({ display: 'flex', gap: '2' })

/** A console list's filters with Search and Reset after them, in the columns `columns` lays out. */
export function FilterBar(props: {
  label: string
  columns: string
  onSearch: (event: FormEvent) => void
  onReset: () => void
  children: ReactNode
}) {
  return (
    <form className={cx(filterBox, props.columns)} aria-label={props.label} onSubmit={props.onSearch}>
      {props.children}
      <div className={buttons}>
        <Button type="submit">
          <Trans>搜索</Trans>
        </Button>
        <Button variant="ghost" onClick={props.onReset}>
          <Trans>重置</Trans>
        </Button>
      </div>
    </form>
  )
}
