import { useState } from 'react'
import { type Download, saveFile } from '../../../lib/api-download.ts'
import { refusalText } from '../taxonomy/taxonomy-text.ts'
import { importPhraseText } from './import-text.ts'

/**
 * One download at a time from a row of buttons: which one is under way (its key), and why the last
 * one failed, in words.
 */
export function useFileDownload() {
  const [busyKey, setBusyKey] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const download = async (key: string, fetchFile: () => Promise<Download>, fallbackName: string) => {
    setBusyKey(key)
    setFailure(undefined)
    try {
      saveFile(await fetchFile(), fallbackName)
    } catch (error) {
      // a refusal (too many products for one file, …) in the import's words
      setFailure(refusalText(error, importPhraseText))
    } finally {
      setBusyKey(undefined)
    }
  }
  return { busyKey, failure, download }
}
