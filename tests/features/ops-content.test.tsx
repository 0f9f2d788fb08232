import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { OpsAnnouncementDto, OpsBannerDto } from '../../src/domain/content-ops.ts'
import type { StaffMeDto } from '../../src/domain/staff.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { LANGUAGE_STORAGE_KEY } from '../../src/lib/i18n.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

const pageLoad = { timeout: 5000 }

function contentOperator() {
  signIn({
    sub: '9',
    sid: 'session-content',
    kind: 'operator',
    role: null,
    nickname: '编辑',
    wechat: 'other',
  })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/ops/me', () =>
      ok<StaffMeDto>({
        id: 9,
        email: 'content@example.com',
        nickname: '编辑',
        permissions: ['content'],
        mustChangePassword: false,
      }),
    ),
  )
}

const banner = (id: number, name: string, overrides: Partial<OpsBannerDto> = {}): OpsBannerDto => ({
  id,
  name,
  image: 100 + id,
  imgUrl: `/media/m/banner-${id}-1280.webp`,
  jumpUrl: null,
  sort: id,
  startAt: null,
  endAt: null,
  active: true,
  updatedAt: '2026-11-20T03:04:00.000Z',
  ...overrides,
})

async function open(path: string) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zhCn')
  return renderApp(path)
}

describe('the content room', () => {
  it('lists the banners with their schedule and state, and reorders them with the keyboard', async () => {
    contentOperator()
    let banners = [
      banner(1, '冬季', { endAt: '2020-01-01T00:00:00.000Z' }),
      banner(2, '新品', { jumpUrl: '/product-new', startAt: '2099-01-01T01:00:00.000Z' }),
      banner(3, '会员日', { active: false }),
    ]
    const orders: number[][] = []
    server.use(
      http.get('*/api/ops/banners', () => ok(banners)),
      http.put('*/api/ops/banners/order', async ({ request }) => {
        const { ids } = (await request.json()) as { ids: number[] }
        orders.push(ids)
        banners = ids.map((id, sort) => ({ ...(banners.find((b) => b.id === id) as OpsBannerDto), sort }))
        return ok(banners)
      }),
    )
    await open('/ops/content')
    const table = await screen.findByRole('table', { name: '横幅列表' }, pageLoad)
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      '冬季',
      '新品',
      '会员日',
    ])
    expect(within(rows[0] as HTMLElement).getByText('已结束')).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText('未开始')).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText('2099-01-01 10:00 起')).toBeTruthy()
    expect(within(rows[2] as HTMLElement).getByText('已停用')).toBeTruthy()
    expect(screen.getByRole('button', { name: '上移：冬季' }).hasAttribute('disabled')).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: '下移：冬季' }))
    await waitFor(() => expect(orders).toEqual([[2, 1, 3]]))
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: '横幅列表' }))
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[1]?.textContent),
      ).toEqual(['新品', '冬季', '会员日']),
    )
  })

  it('shows a refused jump address under its field, in the operator’s language', async () => {
    contentOperator()
    const sent: unknown[] = []
    server.use(
      http.get('*/api/ops/banners', () => ok([banner(1, '冬季')])),
      http.put('*/api/ops/banners/:id', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json(
          {
            code: 400,
            msg: 'image: must be a picture that was uploaded',
            data: { fields: [{ field: 'image', message: 'must be a picture that was uploaded' }] },
          },
          { status: 400 },
        )
      }),
    )
    await open('/ops/content')
    fireEvent.click(await screen.findByRole('button', { name: '编辑：冬季' }, pageLoad))
    const dialog = await screen.findByRole('dialog')
    const jump = within(dialog).getByLabelText('跳转地址')
    fireEvent.change(jump, { target: { value: 'javascript:alert(1)' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText('须为 http 或 https 网址，或以单个 / 开头的本店路径')).toBeTruthy()
    expect(jump.getAttribute('aria-invalid')).toBe('true')
    expect(sent).toEqual([])

    fireEvent.change(jump, { target: { value: '/product-new' } })
    fireEvent.change(within(dialog).getByLabelText('开始时间（日本时间）'), {
      target: { value: '2027-01-02T10:00' },
    })
    fireEvent.change(within(dialog).getByLabelText('结束时间（日本时间）'), {
      target: { value: '2027-01-01T10:00' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText('结束时间须晚于开始时间')).toBeTruthy()
    expect(sent).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('结束时间（日本时间）'), {
      target: { value: '2027-01-03T10:00' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText('图片不存在，请重新上传')).toBeTruthy()
    expect(sent).toEqual([
      {
        name: '冬季',
        image: null,
        jumpUrl: '/product-new',
        startAt: '2027-01-02T10:00:00+09:00',
        endAt: '2027-01-03T10:00:00+09:00',
        sort: 1,
        active: true,
      },
    ])
  })

  it('saves an announcement and previews what the server kept, per language', async () => {
    contentOperator()
    const saved: OpsAnnouncementDto = {
      id: 5,
      name: '发货通知',
      jpName: '発送のお知らせ',
      enName: null,
      content: '<p>安全</p>',
      jpContent: null,
      enContent: null,
      sort: 0,
      active: true,
      publishedAt: '2026-11-20T03:04:00.000Z',
      updatedAt: '2026-11-20T03:04:00.000Z',
    }
    let list: OpsAnnouncementDto[] = []
    const posted: unknown[] = []
    server.use(
      http.get('*/api/ops/announcements', () => ok(list)),
      http.post('*/api/ops/announcements', async ({ request }) => {
        posted.push(await request.json())
        list = [saved]
        return HttpResponse.json({ code: 200, msg: 'success', data: saved }, { status: 201 })
      }),
    )
    await open('/ops/content?tab=announcements')
    expect(await screen.findByText('还没有公告', {}, pageLoad)).toBeTruthy()
    expect(screen.getByRole('tab', { name: '公告' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: '添加公告…' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText(/^中文标题/), { target: { value: '发货通知' } })
    fireEvent.change(within(dialog).getByLabelText('日文标题'), { target: { value: '発送のお知らせ' } })
    fireEvent.change(within(dialog).getByLabelText('中文内容（HTML）'), {
      target: { value: '<p>安全</p><script>alert(1)</script>' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    const preview = await screen.findByRole('dialog', { name: '预览“发货通知”' })
    expect(posted).toMatchObject([{ name: '发货通知', jpName: '発送のお知らせ', sort: 0, active: true }])
    expect(within(preview).getAllByText('安全')).toHaveLength(3)
    expect(preview.querySelector('script')).toBeNull()
    expect(within(preview).getByText('発送のお知らせ')).toBeTruthy()
    expect(screen.getByText('公告“发货通知”已保存。')).toBeTruthy()
  })
})

describe('a banner’s link on the home page', () => {
  it('opens every jump URL in a new tab without handing the page to it (spec §2)', async () => {
    server.use(
      http.get('*/api/mall/banner/list', () =>
        ok([
          { id: 1, name: '合作', imgUrl: '/media/a.webp', jumpUrl: 'https://partner.example/sale' },
          { id: 2, name: '新品', imgUrl: '/media/b.webp', jumpUrl: '/product-new' },
          { id: 3, name: '无链接', imgUrl: '/media/c.webp', jumpUrl: null },
        ]),
      ),
    )
    await open('/')
    const region = await screen.findByRole('region', { name: '活动横幅' }, pageLoad)
    const links = within(region).getAllByRole('link', { hidden: true })
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://partner.example/sale',
      '/product-new',
    ])
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    }
  })
})
