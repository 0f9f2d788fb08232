import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BannerDto } from '../../src/domain/catalog.ts'
import type { MediaImageDto } from '../../src/domain/media.ts'
import { BannerCarousel, CAROUSEL_INTERVAL_MS } from '../../src/features/home/components/banner-carousel.tsx'
import { activateLanguage, i18n } from '../../src/lib/i18n.ts'

const banners: BannerDto[] = [
  { id: 1, name: '冬季预订会', imgUrl: '/media/banners/winter.jpg', jumpUrl: 'https://shop.example/winter' },
  { id: 2, name: '新品速递', imgUrl: '/media/banners/new.jpg', jumpUrl: '/product-new/list' },
  { id: 3, name: '会员日', imgUrl: '/media/banners/member.jpg', jumpUrl: null },
]

function renderCarousel(list: BannerDto[] = banners) {
  return render(
    <I18nProvider i18n={i18n}>
      <BannerCarousel banners={list} />
    </I18nProvider>,
  )
}

/** The slide on show: the one group not hidden. */
function shownSlide(): HTMLElement {
  const visible = screen.getAllByRole('group').filter((slide) => !slide.hidden)
  expect(visible).toHaveLength(1)
  return visible[0] as HTMLElement
}

const elapse = (ms: number) => act(() => vi.advanceTimersByTime(ms))

function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }))
}

beforeEach(async () => {
  await activateLanguage('zhCn')
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('banner carousel', () => {
  it('is a carousel of labelled slides and moves on every 6000 ms, round to the first', () => {
    renderCarousel()
    const carousel = screen.getByRole('region', { name: '活动横幅' })
    expect(carousel.getAttribute('aria-roledescription')).toBe('轮播')
    expect(CAROUSEL_INTERVAL_MS).toBe(6000)
    expect(shownSlide().getAttribute('aria-label')).toBe('1 / 3')
    expect(shownSlide().getAttribute('aria-roledescription')).toBe('幻灯片')

    elapse(5999)
    expect(shownSlide().getAttribute('aria-label')).toBe('1 / 3')
    elapse(1)
    expect(shownSlide().getAttribute('aria-label')).toBe('2 / 3')
    elapse(6000)
    expect(shownSlide().getAttribute('aria-label')).toBe('3 / 3')
    elapse(6000)
    expect(shownSlide().getAttribute('aria-label')).toBe('1 / 3')
  })

  it('opens each slide’s jump URL in a new tab, and shows a slide without one as its image only', () => {
    renderCarousel()
    const first = within(shownSlide()).getByRole('link', { name: /冬季预订会/ })
    expect(first.getAttribute('href')).toBe('https://shop.example/winter')
    expect(first.getAttribute('target')).toBe('_blank')
    expect(first.getAttribute('rel')).toContain('noopener')
    expect(within(first).getByRole('img', { name: '冬季预订会' }).getAttribute('src')).toBe(
      '/media/banners/winter.jpg',
    )

    fireEvent.click(screen.getByRole('button', { name: '第 3 张' }))
    const third = shownSlide()
    expect(within(third).queryByRole('link')).toBeNull()
    expect(within(third).getByRole('img', { name: '会员日' })).toBeTruthy()
  })

  it('moves with the arrows and the dots, both ways round', () => {
    renderCarousel()
    const next = screen.getByRole('button', { name: '下一张' })
    const previous = screen.getByRole('button', { name: '上一张' })

    fireEvent.click(next)
    expect(shownSlide().getAttribute('aria-label')).toBe('2 / 3')
    expect(screen.getByRole('button', { name: '第 2 张' }).getAttribute('aria-current')).toBe('true')
    fireEvent.click(previous)
    fireEvent.click(previous)
    expect(shownSlide().getAttribute('aria-label')).toBe('3 / 3')
    fireEvent.click(next)
    expect(shownSlide().getAttribute('aria-label')).toBe('1 / 3')
    fireEvent.click(screen.getByRole('button', { name: '第 2 张' }))
    expect(shownSlide().getAttribute('aria-label')).toBe('2 / 3')
    expect(screen.getByRole('button', { name: '第 1 张' }).getAttribute('aria-current')).toBeNull()
  })

  it('waits while the pointer is over it and goes on when it leaves', () => {
    renderCarousel()
    const carousel = screen.getByRole('region', { name: '活动横幅' })
    fireEvent.mouseEnter(carousel)
    elapse(3 * CAROUSEL_INTERVAL_MS)
    expect(shownSlide().getAttribute('aria-label')).toBe('1 / 3')

    fireEvent.mouseLeave(carousel)
    elapse(CAROUSEL_INTERVAL_MS)
    expect(shownSlide().getAttribute('aria-label')).toBe('2 / 3')
  })

  it('waits while keyboard focus is inside, and then announces the slides the shopper moves to', () => {
    renderCarousel()
    const live = shownSlide().parentElement as HTMLElement
    expect(live.getAttribute('aria-live')).toBe('off')

    const next = screen.getByRole('button', { name: '下一张' })
    fireEvent.focus(next)
    expect(live.getAttribute('aria-live')).toBe('polite')
    elapse(2 * CAROUSEL_INTERVAL_MS)
    expect(shownSlide().getAttribute('aria-label')).toBe('1 / 3')

    fireEvent.blur(next, { relatedTarget: document.body })
    elapse(CAROUSEL_INTERVAL_MS)
    expect(shownSlide().getAttribute('aria-label')).toBe('2 / 3')
  })

  it('can be stopped and started again with its button', () => {
    renderCarousel()
    fireEvent.click(screen.getByRole('button', { name: '停止轮播' }))
    // the click left the pointer outside: only the button holds it still
    fireEvent.mouseLeave(screen.getByRole('region', { name: '活动横幅' }))
    fireEvent.blur(screen.getByRole('button', { name: '开始轮播' }), { relatedTarget: document.body })
    elapse(2 * CAROUSEL_INTERVAL_MS)
    expect(shownSlide().getAttribute('aria-label')).toBe('1 / 3')

    fireEvent.click(screen.getByRole('button', { name: '开始轮播' }))
    fireEvent.blur(screen.getByRole('button', { name: '停止轮播' }), { relatedTarget: document.body })
    elapse(CAROUSEL_INTERVAL_MS)
    expect(shownSlide().getAttribute('aria-label')).toBe('2 / 3')
  })

  it('does not move by itself when the shopper prefers reduced motion', () => {
    preferReducedMotion()
    renderCarousel()
    expect(screen.queryByRole('button', { name: '停止轮播' })).toBeNull()
    elapse(3 * CAROUSEL_INTERVAL_MS)
    expect(shownSlide().getAttribute('aria-label')).toBe('1 / 3')
    fireEvent.click(screen.getByRole('button', { name: '下一张' }))
    expect(shownSlide().getAttribute('aria-label')).toBe('2 / 3')
  })

  it('shows a single banner without arrows, dots or rotation, and nothing for none', () => {
    const { unmount } = renderCarousel(banners.slice(0, 1))
    expect(shownSlide().getAttribute('aria-label')).toBe('1 / 1')
    expect(screen.queryByRole('button')).toBeNull()
    unmount()

    renderCarousel([])
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('draws an uploaded banner as AVIF and WebP at the page width over its placeholder, the first one first', () => {
    const upload: MediaImageDto = {
      id: 5,
      width: 1200,
      height: 320,
      placeholder: 'data:image/webp;base64,UklGRg',
      variants: [
        { width: 1200, format: 'avif', url: '/media/m/winter-1200.avif' },
        { width: 640, format: 'avif', url: '/media/m/winter-640.avif' },
        { width: 640, format: 'webp', url: '/media/m/winter-640.webp' },
        { width: 1200, format: 'webp', url: '/media/m/winter-1200.webp' },
      ],
    }
    const [winter, ...others] = banners as [BannerDto, ...BannerDto[]]
    renderCarousel([{ ...winter, imgUrl: '/media/m/winter-1200.webp', image: upload }, ...others])

    const image = within(shownSlide()).getByRole('img', { name: '冬季预订会' }) as HTMLImageElement
    const sources = [...(image.closest('picture') as HTMLElement).querySelectorAll('source')].map(
      (source) => [source.getAttribute('type'), source.getAttribute('srcset'), source.getAttribute('sizes')],
    )
    expect(sources).toEqual([
      ['image/avif', '/media/m/winter-640.avif 640w, /media/m/winter-1200.avif 1200w', '100vw'],
      ['image/webp', '/media/m/winter-640.webp 640w, /media/m/winter-1200.webp 1200w', '100vw'],
    ])
    expect(image.getAttribute('src')).toBe('/media/m/winter-640.webp')
    // its own proportions, so the box is reserved before it arrives
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1200', '320'])
    expect(image.style.backgroundImage).toContain('data:image/webp;base64,UklGRg')
    // the page's largest paint, alone at high priority
    expect(image.getAttribute('loading')).toBe('eager')
    expect(image.getAttribute('fetchpriority')).toBe('high')

    // a seeded banner keeps its plain picture; a hidden slide waits until it is shown
    const hidden = screen.getAllByRole('img', { hidden: true }).filter((img) => img !== image)
    expect(hidden.map((img) => img.closest('picture'))).toEqual([null, null])
    expect(hidden.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['lazy', null],
      ['lazy', null],
    ])
    expect(document.querySelectorAll('[fetchpriority="high"]')).toHaveLength(1)
  })
})
