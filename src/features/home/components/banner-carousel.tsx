import { Trans, useLingui } from '@lingui/react/macro'
import { type FocusEvent, useEffect, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import type { BannerDto } from '../../../domain/catalog.ts'
import { BANNER_IMAGE_SIZES } from '../../../domain/media.ts'
import { useMediaQuery } from '../../../lib/use-media-query.ts'
import { MediaPicture } from '../../catalog/components/product-image.tsx'

/** Spec §9: the carousel moves on every 6000 ms. */
export const CAROUSEL_INTERVAL_MS = 6000
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

const root = css({
  position: 'relative',
  // spec §9: a container of height class h-320 (320px). Narrower screens keep the banners' own shape
  // (designed 1200 × 320) rather than cut their sides off.
  height: { base: 'auto', md: '320px' },
  aspectRatio: { base: '15 / 4', md: 'auto' },
  borderRadius: 'md',
  overflow: 'hidden',
  bg: 'surface.muted',
  // arrows show on hover (spec §2) and whenever focus is inside, so keyboard users see them too;
  // a touch screen has no hover, so there they always show
  '&:hover [data-arrow], &:focus-within [data-arrow]': { opacity: 1 },
  '@media (hover: none)': { '& [data-arrow]': { opacity: 1 } },
})
const slides = css({ height: 'full' })
const slide = css({ height: 'full', '&[hidden]': { display: 'none' } })
const slideLink = css({
  display: 'block',
  height: 'full',
  _focusVisible: { outline: '3px solid', outlineColor: 'secondary', outlineOffset: '-3px' },
})
const image = css({ width: 'full', height: 'full', objectFit: 'cover' })
const control = css({
  position: 'absolute',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  bg: 'rgba(15, 23, 42, 0.55)',
  color: 'white',
  cursor: 'pointer',
  zIndex: 1,
  _hover: { bg: 'rgba(15, 23, 42, 0.8)' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px', opacity: 1 },
})
const arrow = css({
  top: '50%',
  transform: 'translateY(-50%)',
  width: '10',
  height: '10',
  borderRadius: 'full',
  fontSize: 'xl',
  lineHeight: '1',
  opacity: 0,
  transition: 'opacity 0.2s',
})
const previousArrow = css({ left: '3' })
const nextArrow = css({ right: '3' })
// At least 32 px (WCAG target size). A phone's banner is short: there it sits top centre, clear of the
// arrows at the sides and the dots at the bottom; from md up, top right.
const rotationButton = css({
  top: { base: '1.5', md: '3' },
  left: { base: '50%', md: 'auto' },
  right: { base: 'auto', md: '3' },
  transform: { base: 'translateX(-50%)', md: 'none' },
  width: '8',
  height: '8',
  borderRadius: 'full',
  fontSize: '2xs',
  letterSpacing: '-0.1em',
})
const dots = css({
  position: 'absolute',
  bottom: '1',
  left: '50%',
  transform: 'translateX(-50%)',
  display: 'flex',
  zIndex: 1,
})
// a 24 px target (WCAG target size) around the 12 px dot it shows
const dot = css({
  width: '6',
  height: '6',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'full',
  cursor: 'pointer',
  _before: {
    content: '""',
    width: '3',
    height: '3',
    borderRadius: 'full',
    bg: 'rgba(255, 255, 255, 0.6)',
    border: '1px solid rgba(15, 23, 42, 0.4)',
  },
  '&[aria-current=true]::before': { bg: 'secondary', borderColor: 'white' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '-2px' },
})
const srOnly = css({ srOnly: true })

/**
 * The first banner is the page's largest paint: fetched first. The others wait until shown: loading
 * them with the page doubled its blocking time on a phone (Lighthouse TBT 160 → 350 ms).
 */
function BannerImage({ banner, first }: { banner: BannerDto; first: boolean }) {
  return (
    <MediaPicture
      className={image}
      image={banner.image}
      src={banner.imgUrl}
      alt={banner.name}
      sizes={BANNER_IMAGE_SIZES}
      load={first ? 'lcp' : 'lazy'}
      width={1200}
      height={320}
    />
  )
}

/**
 * The home banners (spec §2): one image at a time, moving on every CAROUSEL_INTERVAL_MS, each opening
 * its jump URL in a new tab. Built as the WAI-ARIA carousel: rotation stops while the pointer or the
 * keyboard focus is inside and can be stopped for good with its button; nothing moves by itself when
 * the shopper asked for reduced motion; the slide is announced only when the shopper moved it.
 */
export function BannerCarousel({ banners }: { banners: BannerDto[] }) {
  const { t } = useLingui()
  const reducedMotion = useMediaQuery(REDUCED_MOTION)
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  // the shopper's own choice with the rotation button, unlike the pause while hovered or focused
  const [stopped, setStopped] = useState(false)
  const count = banners.length
  const current = count === 0 ? 0 : index % count
  const canRotate = count > 1 && !reducedMotion
  const rotating = canRotate && !stopped && !hovered && !focused

  // A fresh interval for every slide shown, so one the shopper just picked stays its full time.
  useEffect(() => {
    if (!rotating) return
    const timer = setTimeout(() => setIndex((current + 1) % count), CAROUSEL_INTERVAL_MS)
    return () => clearTimeout(timer)
  }, [rotating, current, count])

  if (count === 0) return null

  const show = (next: number) => setIndex((next + count) % count)
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
      setFocused(false)
    }
  }

  return (
    <section
      className={root}
      aria-roledescription={t`轮播`}
      aria-label={t`活动横幅`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {canRotate ? (
        <button
          type="button"
          className={cx(control, rotationButton)}
          aria-label={stopped ? t`开始轮播` : t`停止轮播`}
          onClick={() => setStopped((value) => !value)}
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
      ) : null}
      {/* a slide that moves by itself is not read out; one the shopper moved is */}
      <div className={slides} aria-live={rotating ? 'off' : 'polite'}>
        {banners.map((banner, position) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel's slide is a group; a fieldset is for form controls
          <div
            key={banner.id}
            className={slide}
            role="group"
            aria-roledescription={t`幻灯片`}
            aria-label={`${position + 1} / ${count}`}
            hidden={position !== current}
          >
            {banner.jumpUrl ? (
              <a className={slideLink} href={banner.jumpUrl} target="_blank" rel="noopener noreferrer">
                <BannerImage banner={banner} first={position === 0} />
                <span className={srOnly}>
                  <Trans>（在新标签页中打开）</Trans>
                </span>
              </a>
            ) : (
              <BannerImage banner={banner} first={position === 0} />
            )}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            data-arrow=""
            className={cx(control, arrow, previousArrow)}
            aria-label={t`上一张`}
            onClick={() => show(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            data-arrow=""
            className={cx(control, arrow, nextArrow)}
            aria-label={t`下一张`}
            onClick={() => show(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
          <div className={dots}>
            {banners.map((banner, position) => {
              const number = position + 1
              return (
                <button
                  key={banner.id}
                  type="button"
                  className={dot}
                  aria-label={t`第 ${number} 张`}
                  aria-current={position === current ? 'true' : undefined}
                  onClick={() => show(position)}
                />
              )
            })}
          </div>
        </>
      ) : null}
    </section>
  )
}
