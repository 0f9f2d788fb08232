import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../styled-system/css'
import { Button } from './button.tsx'
import { ModalDialog } from './modal-dialog.tsx'

const buttons = css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })

/**
 * Asks before a change that cannot be undone (clear a list, delete an address): what will happen,
 * Cancel, and the confirming button. Escape and the backdrop cancel, unless the change is under way.
 */
export function ConfirmDialog(props: {
  title: ReactNode
  children: ReactNode
  /** The confirming button's label. */
  confirmLabel: ReactNode
  onConfirm: () => void
  onCancel: () => void
  /** The change is under way: nothing can be pressed, and the dialog stays. */
  busy?: boolean
}) {
  const cancel = () => {
    if (!props.busy) props.onCancel()
  }
  return (
    <ModalDialog title={props.title} onClose={cancel} closeOnEscape closeOnBackdrop width="sm">
      {props.children}
      <div className={buttons}>
        <Button variant="ghost" disabled={props.busy} onClick={cancel}>
          <Trans>取消</Trans>
        </Button>
        <Button disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  )
}
