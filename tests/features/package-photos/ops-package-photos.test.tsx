import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { PackagePhotoDto } from '../../../src/domain/package-photos.ts'
import type { OpsPackageApplyDto, PackageDto } from '../../../src/domain/packaging.ts'
import { abortAllRequests } from '../../../src/lib/api-client.ts'
import { LANGUAGE_STORAGE_KEY } from '../../../src/lib/i18n.ts'
import { dismissAllToasts } from '../../../src/lib/toast.ts'
import { ok } from '../support/catalog-fixtures.ts'
import { server } from '../support/msw-server.ts'
import { renderApp } from '../support/render-app.tsx'
import { signIn, startupHandlers } from '../support/signed-in.ts'

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

const box: PackageDto = {
  id: 61,
  applyId: 40,
  packageNo: 'P261200061',
  status: 3,
  weightG: 1234,
  lengthMm: 300,
  widthMm: 200,
  heightMm: 100,
  billedWeightG: 1250,
  shippingMethodId: null,
  shippingCost: null,
  amount: 12000,
  contents: [],
  trackingNo: null,
  carrier: null,
  freeStorageUntil: '2027-01-04',
  feeDue: '2026-12-12',
  deadlineState: 'onTime',
  createTime: '2026-12-05T03:04:00.000Z',
  address: {},
  applyEstimate: null,
}

const packedApply: OpsPackageApplyDto = {
  id: 40,
  createTime: '2026-12-01T03:04:00.000Z',
  status: 3,
  orderIds: [],
  lines: [],
  productCount: 0,
  barcodes: [],
  weightG: 1234,
  billedWeightG: 1250,
  arrivedAt: '2026-11-20',
  freeStorageUntil: '2027-01-04',
  shippingMethodId: null,
  remark: '',
  packageIds: [61],
  userId: 42,
  userEmail: 'sakura@example.com',
  address: { firstName: '樱', lastName: '木之本', telephone: '+886 912 345 678', country: '中国台湾' },
  packages: [box],
}

const photoOf = (id: number): PackagePhotoDto => ({
  id,
  url: `/api/package-photos/61/${'b'.repeat(23)}${id}-1280.webp?expires=9999999999&signature=l${id}`,
  thumbnailUrl: `/api/package-photos/61/${'b'.repeat(23)}${id}-320.webp?expires=9999999999&signature=t${id}`,
  width: 1600,
  height: 1200,
})

/** The packing room of a packed request whose box's photos are `photos`, changed by the calls it hears. */
function servePackingRoom(photos: PackagePhotoDto[]) {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  const heard = { uploads: 0, deleted: [] as number[] }
  let list = [...photos]
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/ops/shipping-methods', () => ok({ methods: [] })),
    http.get('*/api/ops/package-applies/40', () => ok(packedApply)),
    http.get('*/api/ops/packages/61/photos', () => ok({ list })),
    http.post('*/api/ops/packages/61/photos', () => {
      heard.uploads += 1
      const added = photoOf(100 + heard.uploads)
      list = [...list, added]
      return ok(added)
    }),
    http.delete('*/api/ops/packages/61/photos/:photoId', ({ params }) => {
      heard.deleted.push(Number(params.photoId))
      list = list.filter((photo) => photo.id !== Number(params.photoId))
      return HttpResponse.json({ code: 200, msg: 'success', data: null })
    }),
  )
  return heard
}

async function photosOfBox(): Promise<HTMLElement> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zhCn')
  await renderApp('/ops/packing/40')
  const heading = await screen.findByRole('heading', { name: '包裹 P261200061 的照片' }, { timeout: 8000 })
  return heading.closest('section') as HTMLElement
}

describe('photos of a packed box in the packing room', () => {
  it('takes photos with the camera or the file picker, sends each, and names a refused file', async () => {
    const heard = servePackingRoom([photoOf(1)])
    const section = await photosOfBox()
    expect(await within(section).findByRole('img', { name: '包裹 P261200061 的照片 1' })).toBeTruthy()
    const input = within(section).getByLabelText('为包裹 P261200061 拍照或选择照片') as HTMLInputElement
    expect(input.type).toBe('file')
    expect(input.accept).toBe('image/*')
    expect(input.getAttribute('capture')).toBe('environment')
    expect(input.multiple).toBe(true)
    expect(within(section).getByRole('button', { name: '拍照 / 添加照片' })).toBeTruthy()

    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'box-top.jpg', { type: 'image/jpeg' })
    const notes = new File(['not a picture'], 'notes.txt', { type: 'text/plain' })
    fireEvent.change(input, { target: { files: [photo, notes] } })

    expect(await within(section).findByText('notes.txt：只能上传 JPEG、PNG、WebP 或 AVIF 图片')).toBeTruthy()
    expect(await within(section).findByRole('img', { name: '包裹 P261200061 的照片 2' })).toBeTruthy()
    expect(heard.uploads).toBe(1)
  }, 20_000)

  it('deletes a photo from its button', async () => {
    const heard = servePackingRoom([photoOf(1), photoOf(2)])
    const section = await photosOfBox()
    fireEvent.click(await within(section).findByRole('button', { name: '删除照片 2' }))
    await waitFor(() => expect(heard.deleted).toEqual([2]))
    await waitFor(() =>
      expect(within(section).queryByRole('img', { name: '包裹 P261200061 的照片 2' })).toBeNull(),
    )
    expect(within(section).getByRole('img', { name: '包裹 P261200061 的照片 1' })).toBeTruthy()
  }, 20_000)
})
