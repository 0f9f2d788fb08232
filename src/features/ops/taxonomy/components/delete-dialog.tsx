import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { ModalDialog } from '../../../../components/ui/modal-dialog.tsx'
import { ResultCode } from '../../../../domain/result-code.ts'
import { ApiFailure } from '../../../../lib/api-client.ts'
import { DialogActions } from '../../components/dialog-actions.tsx'
import { inUseText, isInUseData, refusalText } from '../taxonomy-text.ts'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })

/**
 * Asks before deleting a category, series or brand. A refusal because something still uses it (409)
 * says what, in the dialog, so the operator knows what to move first.
 */
export function DeleteDialog(props: {
  title: string
  name: string
  remove: () => Promise<unknown>
  onDeleted: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string>()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFailure(undefined)
    try {
      await props.remove()
      props.onDeleted()
    } catch (error) {
      setBusy(false)
      setFailure(
        error instanceof ApiFailure && error.code === ResultCode.conflict && isInUseData(error.data)
          ? inUseText(error.data)
          : refusalText(error),
      )
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }
  return (
    <ModalDialog title={props.title} onClose={cancel} closeOnEscape width="sm">
      <form className={form} onSubmit={(event) => void submit(event)}>
        <p>
          <Trans>确定删除“{props.name}”吗？此操作不能撤销。</Trans>
        </p>
        <DialogActions failure={failure} busy={busy} onCancel={cancel} submitVariant="secondary">
          {busy ? t`正在删除…` : t`删除`}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}
