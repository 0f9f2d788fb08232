import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { InstallAppButton } from '../../../src/features/shell/install/install-app-button.tsx'
import { createInstallPrompt } from '../../../src/features/shell/install/install-offer.ts'
import { activateLanguage, i18n } from '../../../src/lib/i18n.ts'

/** A display-mode query answering `standalone`, switchable like a real MediaQueryList. */
function displayMode(standalone: boolean) {
  const query = new EventTarget() as EventTarget & { matches: boolean; media: string }
  query.matches = standalone
  query.media = '(display-mode: standalone)'
  return query
}

/** Makes the jsdom window look like Chromium: it knows `beforeinstallprompt` and display modes. */
function likeChromium(options: { standalone: boolean }) {
  Object.defineProperty(window, 'onbeforeinstallprompt', { value: null, configurable: true, writable: true })
  const query = displayMode(options.standalone)
  vi.stubGlobal('matchMedia', (media: string) => (media === query.media ? query : displayMode(false)))
  return query
}

/** The event Chromium fires when the app may be installed, with a dialog that reports `choice`. */
function offerInstall(choice: 'accepted' | 'dismissed' = 'dismissed') {
  const prompt = vi.fn(async () => ({ outcome: choice }))
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt })
  act(() => {
    window.dispatchEvent(event)
  })
  return { event, prompt }
}

function renderButton() {
  const source = createInstallPrompt(window)
  render(
    <I18nProvider i18n={i18n}>
      <InstallAppButton source={source} />
    </I18nProvider>,
  )
  return source
}

const installButton = () => screen.queryByRole('button', { name: '安装应用' })

beforeAll(async () => {
  await activateLanguage('zhCn')
})
beforeEach(() => {
  likeChromium({ standalone: false })
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(window, 'onbeforeinstallprompt')
})

describe('InstallAppButton', () => {
  it('is hidden until the browser offers installation', () => {
    renderButton()
    expect(installButton()).toBeNull()
  })

  it('shows after beforeinstallprompt, which no longer shows the browser’s own banner', () => {
    renderButton()
    const { event } = offerInstall()
    expect(event.defaultPrevented).toBe(true)
    const button = installButton()
    expect(button).not.toBeNull()
    expect(button?.getAttribute('title')).toBe('安装应用')
  })

  it('can be reached and pressed with the keyboard', () => {
    renderButton()
    offerInstall()
    const button = installButton()
    button?.focus()
    expect(document.activeElement).toBe(button)
    expect(button?.tagName).toBe('BUTTON')
  })

  it('opens the browser’s dialog on a click and hides, even when the shopper declines', async () => {
    renderButton()
    const { prompt } = offerInstall('dismissed')
    await act(async () => {
      fireEvent.click(installButton() as HTMLElement)
    })
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(installButton()).toBeNull()
  })

  it('keeps its place while hidden, so its appearing shifts nothing', () => {
    renderButton()
    const placeholder = screen.getByRole('button', { hidden: true })
    expect(placeholder.style.visibility).toBe('hidden')
    offerInstall()
    expect(screen.getByRole('button', { name: '安装应用' })).toBe(placeholder)
    expect(placeholder.style.visibility).toBe('')
  })

  it('is absent when the app runs installed (standalone display mode)', () => {
    likeChromium({ standalone: true })
    renderButton()
    offerInstall()
    expect(screen.queryByRole('button', { hidden: true })).toBeNull()
  })

  it('goes away when the app opens in its own window after an install from the browser tab', () => {
    const standalone = likeChromium({ standalone: false })
    renderButton()
    offerInstall()
    standalone.matches = true
    act(() => {
      standalone.dispatchEvent(new Event('change'))
    })
    expect(screen.queryByRole('button', { hidden: true })).toBeNull()
  })

  it('hides once the app is installed from the browser’s own menu', () => {
    renderButton()
    offerInstall()
    expect(installButton()).not.toBeNull()
    act(() => {
      window.dispatchEvent(new Event('appinstalled'))
    })
    expect(installButton()).toBeNull()
  })

  it('is absent in a browser that never offers installation this way', () => {
    Reflect.deleteProperty(window, 'onbeforeinstallprompt')
    renderButton()
    offerInstall()
    expect(screen.queryByRole('button', { hidden: true })).toBeNull()
  })

  it('names itself in Japanese and English', async () => {
    await activateLanguage('ja')
    const { unmount } = render(
      <I18nProvider i18n={i18n}>
        <InstallAppButton source={createInstallPrompt(window)} />
      </I18nProvider>,
    )
    offerInstall()
    expect(screen.getByRole('button', { name: 'アプリをインストール' })).not.toBeNull()
    unmount()
    await activateLanguage('en')
    renderButton()
    offerInstall()
    expect(screen.getByRole('button', { name: 'Install the app' })).not.toBeNull()
    await activateLanguage('zhCn')
  })
})
