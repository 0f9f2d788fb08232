import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { type UsZipDto, usZipQuery } from '../../../domain/address.ts'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { lookUpUsZip } from '../api/look-up-us-zip.ts'

/** Spec §9: remote look-ups wait 300 ms after the last key. */
export const ZIP_LOOKUP_DELAY_MS = 300

export type ZipLookup =
  | { state: 'idle' }
  | { state: 'looking'; zip: string }
  | { state: 'found'; place: UsZipDto }
  | { state: 'unknown'; zip: string }

/** The five-digit ZIP a postcode names (12345, 12345-6789, full-width digits), or undefined. */
export function usZipOf(postCode: string): string | undefined {
  const parsed = v.safeParse(usZipQuery, { zip: postCode })
  return parsed.success ? parsed.output.zip : undefined
}

/**
 * Looks up the state and city of a US ZIP as the shopper types it: `changed` after each edit of the
 * postcode (or of the country) waits ZIP_LOOKUP_DELAY_MS, `blurred` looks up at once. Only edits
 * start a look-up, so opening a saved address does not overwrite its state and city. The same ZIP is
 * looked up once; a newer ZIP cancels the call for an older one. `onFound` receives each place found.
 */
export function useUsZipLookup(onFound: (place: UsZipDto) => void) {
  const [lookup, setLookup] = useState<ZipLookup>({ state: 'idle' })
  const onFoundRef = useRef(onFound)
  onFoundRef.current = onFound
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pendingRef = useRef<string | undefined>(undefined)
  const lastRef = useRef<string | undefined>(undefined)
  const controllerRef = useRef<AbortController | undefined>(undefined)

  const stop = () => {
    clearTimeout(timerRef.current)
    pendingRef.current = undefined
  }

  useEffect(
    () => () => {
      clearTimeout(timerRef.current)
      controllerRef.current?.abort()
    },
    [],
  )

  const run = (zip: string) => {
    stop()
    if (zip === lastRef.current) return
    lastRef.current = zip
    controllerRef.current?.abort()
    const controller = new AbortController()
    controllerRef.current = controller
    setLookup({ state: 'looking', zip })
    lookUpUsZip(zip, { systemNotify: false, signal: controller.signal }).then(
      (place) => {
        if (controller.signal.aborted) return
        setLookup({ state: 'found', place })
        onFoundRef.current(place)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        const unknown =
          error instanceof ApiFailure && error.kind === 'server' && error.code === ResultCode.notFound
        // Offline or a server fault: say nothing, the shopper fills the state and city by hand;
        // the next edit or blur tries again.
        if (!unknown) lastRef.current = undefined
        setLookup(unknown ? { state: 'unknown', zip } : { state: 'idle' })
      },
    )
  }

  /** The postcode or the country changed. */
  const changed = (postCode: string, isUnitedStates: boolean) => {
    stop()
    const zip = isUnitedStates ? usZipOf(postCode) : undefined
    if (zip === undefined) {
      controllerRef.current?.abort()
      lastRef.current = undefined
      setLookup({ state: 'idle' })
      return
    }
    if (zip === lastRef.current) return // 90210 → 90210-1234: the same place
    pendingRef.current = zip
    timerRef.current = setTimeout(() => run(zip), ZIP_LOOKUP_DELAY_MS)
  }

  /** The postcode lost focus: a look-up still waiting for its delay runs now. */
  const blurred = () => {
    if (pendingRef.current !== undefined) run(pendingRef.current)
  }

  return { lookup, changed, blurred }
}
