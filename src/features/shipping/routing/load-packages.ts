import type { Language } from '../../../domain/language.ts'
import type { PackageDto } from '../../../domain/packaging.ts'
import { DEFAULT_PAGE_SIZE, type Page } from '../../../domain/queries.ts'
import { isNotFoundFailure } from '../../catalog/routing/load-failure.ts'
import { listPackages } from '../api/list-packages.ts'
import { getPackageDetail } from '../api/package-detail.ts'
import type { PackageListSearch } from './package-list-search.ts'

/*
 * The package pages' loaders. A failure is part of the answer rather than thrown: the page shows it with
 * a way to try again (an error component on these routes would travel in every first load).
 */

export type Loaded<T> = { kind: 'ok'; data: T } | { kind: 'notFound' } | { kind: 'error'; error: unknown }

/** Loader of /package/list: the page under the filter in the address. */
export async function loadPackageList(
  search: PackageListSearch,
  language: Language,
): Promise<Loaded<Page<PackageDto>>> {
  try {
    const page = await listPackages({
      pageNum: search.pageNum,
      pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
      applyId: search.applyId,
      barcode: search.barcode,
      packageNo: search.packageNo,
      status: search.status,
      language,
    })
    return { kind: 'ok', data: page }
  } catch (error) {
    return { kind: 'error', error }
  }
}

/** An id as the address spells it, or undefined when it cannot be one. */
const idOf = (param: string): number | undefined => (/^[1-9]\d{0,8}$/.test(param) ? Number(param) : undefined)

/** Loader of /package/product/$applyId/$boxId: another shopper's package, or none, is not found. */
export async function loadPackageDetail(
  applyParam: string,
  boxParam: string,
  language: Language,
): Promise<Loaded<PackageDto>> {
  const applyId = idOf(applyParam)
  const packageId = idOf(boxParam)
  if (applyId === undefined || packageId === undefined) return { kind: 'notFound' }
  try {
    return { kind: 'ok', data: await getPackageDetail(applyId, packageId, language) }
  } catch (error) {
    if (isNotFoundFailure(error)) return { kind: 'notFound' }
    return { kind: 'error', error }
  }
}
