import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField, SelectField } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { EmailCodeType, profileSchema, Sex } from '../../../domain/account.ts'
import type { UserProfile } from '../../../domain/session.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { showToast } from '../../../lib/toast.ts'
import { endsSession } from '../../../lib/validation-text.ts'
import { AlertListSection } from '../../alerts/components/alert-list-section.tsx'
import { isNetworkDown } from '../../shell/offline/network-down.ts'
import { OfflinePage } from '../../shell/offline/offline-page.tsx'
import { getUserInfo } from '../api/get-user-info.ts'
import { updateBaseInfo } from '../api/update-base-info.ts'
import { checkWith, FormSubmit, formStack, linkRow, quiet, useAccountForm } from './account-form.tsx'
import { accountSection, accountSectionTitle } from './account-section.ts'
import { AvatarDialog } from './avatar-dialog.tsx'
import { NicknameField } from './nickname-field.tsx'
import { NotificationsSwitch } from './notifications-switch.tsx'
import { SendCodeButton } from './send-code-button.tsx'

const page = css({ maxWidth: '2xl', mx: 'auto', display: 'flex', flexDirection: 'column', gap: '6' })
const heading = css({ fontSize: 'xl', fontWeight: 'bold' })
const avatarRow = css({ display: 'flex', alignItems: 'center', gap: '4' })
const avatarImage = css({
  width: '20',
  height: '20',
  borderRadius: 'full',
  objectFit: 'cover',
  bg: 'gray.100',
  border: '1px solid',
  borderColor: 'border',
})
const avatarInitial = css({
  width: '20',
  height: '20',
  borderRadius: 'full',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  bg: 'primary',
  color: 'white',
  fontSize: '2xl',
  fontWeight: 'bold',
})
const emailRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const emailValue = css({ fontWeight: 'medium', overflowWrap: 'anywhere' })
const skeletonBlock = css({
  height: '32',
  borderRadius: 'md',
  bg: 'gray.100',
  animation: 'pulse 1.5s ease-in-out infinite',
})

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  /** No network, and the device has not saved this page yet. */
  | { state: 'offline' }
  | { state: 'ready'; profile: UserProfile }

/** /userinfo (signed in): avatar, sign-in e-mail, and the base info (nickname, phone, gender, birthday). */
export function UserinfoPage() {
  const { t } = useLingui()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })

  const load = useCallback(async () => {
    setLoaded({ state: 'loading' })
    try {
      setLoaded({ state: 'ready', profile: await getUserInfo(quiet) })
    } catch (error) {
      // A cancelled load belongs to a page being left; nothing to show.
      if (error instanceof ApiFailure && error.kind === 'aborted') return
      // 9004 and 9005 leave the page (the session does that; the API client says why).
      if (error instanceof ApiFailure && endsSession(error)) return
      if (isNetworkDown(error)) return setLoaded({ state: 'offline' })
      setLoaded({ state: 'failed', message: error instanceof Error ? error.message : '' })
    }
  }, [])

  useEffect(() => {
    void load()
  }, [load])

  if (loaded.state === 'offline') return <OfflinePage onRetry={() => void load()} />
  return (
    <div className={page}>
      <h1 className={heading}>
        <Trans>个人信息</Trans>
      </h1>
      {loaded.state === 'loading' ? (
        <div role="status" aria-busy="true" aria-label={t`正在加载个人信息`} className={formStack}>
          <div className={skeletonBlock} />
          <div className={skeletonBlock} />
        </div>
      ) : loaded.state === 'failed' ? (
        <Notice
          tone="error"
          title={<Trans>个人信息加载失败</Trans>}
          action={
            <Button onClick={() => void load()}>
              <Trans>重试</Trans>
            </Button>
          }
        >
          {loaded.message}
        </Notice>
      ) : (
        <Profile profile={loaded.profile} onChange={(profile) => setLoaded({ state: 'ready', profile })} />
      )}
    </div>
  )
}

function Profile(props: { profile: UserProfile; onChange: (profile: UserProfile) => void }) {
  const { profile } = props
  return (
    <>
      <AvatarSection profile={profile} onAvatar={(avatar) => props.onChange({ ...profile, avatar })} />
      <EmailSection email={profile.username} />
      <BaseInfoForm profile={profile} onSaved={props.onChange} />
      <NotificationsSwitch />
      <AlertListSection />
    </>
  )
}

function AvatarSection(props: { profile: UserProfile; onAvatar: (avatar: string) => void }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const { avatar, nickname } = props.profile
  return (
    <section className={accountSection} aria-labelledby="userinfo-avatar">
      <h2 id="userinfo-avatar" className={accountSectionTitle}>
        <Trans>头像</Trans>
      </h2>
      <div className={avatarRow}>
        {avatar ? (
          <img src={avatar} alt={t`当前头像`} className={avatarImage} />
        ) : (
          <span className={avatarInitial} aria-hidden="true">
            {nickname.slice(0, 1).toUpperCase()}
          </span>
        )}
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <Trans>更换头像</Trans>
        </Button>
      </div>
      {open ? (
        <AvatarDialog
          onClose={() => setOpen(false)}
          onUploaded={(next) => {
            setOpen(false)
            props.onAvatar(next)
          }}
        />
      ) : null}
    </section>
  )
}

/**
 * The sign-in e-mail and its change: a link with a code (type 3) goes to the new address; opening it
 * (/replaceEmail) makes the change, after which every session ends and the shopper logs in again.
 */
function EmailSection(props: { email: string }) {
  const { t } = useLingui()
  const [changing, setChanging] = useState(false)
  const [newEmail, setNewEmail] = useState('')
  const [emailError, setEmailError] = useState<string | undefined>(undefined)
  const [mailedTo, setMailedTo] = useState<string | undefined>(undefined)
  return (
    <section className={accountSection} aria-labelledby="userinfo-email">
      <h2 id="userinfo-email" className={accountSectionTitle}>
        <Trans>登录邮箱</Trans>
      </h2>
      <div className={emailRow}>
        <span className={emailValue}>{props.email}</span>
        {changing ? null : (
          <Button variant="ghost" onClick={() => setChanging(true)}>
            <Trans>更换邮箱</Trans>
          </Button>
        )}
      </div>
      {changing ? (
        <div className={formStack}>
          <FormField
            label={t`新邮箱`}
            type="email"
            autoComplete="email"
            inputMode="email"
            name="newEmail"
            value={newEmail}
            error={emailError}
            onChange={(event) => setNewEmail(event.target.value)}
            addon={
              <SendCodeButton
                type={EmailCodeType.replaceEmail}
                email={newEmail}
                onEmailError={setEmailError}
                onSent={setMailedTo}
              >
                <Trans>发送确认邮件</Trans>
              </SendCodeButton>
            }
          />
          {mailedTo ? (
            <Notice tone="info" title={<Trans>确认邮件已发送</Trans>}>
              <Trans>我们已向 {mailedTo} 发送了一封邮件，请打开邮件中的链接完成更换。</Trans>
            </Notice>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}

const SEX_VALUES = [Sex.unknown, Sex.male, Sex.female] as const

function BaseInfoForm(props: { profile: UserProfile; onSaved: (profile: UserProfile) => void }) {
  const { t } = useLingui()
  const { profile } = props
  const form = useAccountForm({
    nickname: profile.nickname,
    sex: String(profile.sex),
    telephone: profile.telephone ?? '',
    birthday: profile.birthday ?? '',
  })
  const sexLabel = { [Sex.unknown]: t`保密`, [Sex.male]: t`男`, [Sex.female]: t`女` }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const input = { ...form.values, sex: Number(form.values.sex) }
    void form.run(checkWith(profileSchema, input), async (payload) => {
      // The whole base info is sent: a cleared phone or birthday is left out and so cleared.
      props.onSaved(await updateBaseInfo(payload, quiet))
      showToast({ tone: 'success', message: t`保存成功` })
    })
  }

  return (
    <section className={accountSection} aria-labelledby="userinfo-base">
      <h2 id="userinfo-base" className={accountSectionTitle}>
        <Trans>基本信息</Trans>
      </h2>
      <form ref={form.formRef} className={formStack} onSubmit={onSubmit} noValidate>
        <NicknameField {...form.bind('nickname')} />
        <FormField label={t`电话`} type="tel" autoComplete="tel" {...form.bind('telephone')} />
        <SelectField label={t`性别`} autoComplete="sex" {...form.bind('sex')}>
          {SEX_VALUES.map((sex) => (
            <option key={sex} value={String(sex)}>
              {sexLabel[sex]}
            </option>
          ))}
        </SelectField>
        <FormField
          label={t`生日`}
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max="2100-12-31"
          {...form.bind('birthday')}
        />
        <FormSubmit form={form} busyLabel={<Trans>保存中…</Trans>}>
          <Trans>保存</Trans>
        </FormSubmit>
        <div className={linkRow}>
          <Link to="/change-password">
            <Trans>修改密码</Trans>
          </Link>
        </div>
      </form>
    </section>
  )
}
