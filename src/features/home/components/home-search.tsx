import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { type FormEvent, type Ref, useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { productSearchHref } from '../../catalog/search-link.ts'

const landmark = css({ flex: '1', width: 'full', maxWidth: '2xl' })
const form = css({ display: 'flex', gap: '2' })
const input = css({
  flex: '1',
  minWidth: '0',
  bg: 'white',
  border: '2px solid',
  borderColor: 'primary',
  borderRadius: 'sm',
  px: '3',
  py: '2',
  fontSize: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '1px' },
})
const srOnly = css({ srOnly: true })

/** The home search (spec §2): item number, JAN code or keywords; Enter (or the button) searches. */
export function HomeSearch({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  const { t } = useLingui()
  const router = useRouter()
  const id = useId()
  const [name, setName] = useState('')
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    router.history.push(productSearchHref({ name }))
  }
  return (
    <search aria-label={t`商品搜索`} className={landmark}>
      <form className={form} onSubmit={onSubmit}>
        <label htmlFor={id} className={srOnly}>
          {t`按货号、JAN 码或关键词搜索`}
        </label>
        <input
          ref={inputRef}
          id={id}
          type="search"
          className={input}
          value={name}
          placeholder={t`货号 / JAN 码 / 关键词`}
          enterKeyHint="search"
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit">{t`搜索`}</Button>
      </form>
    </search>
  )
}
