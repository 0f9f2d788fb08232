import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { FormField } from '../../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../../components/ui/modal-dialog.tsx'
import {
  type BannerBody,
  type BannerUpdateBody,
  bannerBody,
  bannerUpdateBody,
  type OpsBannerDto,
} from '../../../../domain/content-ops.ts'
import type { MediaImageDto } from '../../../../domain/media.ts'
import { DialogActions } from '../../components/dialog-actions.tsx'
import { instantOfTokyoLocal, tokyoLocalOf } from '../../format.ts'
import { CheckField } from '../../products/components/product-fields.tsx'
import { bannerCalls } from '../api/content-calls.ts'
import { numberOf } from '../content-text.ts'
import { useContentForm } from '../use-content-form.ts'
import { PictureField } from './picture-field.tsx'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const pair = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })

interface BannerDraft {
  name: string
  jumpUrl: string
  startAt: string
  endAt: string
  sort: string
  active: boolean
}

const draftOf = (banner: OpsBannerDto | undefined, nextSort: number): BannerDraft => ({
  name: banner?.name ?? '',
  jumpUrl: banner?.jumpUrl ?? '',
  startAt: tokyoLocalOf(banner?.startAt ?? null),
  endAt: tokyoLocalOf(banner?.endAt ?? null),
  sort: String(banner?.sort ?? nextSort),
  active: banner?.active ?? true,
})

/**
 * Adds a banner or edits one: its name, picture (uploaded at once), where it leads, when it shows
 * (shop time, Tokyo) and whether it is on. A new banner needs a picture; an edit keeps the old one
 * unless another is uploaded.
 */
export function BannerDialog(props: {
  banner: OpsBannerDto | undefined
  nextSort: number
  onSaved: (saved: OpsBannerDto) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { banner } = props
  const [draft, setDraft] = useState(() => draftOf(banner, props.nextSort))
  const [picture, setPicture] = useState<MediaImageDto | null>(null)
  const [uploading, setUploading] = useState(false)
  const labels = {
    name: t`名称`,
    image: t`图片`,
    jumpUrl: t`跳转地址`,
    startAt: t`开始时间（日本时间）`,
    endAt: t`结束时间（日本时间）`,
    sort: t`排序`,
    active: t`启用`,
  }
  const contentForm = useContentForm<BannerBody | BannerUpdateBody, OpsBannerDto>({
    // A new banner needs a picture; an edit without a new one keeps its own.
    schema: banner ? bannerUpdateBody : bannerBody,
    labels,
    save: (body) => (banner ? bannerCalls.update(banner.id, body) : bannerCalls.create(body as BannerBody)),
    onSaved: props.onSaved,
  })
  const { errors, busy } = contentForm
  const edit = <K extends keyof BannerDraft>(field: K, value: BannerDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }))
    contentForm.clearError(field)
  }
  const text = (field: 'name' | 'jumpUrl' | 'startAt' | 'endAt' | 'sort') => ({
    label: labels[field],
    value: draft[field],
    error: errors[field],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => edit(field, event.target.value),
  })
  const cancel = () => {
    if (!busy) props.onCancel()
  }
  return (
    <ModalDialog
      title={banner ? t`编辑横幅“${banner.name}”` : t`添加横幅`}
      onClose={cancel}
      closeOnEscape
      showCloseButton
      width="md"
    >
      <form
        className={form}
        noValidate
        onSubmit={(event) => {
          if (uploading) event.preventDefault()
          else
            void contentForm.submit(event, {
              name: draft.name,
              image: picture?.id ?? null,
              jumpUrl: draft.jumpUrl,
              startAt: instantOfTokyoLocal(draft.startAt),
              endAt: instantOfTokyoLocal(draft.endAt),
              sort: numberOf(draft.sort),
              active: draft.active,
            })
        }}
      >
        <FormField required maxLength={100} {...text('name')} />
        <PictureField
          label={labels.image}
          picture={picture}
          currentUrl={banner?.imgUrl ?? null}
          error={errors.image}
          disabled={busy}
          onUploading={setUploading}
          onChange={(next) => {
            setPicture(next)
            contentForm.clearError('image')
          }}
        />
        <FormField
          inputMode="url"
          maxLength={2048}
          hint={
            <Trans>
              留空则不跳转。本店页面写路径（如 /product-new），其他网站写完整的 https://
              地址；点击横幅时在新标签页打开。
            </Trans>
          }
          {...text('jumpUrl')}
        />
        <div className={pair}>
          <FormField type="datetime-local" hint={<Trans>留空则立即展示</Trans>} {...text('startAt')} />
          <FormField type="datetime-local" hint={<Trans>留空则一直展示</Trans>} {...text('endAt')} />
        </div>
        <FormField inputMode="numeric" hint={t`0 到 99,999，数字小的排在前面`} {...text('sort')} />
        <CheckField
          label={labels.active}
          checked={draft.active}
          error={errors.active}
          onChange={(checked) => edit('active', checked)}
        />
        <DialogActions failure={contentForm.failure} busy={busy || uploading} onCancel={cancel}>
          {busy ? <Trans>正在保存…</Trans> : <Trans>保存</Trans>}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}
