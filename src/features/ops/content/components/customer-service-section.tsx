import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { FormField } from '../../../../components/ui/form-field.tsx'
import { Notice } from '../../../../components/ui/notice.tsx'
import {
  customerServiceBody,
  MAX_CONTACTS,
  type OpsContactDto,
  type OpsCustomerServiceDto,
} from '../../../../domain/content-ops.ts'
import type { MediaImageDto } from '../../../../domain/media.ts'
import { type ActionOutcome, ActionOutcomeNotice } from '../../components/action-outcome.tsx'
import { LoadFailure, LoadingBlock } from '../../components/load-state.tsx'
import { listPage, mutedText, sectionTitle } from '../../components/ops-table.ts'
import { CheckField } from '../../products/components/product-fields.tsx'
import { useLoaded } from '../../use-loaded.ts'
import { customerServiceCalls } from '../api/content-calls.ts'
import { numberOf } from '../content-text.ts'
import { useContentForm } from '../use-content-form.ts'
import { PictureField } from './picture-field.tsx'

const list = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const card = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  p: '3',
  bg: 'surface',
})
const legend = css({ px: '1', fontSize: 'sm', fontWeight: 'semibold' })
const wide = css({ gridColumn: { md: 'span 2' } })
const row = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
})
const buttons = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })

interface ContactDraft {
  /** Keeps React's rows apart; not sent. */
  key: number
  nickname: string
  email: string
  /** The saved picture's address, kept unless another is uploaded or it is removed. */
  qrcodeUrl: string | null
  qrcode: MediaImageDto | null
  sort: string
  active: boolean
}

type ContactField = 'nickname' | 'email' | 'qrcodeUrl' | 'qrcode' | 'sort' | 'active'

const draftsOf = (contacts: OpsContactDto[]): ContactDraft[] =>
  contacts.map((contact) => ({
    key: contact.id,
    nickname: contact.nickname,
    email: contact.email ?? '',
    qrcodeUrl: contact.qrcodeUrl,
    qrcode: null,
    sort: String(contact.sort),
    active: contact.active,
  }))

/** The contacts as one form: edited in place, added and removed, then saved as a whole. */
function ContactsForm(props: {
  saved: OpsCustomerServiceDto
  onSaved: (saved: OpsCustomerServiceDto) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const nextKey = useRef(-1)
  const [drafts, setDrafts] = useState(() => draftsOf(props.saved.contacts))
  const [uploading, setUploading] = useState(0)
  const fieldLabels: Record<ContactField, string> = {
    nickname: t`昵称`,
    email: t`邮箱`,
    qrcodeUrl: t`二维码`,
    qrcode: t`二维码`,
    sort: t`排序`,
    active: t`启用`,
  }
  const labels = Object.fromEntries(
    drafts.flatMap((_, index) =>
      (Object.keys(fieldLabels) as ContactField[]).map((field) => [
        `contacts.${index}.${field}`,
        fieldLabels[field],
      ]),
    ),
  )
  const contactsForm = useContentForm({
    schema: customerServiceBody,
    labels: { ...labels, contacts: t`客服列表` },
    save: customerServiceCalls.replace,
    onSaved: props.onSaved,
  })
  const { errors, busy } = contactsForm
  const edit = (index: number, change: Partial<ContactDraft>, fields: ContactField[]) => {
    setDrafts((current) => current.map((draft, at) => (at === index ? { ...draft, ...change } : draft)))
    for (const field of fields) contactsForm.clearError(`contacts.${index}.${field}`)
  }
  const add = () => {
    const sorts = drafts.map((draft) => numberOf(draft.sort) ?? 0).filter(Number.isFinite)
    setDrafts((current) => [
      ...current,
      {
        key: nextKey.current--,
        nickname: '',
        email: '',
        qrcodeUrl: null,
        qrcode: null,
        sort: String(sorts.length === 0 ? 0 : Math.max(...sorts) + 1),
        active: true,
      },
    ])
  }
  const remove = (index: number) => setDrafts((current) => current.filter((_, at) => at !== index))

  return (
    <form
      className={list}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        if (uploading > 0) event.preventDefault()
        else
          void contactsForm.submit(event, {
            contacts: drafts.map((draft) => ({
              nickname: draft.nickname,
              email: draft.email,
              qrcode: draft.qrcode?.id ?? null,
              qrcodeUrl: draft.qrcode ? null : draft.qrcodeUrl,
              sort: numberOf(draft.sort),
              active: draft.active,
            })),
          })
      }}
    >
      <div className={row}>
        <h2 id={`${id}-title`} className={sectionTitle}>
          <Trans>客服联系方式</Trans>
        </h2>
        <Button variant="secondary" disabled={busy || drafts.length >= MAX_CONTACTS} onClick={add}>
          <Trans>添加客服</Trans>
        </Button>
      </div>
      <p className={mutedText}>
        <Trans>
          会员（VIP、SVIP）在客服面板中看到启用的客服，按排序数字从小到大。修改后点“保存客服列表”一次保存全部。
        </Trans>
      </p>
      {drafts.length === 0 ? <Notice tone="info" title={<Trans>还没有客服联系方式</Trans>} /> : null}
      {drafts.map((draft, index) => {
        const errorOf = (field: ContactField) => errors[`contacts.${index}.${field}`]
        const number = index + 1
        return (
          <fieldset key={draft.key} className={card}>
            <legend className={legend}>{t`客服 ${number}`}</legend>
            <FormField
              label={fieldLabels.nickname}
              required
              maxLength={32}
              value={draft.nickname}
              error={errorOf('nickname')}
              disabled={busy}
              onChange={(event) => edit(index, { nickname: event.target.value }, ['nickname'])}
            />
            <FormField
              label={fieldLabels.email}
              type="email"
              maxLength={254}
              value={draft.email}
              error={errorOf('email')}
              disabled={busy}
              onChange={(event) => edit(index, { email: event.target.value }, ['email'])}
            />
            <div className={wide}>
              <PictureField
                label={fieldLabels.qrcode}
                picture={draft.qrcode}
                currentUrl={draft.qrcodeUrl}
                error={errorOf('qrcode') ?? errorOf('qrcodeUrl')}
                disabled={busy}
                removable
                onUploading={(going) => setUploading((count) => count + (going ? 1 : -1))}
                onChange={(picture) =>
                  edit(index, picture ? { qrcode: picture } : { qrcode: null, qrcodeUrl: null }, [
                    'qrcode',
                    'qrcodeUrl',
                  ])
                }
              />
            </div>
            <FormField
              label={fieldLabels.sort}
              inputMode="numeric"
              hint={t`0 到 99,999，数字小的排在前面`}
              value={draft.sort}
              error={errorOf('sort')}
              disabled={busy}
              onChange={(event) => edit(index, { sort: event.target.value }, ['sort'])}
            />
            <div className={row}>
              <CheckField
                label={fieldLabels.active}
                checked={draft.active}
                error={errorOf('active')}
                onChange={(checked) => edit(index, { active: checked }, ['active'])}
              />
              <Button
                variant="ghost"
                disabled={busy}
                aria-label={t`移除客服：${draft.nickname || number}`}
                onClick={() => remove(index)}
              >
                <Trans>移除</Trans>
              </Button>
            </div>
          </fieldset>
        )
      })}
      {contactsForm.failure ? (
        <Notice tone="error" title={<Trans>保存失败</Trans>}>
          {contactsForm.failure}
        </Notice>
      ) : null}
      <div className={buttons}>
        <Button type="submit" disabled={busy || uploading > 0}>
          {busy ? <Trans>正在保存…</Trans> : <Trans>保存客服列表</Trans>}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => setDrafts(draftsOf(props.saved.contacts))}>
          <Trans>撤销修改</Trans>
        </Button>
      </div>
    </form>
  )
}

/** The customer-service panel's contacts (spec §3), edited as one list. */
export function CustomerServiceSection() {
  const { t } = useLingui()
  const { loaded, reload } = useLoaded('ops-customer-service', customerServiceCalls.read)
  const [outcome, setOutcome] = useState<ActionOutcome>()
  // The answer of the last save: a fresh form starts from it, as the server now holds it.
  const [latest, setLatest] = useState<{ version: number; data: OpsCustomerServiceDto }>()
  return (
    <section className={listPage} aria-label={t`客服`}>
      <ActionOutcomeNotice outcome={outcome} />
      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' ? (
        <ContactsForm
          key={latest?.version ?? 0}
          saved={latest?.data ?? loaded.data}
          onSaved={(data) => {
            setOutcome({ tone: 'info', text: t`客服列表已保存。` })
            setLatest((current) => ({ version: (current?.version ?? 0) + 1, data }))
          }}
        />
      ) : null}
    </section>
  )
}
