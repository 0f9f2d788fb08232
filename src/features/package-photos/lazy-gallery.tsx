import { Trans } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { muted, section, sectionTitle } from '../shipping/components/package-look.ts'

/*
 * The package page's photo section. The gallery and its viewer are their own chunk, fetched when the
 * package page draws them: nothing of it is in the first load or in the package page's own chunk.
 */

const PackagePhotoGallery = lazy(() =>
  import('./components/package-photo-gallery.tsx').then((module) => ({
    default: module.PackagePhotoGallery,
  })),
)

/** "Photos of the box" with the staff's photos of it, as the shopper sees them before paying the fee. */
export function PackagePhotosSection({ packageId, packageNo }: { packageId: number; packageNo: string }) {
  return (
    <section className={section} aria-labelledby="package-photos-title">
      <h2 id="package-photos-title" className={sectionTitle}>
        <Trans>包裹照片</Trans>
      </h2>
      <Suspense
        fallback={
          <p className={muted} role="status">
            <Trans>正在读取包裹照片…</Trans>
          </p>
        }
      >
        <PackagePhotoGallery packageId={packageId} packageNo={packageNo} />
      </Suspense>
    </section>
  )
}
