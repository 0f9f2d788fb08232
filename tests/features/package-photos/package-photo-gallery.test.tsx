import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { shopDate } from '../../../src/domain/dates.ts'
import { addDays } from '../../../src/domain/deadlines.ts'
import type { PackagePhotoDto, PackagePhotoListDto } from '../../../src/domain/package-photos.ts'
import type { PackageDto, TrackingDto } from '../../../src/domain/packaging.ts'
import { abortAllRequests } from '../../../src/lib/api-client.ts'
import { dismissAllToasts } from '../../../src/lib/toast.ts'
import { failed, ok } from '../support/catalog-fixtures.ts'
import { server } from '../support/msw-server.ts'
import { renderApp } from '../support/render-app.tsx'
import { signIn, startupHandlers } from '../support/signed-in.ts'

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

const today = shopDate(new Date()) ?? ''

/** A packed box awaiting its shipping fee. */
const packed: PackageDto = {
  id: 31,
  applyId: 12,
  packageNo: 'P2611250031',
  status: 3,
  weightG: 1420,
  lengthMm: 300,
  widthMm: 200,
  heightMm: 150,
  billedWeightG: 1500,
  shippingMethodId: null,
  shippingCost: null,
  amount: 25_600,
  contents: [],
  trackingNo: null,
  carrier: null,
  freeStorageUntil: addDays(today, 5),
  feeDue: addDays(today, 5),
  deadlineState: 'onTime',
  createTime: '2026-11-23T02:00:00.000Z',
  address: { firstName: '樱', lastName: '木之本', telephone: '+852 5555 0101', country: '中国香港' },
  applyEstimate: null,
}

const noTracking: TrackingDto = { packageId: 31, trackingNo: null, carrier: null, url: null, shippedAt: null }

const photoOf = (id: number): PackagePhotoDto => ({
  id,
  url: `/api/package-photos/31/${'a'.repeat(23)}${id}-1280.webp?expires=9999999999&signature=large${id}`,
  thumbnailUrl: `/api/package-photos/31/${'a'.repeat(23)}${id}-320.webp?expires=9999999999&signature=thumb${id}`,
  width: 1600,
  height: 1200,
})

/** The package page's calls, with the box's photos answered from `photos` (or failing). */
function servePackage(photos: PackagePhotoListDto | 'fails') {
  signIn()
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/package/detail/:applyId/:boxId', () => ok(packed)),
    http.get('*/api/mall/package/tracking/:packageId', () => ok(noTracking)),
    http.get('*/api/mall/package/photos/:packageId', ({ params }) =>
      photos === 'fails' || Number(params.packageId) !== packed.id
        ? failed(500, 'Internal error; please try again later')
        : ok(photos),
    ),
  )
}

async function photoSection(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: '包裹照片' }, { timeout: 8000 })
  return heading.closest('section') as HTMLElement
}

const shownImage = () => within(screen.getByRole('dialog')).getByRole('img') as HTMLImageElement
const key = (name: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key: name })

describe('photos of the box on the package page', () => {
  it('shows the thumbnails; one (a button: click or Enter) opens the large photo, keys zoom and move, Escape gives focus back', async () => {
    servePackage({ list: [photoOf(1), photoOf(2), photoOf(3)] })
    await renderApp('/package/product/12/31')
    const section = await photoSection()
    const list = await within(section).findByRole('list', { name: '包裹 P2611250031 的照片' })
    const thumbnails = within(list).getAllByRole('button')
    expect(thumbnails.map((button) => button.getAttribute('aria-label'))).toEqual([
      '查看第 1 张照片（共 3 张）',
      '查看第 2 张照片（共 3 张）',
      '查看第 3 张照片（共 3 张）',
    ])
    expect(list.querySelectorAll('img')[1]?.getAttribute('src')).toBe(photoOf(2).thumbnailUrl)

    const second = thumbnails[1] as HTMLElement
    second.focus()
    // A button opens on Enter by itself; the click is what the browser then fires.
    fireEvent.click(second)
    const dialog = await screen.findByRole('dialog', { name: '包裹 P2611250031 的照片' })
    expect(shownImage().getAttribute('src')).toBe(photoOf(2).url)
    expect(shownImage().getAttribute('alt')).toBe('包裹 P2611250031 的第 2 张照片')
    expect(within(dialog).getByText('第 2 / 3 张 · 100%')).toBeTruthy()

    key('+')
    key('+')
    expect(within(dialog).getByText('第 2 / 3 张 · 200%')).toBeTruthy()
    key('-')
    expect(within(dialog).getByText('第 2 / 3 张 · 150%')).toBeTruthy()

    key('ArrowRight')
    expect(shownImage().getAttribute('src')).toBe(photoOf(3).url)
    expect(within(dialog).getByText('第 3 / 3 张 · 100%')).toBeTruthy()
    key('ArrowRight')
    expect(shownImage().getAttribute('src')).toBe(photoOf(3).url)
    key('ArrowLeft')
    key('ArrowLeft')
    expect(shownImage().getAttribute('src')).toBe(photoOf(1).url)
    expect((within(dialog).getByRole('button', { name: '← 上一张' }) as HTMLButtonElement).disabled).toBe(
      true,
    )

    fireEvent.click(within(dialog).getByRole('button', { name: '放大' }))
    expect(within(dialog).getByText('第 1 / 3 张 · 150%')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '缩小' }))
    expect(within(dialog).getByText('第 1 / 3 张 · 100%')).toBeTruthy()

    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(second)
  }, 20_000)

  it('says there are no photos yet when the staff have taken none', async () => {
    servePackage({ list: [] })
    await renderApp('/package/product/12/31')
    const section = await photoSection()
    expect(await within(section).findByText('还没有照片。仓库打包后会在这里放上包裹的照片。')).toBeTruthy()
    expect(within(section).queryByRole('list')).toBeNull()
  }, 20_000)

  it('says when the photos cannot be read, and reads them again on Retry', async () => {
    servePackage('fails')
    await renderApp('/package/product/12/31')
    const section = await photoSection()
    expect(await within(section).findByText('无法读取包裹照片')).toBeTruthy()
    servePackage({ list: [photoOf(7)] })
    fireEvent.click(within(section).getByRole('button', { name: '重试' }))
    expect(await within(section).findByRole('button', { name: '查看第 1 张照片（共 1 张）' })).toBeTruthy()
  }, 20_000)
})
