/** Chromium's offer to install the app (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>
}

/**
 * What the install button does:
 * - `absent`: the browser never offers installation this way (Firefox, Safari) or the app already
 *   runs installed: no button at all;
 * - `waiting`: an offer may come (or was used, or the app got installed): the button keeps its
 *   place, invisible, so its appearing later moves nothing on the page;
 * - `offered`: the browser's offer is kept and the button shows.
 */
export type InstallPromptState = 'absent' | 'waiting' | 'offered'

export interface InstallPrompt {
  state(): InstallPromptState
  subscribe(onChange: () => void): () => void
  /** Opens the browser's install dialog; the offer is used up whatever the shopper chooses. */
  install(): Promise<void>
}

const STANDALONE = '(display-mode: standalone)'

/** Listens to `target` from now on: the browser may make its offer before any component mounts. */
export function createInstallPrompt(target: Window): InstallPrompt {
  const offersInstall = 'onbeforeinstallprompt' in target
  // jsdom and old engines have no matchMedia
  const standalone = target.matchMedia?.(STANDALONE)
  let offer: BeforeInstallPromptEvent | null = null
  const listeners = new Set<() => void>()

  const compute = (): InstallPromptState => {
    if (!offersInstall || standalone?.matches) return 'absent'
    return offer ? 'offered' : 'waiting'
  }
  let current = compute()
  const update = () => {
    const next = compute()
    if (next === current) return
    current = next
    for (const listener of listeners) listener()
  }

  target.addEventListener('beforeinstallprompt', (event) => {
    // no mini-infobar: the shopper installs from the discreet button when they want to
    event.preventDefault()
    offer = event as BeforeInstallPromptEvent
    update()
  })
  target.addEventListener('appinstalled', () => {
    offer = null
    update()
  })
  standalone?.addEventListener('change', update)

  return {
    state: () => current,
    subscribe(onChange) {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    async install() {
      const used = offer
      offer = null
      update()
      try {
        await used?.prompt()
      } catch {
        // the browser refused to show its dialog (an offer shown before): nothing is left to do
      }
    },
  }
}

/** The page's own listener, started by the entry (main.tsx) before the app's code is fetched. */
export const installPrompt: InstallPrompt = createInstallPrompt(window)
