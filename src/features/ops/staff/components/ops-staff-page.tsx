import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx'
import type { StaffAccountDto } from '../../../../domain/staff.ts'
import { useLanguage } from '../../../../lib/use-language.ts'
import { type ActionOutcome, ActionOutcomeNotice } from '../../components/action-outcome.tsx'
import { ListHeader, OpsTable } from '../../components/list-page.tsx'
import { LoadFailure, LoadingBlock } from '../../components/load-state.tsx'
import { listPage, mutedText } from '../../components/ops-table.ts'
import { shopDateTime } from '../../format.ts'
import { useLoaded } from '../../use-loaded.ts'
import { useOpsMe } from '../../use-ops-me.ts'
import { listStaff } from '../api/list-staff.ts'
import { updateStaff } from '../api/update-staff.ts'
import { permissionLabel, staffFailureText } from '../staff-text.ts'
import { StaffCreateDialog } from './staff-create-dialog.tsx'
import { StaffPermissionsDialog } from './staff-permissions-dialog.tsx'

const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '1' })
const chip = css({
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  bg: 'blue.50',
  color: 'blue.900',
  border: '1px solid',
  borderColor: 'blue.200',
  fontSize: 'xs',
  whiteSpace: 'nowrap',
})
const disabledTag = css({ color: 'red.700', fontWeight: 'semibold' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })

/** An account being acted on: its rooms edited, or disabled / enabled after a confirmation. */
type Acting = { kind: 'permissions' | 'toggle'; account: StaffAccountDto } | undefined

/**
 * /ops/staff: every operator account with its rooms; a new account (which must change the password
 * it is given), editing an account's rooms, disabling one (its sessions end for good) or enabling it.
 * The signed-in operator cannot disable itself; the server also refuses dropping its own staff room.
 */
export function OpsStaffPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const me = useOpsMe()
  const { loaded, reload } = useLoaded('staff', listStaff)
  const [creating, setCreating] = useState(false)
  const [acting, setActing] = useState<Acting>()
  const [toggling, setToggling] = useState(false)
  const [outcome, setOutcome] = useState<ActionOutcome>()

  const done = (text: string) => {
    setOutcome({ tone: 'info', text })
    setActing(undefined)
    setCreating(false)
    reload()
  }
  const toggle = async (account: StaffAccountDto) => {
    setToggling(true)
    try {
      const changed = await updateStaff(account.id, { disabled: !account.disabled })
      const email = changed.email
      done(changed.disabled ? t`已停用 ${email}，其登录已全部失效。` : t`已启用 ${email}。`)
    } catch (error) {
      setOutcome({ tone: 'error', text: staffFailureText(error) })
      setActing(undefined)
    } finally {
      setToggling(false)
    }
  }

  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <ListHeader titleId={`${id}-title`} title={<Trans>员工</Trans>}>
        <Button
          onClick={() => {
            setOutcome(undefined)
            setCreating(true)
          }}
        >
          <Trans>新建员工账号…</Trans>
        </Button>
      </ListHeader>

      <ActionOutcomeNotice outcome={outcome} />

      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' ? (
        <OpsTable
          label={t`员工账号`}
          busy={loaded.refreshing}
          columns={[t`邮箱`, t`昵称`, t`权限`, t`状态`, t`创建时间`, t`操作`]}
        >
          {loaded.data.list.map((account) => {
            const self = account.id === me.id
            const email = account.email
            return (
              <tr key={account.id}>
                <td>
                  {email}
                  {self ? (
                    <span className={mutedText}>
                      {' '}
                      <Trans>（我）</Trans>
                    </span>
                  ) : null}
                </td>
                <td>{account.nickname}</td>
                <td>
                  {account.permissions.length === 0 ? (
                    <span className={mutedText}>
                      <Trans>无</Trans>
                    </span>
                  ) : (
                    <ul className={chips} aria-label={t`${email} 的权限`}>
                      {account.permissions.map((permission) => (
                        <li key={permission} className={chip}>
                          {permissionLabel(permission, language)}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  {account.disabled ? (
                    <span className={disabledTag}>
                      <Trans>已停用</Trans>
                    </span>
                  ) : (
                    <Trans>启用中</Trans>
                  )}
                </td>
                <td>{shopDateTime(account.createTime)}</td>
                <td>
                  <div className={actions}>
                    <Button
                      variant="secondary"
                      aria-label={t`编辑 ${email} 的权限`}
                      onClick={() => {
                        setOutcome(undefined)
                        setActing({ kind: 'permissions', account })
                      }}
                    >
                      <Trans>编辑权限</Trans>
                    </Button>
                    {self ? null : (
                      <Button
                        variant="ghost"
                        aria-label={account.disabled ? t`启用 ${email}` : t`停用 ${email}`}
                        onClick={() => {
                          setOutcome(undefined)
                          setActing({ kind: 'toggle', account })
                        }}
                      >
                        {account.disabled ? <Trans>启用</Trans> : <Trans>停用</Trans>}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            )
          })}
        </OpsTable>
      ) : null}

      {creating ? (
        <StaffCreateDialog
          onCreated={(account) => {
            const email = account.email
            done(t`已创建 ${email}。请将初始密码告知该员工，其首次登录后须修改密码。`)
          }}
          onCancel={() => setCreating(false)}
        />
      ) : null}
      {acting?.kind === 'permissions' ? (
        <StaffPermissionsDialog
          account={acting.account}
          onSaved={(account) => {
            const email = account.email
            done(t`已更新 ${email} 的权限。`)
          }}
          onCancel={() => setActing(undefined)}
        />
      ) : null}
      {acting?.kind === 'toggle' ? (
        <ConfirmDialog
          title={acting.account.disabled ? t`启用此账号？` : t`停用此账号？`}
          confirmLabel={acting.account.disabled ? t`启用` : t`停用`}
          busy={toggling}
          onConfirm={() => void toggle(acting.account)}
          onCancel={() => setActing(undefined)}
        >
          <p>
            {acting.account.disabled ? (
              <Trans>启用后，该员工需重新登录；之前的登录不会恢复。</Trans>
            ) : (
              <Trans>停用后，该员工的所有登录立即失效，且无法再登录，直到重新启用。</Trans>
            )}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
