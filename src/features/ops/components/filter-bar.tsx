import { Trans } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useState } from 'react'
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

const fiveColumns = css({
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' },
})
const endButtons = css({
  display: 'flex',
  gap: '2',
  gridColumn: { lg: 'span 5' },
  justifyContent: 'flex-end',
})

/**
 * The filters of a list that keeps its filter in the URL: five fields abreast on a wide screen, Reset
 * and Search on a row of their own at the end.
 */
export function UrlFilterForm(props: {
  label: string
  onSearch: (event: FormEvent) => void
  onReset: () => void
  children: ReactNode
}) {
  return (
    <form className={cx(filterBox, fiveColumns)} onSubmit={props.onSearch} aria-label={props.label}>
      {props.children}
      <div className={endButtons}>
        <Button variant="ghost" onClick={props.onReset}>
          <Trans>重置</Trans>
        </Button>
        <Button type="submit">
          <Trans>搜索</Trans>
        </Button>
      </div>
    </form>
  )
}

/**
 * A filter form's draft: the fields as typed (from `initial`), their errors, `edit(field)` for a
 * field's onChange, and `clear(blank)`, which puts the blank draft back and forgets the errors.
 */
export function useFilterDraft<D extends Record<string, string>>(initial: () => D) {
  const [draft, setDraft] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof D, string>>>({})
  const edit = (field: keyof D) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }))
  const clear = (blank: D) => {
    setDraft(blank)
    setErrors({})
  }
  return { draft, errors, setErrors, edit, clear }
}
