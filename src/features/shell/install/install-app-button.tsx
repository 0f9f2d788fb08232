import { useLingui } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { type InstallPrompt, installPrompt } from './install-offer.ts'
import { useInstallPrompt } from './use-install-prompt.ts'

// 36 px: above the 24 px minimum target size, and as quiet as the header's other icon buttons
const installButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '9',
  height: '9',
  borderRadius: 'sm',
  color: 'primary',
  cursor: 'pointer',
  _hover: { bg: 'surface.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

function InstallIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 3v12m-5-5 5 5 5-5" />
      <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
    </svg>
  )
}

/**
 * A discreet button installing the app, shown while the browser offers installation
 * (`beforeinstallprompt`); none where the browser never offers it or the app runs installed.
 */
export function InstallAppButton(props: { source?: InstallPrompt }) {
  const source = props.source ?? installPrompt
  const { t } = useLingui()
  const state = useInstallPrompt(source)
  if (state === 'absent') return null
  const label = t`安装应用`
  return (
    <button
      type="button"
      className={installButton}
      aria-label={label}
      title={label}
      // invisible rather than removed while no offer is kept: its place never opens or closes
      // under the shopper's eyes (no layout shift), and it is out of the tab order and the
      // accessibility tree meanwhile
      style={state === 'offered' ? undefined : { visibility: 'hidden' }}
      onClick={() => void source.install()}
    >
      <InstallIcon />
    </button>
  )
}
