import { useEffect, useState } from 'react'
import type { PackageStatus } from '../../../domain/package-status.ts'
import { MAX_PAGE_SIZE } from '../../../domain/queries.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { listPackages } from '../../shipping/api/list-packages.ts'

/** What a fee's row shows of its package: its number and page, and whether it is locked. */
export interface FeePackage {
  id: number
  applyId: number
  packageNo: string
  status: PackageStatus
}

/**
 * The packages the fees are charged on, found among the shopper's packages (a fee names its package
 * by id only, and the package's page is addressed by its application too). Read once per set of
 * packages; until then, or when a package is not found, the rows fall back to the package list.
 */
export function useFeePackages(packageIds: readonly number[]): ReadonlyMap<number, FeePackage> {
  const language = useLanguage()
  const [packages, setPackages] = useState<ReadonlyMap<number, FeePackage>>(new Map())
  const wanted = [...new Set(packageIds)].sort((a, b) => a - b).join(',')
  useEffect(() => {
    if (wanted === '') return
    let live = true
    listPackages({ pageNum: 1, pageSize: MAX_PAGE_SIZE, language }).then(
      (page) => {
        if (!live) return
        const ids = new Set(wanted.split(',').map(Number))
        const found = page.list.filter((pkg) => ids.has(pkg.id))
        setPackages(
          new Map(
            found.map((pkg) => [
              pkg.id,
              { id: pkg.id, applyId: pkg.applyId, packageNo: pkg.packageNo, status: pkg.status },
            ]),
          ),
        )
      },
      // the rows keep their fallback link: nothing to tell the shopper
      () => {},
    )
    return () => {
      live = false
    }
  }, [wanted, language])
  return packages
}
