import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { css } from '../../../../styled-system/css'
import { isLanguage, LANGUAGES, type Language } from '../../../domain/language.ts'
import { LANGUAGE_ENDONYM } from '../../../lib/i18n.ts'

const select = css({
  bg: 'white',
  color: 'text',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  px: '2',
  py: '1',
  fontSize: 'sm',
  cursor: 'pointer',
})
const hidden = css({ srOnly: true })

export function LanguageSwitch(props: { value: Language; onChange: (language: Language) => void }) {
  const { t } = useLingui()
  const id = useId()
  return (
    <>
      <label htmlFor={id} className={hidden}>
        {t`语言`}
      </label>
      <select
        id={id}
        className={select}
        value={props.value}
        data-testid="language-switch"
        onChange={(event) => {
          if (isLanguage(event.target.value)) props.onChange(event.target.value)
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language === 'zhCn' ? 'zh-CN' : language}>
            {LANGUAGE_ENDONYM[language]}
          </option>
        ))}
      </select>
    </>
  )
}
