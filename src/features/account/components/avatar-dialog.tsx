import { Trans, useLingui } from '@lingui/react/macro'
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField } from '../../../components/ui/form-field.tsx'
import { avatarSchema } from '../../../domain/account.ts'
import { showToast } from '../../../lib/toast.ts'
import { fieldErrorsOf, formFailureOf } from '../../../lib/validation-text.ts'
import { updateAvatar } from '../api/update-avatar.ts'
import { FormAlert, quiet } from './account-form.tsx'

const overlay = css({
  position: 'fixed',
  inset: '0',
  zIndex: 1000,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  p: '4',
  bg: 'rgba(15, 23, 42, 0.5)',
})
const panel = css({
  width: 'full',
  maxWidth: 'sm',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: '6',
  bg: 'surface',
  borderRadius: 'md',
  boxShadow: 'lg',
})
const title = css({ fontSize: 'lg', fontWeight: 'semibold' })
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

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'

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
  const titleId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const [file, setFile] = useState<File | undefined>(undefined)
  const [previewUrl, setPreviewUrl] = useState<string | undefined>(undefined)
  const [fileError, setFileError] = useState<string | undefined>(undefined)
  const [formError, setFormError] = useState<string | undefined>(undefined)
  const [uploading, setUploading] = useState(false)

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    return () => opener?.focus()
  }, [])

  const close = () => {
    if (!uploading) props.onClose()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
      return
    }
    if (event.key !== 'Tab') return
    const focusable = [...(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
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
    <div className={overlay}>
      <div
        ref={panelRef}
        className={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={title}>
          <Trans>更换头像</Trans>
        </h2>
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
      </div>
    </div>
  )
}
