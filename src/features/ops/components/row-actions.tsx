import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'

const actions = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1' })

/**
 * A list row's buttons: Edit and Delete, each named after the row's `name` for screen readers, with
 * the list's own buttons before them (`lead`: ↑/↓, Preview) or between them (`middle`).
 */
export function RowActions(props: {
  name: string
  onEdit: () => void
  onDelete: () => void
  lead?: ReactNode
  middle?: ReactNode
}) {
  const { t } = useLingui()
  return (
    <span className={actions}>
      {props.lead}
      <Button variant="ghost" aria-label={t`编辑：${props.name}`} onClick={props.onEdit}>
        <Trans>编辑</Trans>
      </Button>
      {props.middle}
      <Button variant="ghost" aria-label={t`删除：${props.name}`} onClick={props.onDelete}>
        <Trans>删除</Trans>
      </Button>
    </span>
  )
}
