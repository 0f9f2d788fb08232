import { useSyncExternalStore } from 'react'
import { type InstallPrompt, type InstallPromptState, installPrompt } from './install-offer.ts'

export function useInstallPrompt(source: InstallPrompt = installPrompt): InstallPromptState {
  return useSyncExternalStore(source.subscribe, source.state)
}
