import { Trans, useLingui } from '@lingui/react/macro'
import { type ChangeEvent, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField } from '../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { avatarSchema } from '../../../domain/account.ts'
import { showToast } from '../../../lib/toast.ts'
import { fieldErrorsOf, formFailureOf } from '../../../lib/validation-text.ts'
import { updateAvatar } from '../api/update-avatar.ts'
import { FormAlert, quiet } from './account-form.tsx'

const preview = css({
  width: '32',
  height: '32',
  alignSelf: 'center',
  objectFit: 'cover',
  borderRadius: 'full',
  border: '1px solid',
  borderColor: 'border',
})
const actions = css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })

/** Reads a chosen image as a data URL for the preview (the file is under 2 MB by then). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/**
 * The 'change avatar' dialog: a chosen file is checked against the avatar rule (under 2 MB, JPEG, PNG,
 * WebP or GIF) before anything is sent, previewed, then uploaded. Modal: focus stays inside, Escape
 * closes it, and focus returns to what opened it.
 */
export function AvatarDialog(props: { onClose: () => void; onUploaded: (avatar: string) => void }) {
  const { t } = useLingui()
  const [file, setFile] = useState<File | undefined>(undefined)
  const [previewUrl, setPreviewUrl] = useState<string | undefined>(undefined)
  const [fileError, setFileError] = useState<string | undefined>(undefined)
  const [formError, setFormError] = useState<string | undefined>(undefined)
  const [uploading, setUploading] = useState(false)

  const close = () => {
    if (!uploading) props.onClose()
  }

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    setFile(undefined)
    setPreviewUrl(undefined)
    setFormError(undefined)
    setFileError(undefined)
    if (!chosen) return
    const checked = v.safeParse(avatarSchema, chosen)
    if (!checked.success) {
      setFileError(Object.values(fieldErrorsOf(checked.issues))[0])
      return
    }
    setFile(chosen)
    try {
      setPreviewUrl(await readAsDataUrl(chosen))
    } catch {
      // no preview; the upload still works
    }
  }

  const upload = async () => {
    if (!file || uploading) return
    setUploading(true)
    setFormError(undefined)
    try {
      const { avatar } = await updateAvatar(file, quiet)
      showToast({ tone: 'success', message: t`头像已更新` })
      props.onUploaded(avatar)
    } catch (error) {
      const failure = formFailureOf(error, ['file'])
      setFileError(failure.fields.file)
      setFormError(failure.message)
    } finally {
      setUploading(false)
    }
  }

  return (
    <ModalDialog title={<Trans>更换头像</Trans>} onClose={close} closeOnEscape width="sm">
      <FormField
        label={t`选择图片`}
        type="file"
        accept="image/*"
        hint={t`JPEG、PNG、WebP 或 GIF，小于 2 MB`}
        error={fileError}
        disabled={uploading}
        onChange={(event) => void onFileChange(event)}
      />
      {previewUrl ? <img src={previewUrl} alt={t`头像预览`} className={preview} /> : null}
      <FormAlert message={formError} />
      <div className={actions}>
        <Button variant="ghost" onClick={close} disabled={uploading}>
          <Trans>取消</Trans>
        </Button>
        <Button onClick={() => void upload()} disabled={!file || uploading}>
          {uploading ? <Trans>上传中…</Trans> : <Trans>上传</Trans>}
        </Button>
      </div>
    </ModalDialog>
  )
}
