import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldErrorText } from '../../../components/ui/form-field.tsx'

const buttons = css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })

/**
 * The end of a console dialog's form: why sending failed (what no field says), then Cancel and the
 * submit button, both held while it sends; `children` is the submit button's label.
 */
export function DialogActions(props: {
  failure: string | undefined
  busy: boolean
  onCancel: () => void
  submitVariant?: 'primary' | 'secondary'
  children: ReactNode
}) {
  return (
    <>
      {props.failure ? (
        <p role="alert" className={fieldErrorText}>
          {props.failure}
        </p>
      ) : null}
      <div className={buttons}>
        <Button variant="ghost" disabled={props.busy} onClick={props.onCancel}>
          <Trans>取消</Trans>
        </Button>
        <Button type="submit" variant={props.submitVariant} disabled={props.busy}>
          {props.children}
        </Button>
      </div>
    </>
  )
}
