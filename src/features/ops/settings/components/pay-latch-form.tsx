import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import { css, cx } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { fieldControl, fieldErrorText } from '../../../../components/ui/form-field.tsx'
import type { PayLatchDto } from '../../../../domain/payments.ts'
import { setPayLatch } from '../../api/set-pay-latch.ts'
import { failureText } from '../../components/load-state.tsx'
import { card, sectionTitle } from '../../components/ops-table.ts'
import { type SaveOutcome, SaveOutcomeNotice, settingsHint } from './settings-section.tsx'

const MESSAGE_MAX = 200

const switchRow = css({ display: 'flex', alignItems: 'center', gap: '3' })
const track = css({
  position: 'relative',
  width: '11',
  height: '6',
  borderRadius: 'full',
  bg: 'gray.400',
  cursor: 'pointer',
  flexShrink: 0,
  transition: 'background 0.15s',
  '&[aria-checked=true]': { bg: 'status.done' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
})
const thumb = css({
  position: 'absolute',
  top: '0.5',
  left: '0.5',
  width: '5',
  height: '5',
  borderRadius: 'full',
  bg: 'white',
  transition: 'transform 0.15s',
})
const thumbOn = css({ transform: 'translateX(20px)' })
const label = css({ fontSize: 'sm', fontWeight: 'medium' })

/** The pay latch (flows §2): closes payments for maintenance, with a word for shoppers. */
export function PayLatchForm(props: { current: PayLatchDto; onSaved: () => void }) {
  const { t } = useLingui()
  const id = useId()
  const [open, setOpen] = useState(props.current.open)
  const [message, setMessage] = useState(props.current.message ?? '')
  const [saving, setSaving] = useState(false)
  const [outcome, setOutcome] = useState<SaveOutcome>()
  const tooLong = message.length > MESSAGE_MAX
  const changed = open !== props.current.open || (message.trim() || null) !== props.current.message

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (tooLong) return
    setSaving(true)
    setOutcome(undefined)
    try {
      await setPayLatch({ open, message: message.trim() || null })
      setOutcome({ tone: 'info', text: open ? t`已保存：收款已开放。` : t`已保存：收款已关闭。` })
      props.onSaved()
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error) ?? t`保存失败，请稍后再试` })
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className={card} onSubmit={save} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={sectionTitle}>
        <Trans>收款开关</Trans>
      </h2>
      <p role="status">
        {props.current.open ? (
          <Trans>当前状态：收款开放中，顾客可以付款。</Trans>
        ) : (
          <Trans>当前状态：收款已关闭，所有付款请求都会被拒绝。</Trans>
        )}
      </p>
      <div className={switchRow}>
        <button
          type="button"
          role="switch"
          id={`${id}-switch`}
          aria-checked={open}
          aria-describedby={`${id}-switch-hint`}
          className={track}
          disabled={saving}
          onClick={() => setOpen((value) => !value)}
        >
          <span className={cx(thumb, open && thumbOn)} aria-hidden="true" />
        </button>
        <label htmlFor={`${id}-switch`} className={label}>
          <Trans>允许收款</Trans>
        </label>
      </div>
      <p id={`${id}-switch-hint`} className={settingsHint}>
        <Trans>
          关闭后，所有付款请求都会返回“暂时无法付款”，不会产生任何付款记录。维护结束后请重新打开。
        </Trans>
      </p>
      <label htmlFor={`${id}-message`} className={label}>
        <Trans>关闭时向顾客显示的说明</Trans>
      </label>
      <textarea
        id={`${id}-message`}
        className={fieldControl}
        rows={3}
        value={message}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-message-hint`}
        onChange={(event) => setMessage(event.target.value)}
      />
      <p id={`${id}-message-hint`} className={tooLong ? fieldErrorText : settingsHint}>
        <Trans>
          选填，最多 {MESSAGE_MAX} 个字符（已输入 {message.length}）。
        </Trans>
      </p>
      <SaveOutcomeNotice outcome={outcome} />
      <div>
        <Button type="submit" disabled={saving || tooLong || !changed}>
          {saving ? <Trans>正在保存…</Trans> : <Trans>保存</Trans>}
        </Button>
      </div>
    </form>
  )
}
