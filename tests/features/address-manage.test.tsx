import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { type AddressDto, MAX_ADDRESSES, type UsZipDto } from '../../src/domain/address.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { LANGUAGE_STORAGE_KEY } from '../../src/lib/i18n.ts'
import { currentToasts, dismissAllToasts } from '../../src/lib/toast.ts'
import { ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

const failed = (code: number, msg: string, data: unknown = null, status = code) =>
  HttpResponse.json({ code, msg, data }, { status })

function addressOf(id: number, overrides: Partial<AddressDto> = {}): AddressDto {
  return {
    id,
    firstName: '小明',
    lastName: '李',
    nameEn: 'Xiaoming Li',
    telephone: '+852 5555 0100',
    postCode: '999077',
    country: '中国香港',
    countryEn: 'Hong Kong',
    province: null,
    provinceEn: null,
    city: '香港',
    cityEn: 'Hong Kong',
    district: '九龙',
    districtEn: 'Kowloon',
    shopName: null,
    shopNameEn: null,
    address: '弥敦道 100 号',
    addressEn: '100 Nathan Road',
    acquiescent: 0,
    isBill: 0,
    ...overrides,
  }
}

const HONG_KONG = addressOf(1, { acquiescent: 1, isBill: 1 })
const BEVERLY_HILLS = addressOf(2, {
  firstName: 'Erin',
  lastName: 'Lee',
  nameEn: 'Erin Lee',
  telephone: '+1 310 555 0100',
  postCode: '90210',
  country: '美国',
  countryEn: 'United States',
  province: '加利福尼亚州',
  provinceEn: 'California',
  city: '比佛利山',
  cityEn: 'Beverly Hills',
  district: null,
  districtEn: null,
  address: '9641 Sunset Blvd',
  addressEn: '9641 Sunset Blvd',
})

/**
 * An address book served the way the server keeps it (services/addresses.ts): the default first, then
 * the newest; the first address or one sent with acquiescent 1 becomes the default; deleting the default
 * makes the newest remaining one the default. Records what the page sent.
 */
function serveBook(initial: AddressDto[]) {
  const book = {
    addresses: initial.map((entry) => ({ ...entry })),
    lists: 0,
    saved: [] as Record<string, unknown>[],
    updated: [] as Record<string, unknown>[],
    deleted: [] as number[],
    saveReply: undefined as (() => Response) | undefined,
  }
  let nextId = Math.max(0, ...initial.map((entry) => entry.id)) + 1
  const ordered = () => [...book.addresses].sort((a, b) => b.acquiescent - a.acquiescent || b.id - a.id)
  const stored = (body: Record<string, unknown>, id: number, isDefault: boolean): AddressDto => {
    const entry = addressOf(id)
    for (const key of Object.keys(entry) as (keyof AddressDto)[]) {
      if (key !== 'id' && key !== 'acquiescent' && key !== 'isBill') {
        Object.assign(entry, { [key]: (body[key] as string | undefined) ?? null })
      }
    }
    return { ...entry, acquiescent: isDefault ? 1 : 0, isBill: body.isBill === 1 ? 1 : 0 }
  }
  const makeDefault = (id: number) => {
    for (const entry of book.addresses) entry.acquiescent = entry.id === id ? 1 : 0
  }
  server.use(
    http.get('*/api/mall/address/list', () => {
      book.lists += 1
      return ok(ordered())
    }),
    http.post('*/api/mall/address/save', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      book.saved.push(body)
      if (book.saveReply) return book.saveReply()
      const entry = stored(body, nextId++, book.addresses.length === 0 || body.acquiescent === 1)
      if (entry.acquiescent === 1) makeDefault(-1)
      book.addresses.push(entry)
      return ok(entry)
    }),
    http.put('*/api/mall/address/update', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      book.updated.push(body)
      const index = book.addresses.findIndex((entry) => entry.id === body.id)
      const current = book.addresses[index]
      if (!current) return failed(404, 'address: not found')
      const entry = stored(body, current.id, current.acquiescent === 1 || body.acquiescent === 1)
      if (entry.acquiescent === 1) makeDefault(-1)
      book.addresses[index] = entry
      return ok(entry)
    }),
    http.delete('*/api/mall/address/del/:id', ({ params }) => {
      const id = Number(params.id)
      book.deleted.push(id)
      const gone = book.addresses.find((entry) => entry.id === id)
      if (!gone) return failed(404, 'address: not found')
      book.addresses = book.addresses.filter((entry) => entry.id !== id)
      const newest = book.addresses.reduce<AddressDto | undefined>(
        (best, entry) => (best === undefined || entry.id > best.id ? entry : best),
        undefined,
      )
      if (gone.acquiescent === 1 && newest) makeDefault(newest.id)
      return ok({ removed: 1 })
    }),
  )
  return book
}

/** The ZIP look-up as the server answers it; returns the ZIPs asked for. */
function serveZips(places: Record<string, UsZipDto>) {
  const asked: string[] = []
  server.use(
    http.get('*/api/mall/uszip/state-city', ({ request }) => {
      const zip = new URL(request.url).searchParams.get('zip') ?? ''
      asked.push(zip)
      const place = places[zip]
      return place ? ok(place) : failed(404, 'zip: no US place has this ZIP code')
    }),
  )
  return asked
}

/** The address book of a signed-in shopper, in a language. */
async function openBook(language: 'zhCn' | 'ja' | 'en' = 'zhCn') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  signIn()
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
  )
  const app = await renderApp('/address-manage')
  await screen.findByRole('heading', { level: 1 })
  return app
}

const cardOf = (name: string) => screen.getByRole('article', { name })
const cardNames = () =>
  within(screen.getByRole('list', { name: '地址列表' }))
    .getAllByRole('article')
    .map((card) => card.querySelector('h2')?.textContent)
const dialog = () => screen.getByRole('dialog')
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })

/** The texts an input is described by (hint and error), as a screen reader reads them after its name. */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

const toastMessages = () => currentToasts().map((toast) => toast.message)

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

describe('address book: the list', () => {
  it('shows each address as a card in Chinese, default first, with its badges', async () => {
    serveBook([BEVERLY_HILLS, HONG_KONG])
    await openBook()

    expect(await screen.findByRole('heading', { level: 1, name: '收货地址' })).toBeTruthy()
    expect(cardNames()).toEqual(['李 小明', 'Lee Erin'])
    const home = cardOf('李 小明')
    expect(within(home).getByText('默认地址')).toBeTruthy()
    expect(within(home).getByText('账单地址')).toBeTruthy()
    expect(within(home).getByText('+852 5555 0100')).toBeTruthy()
    expect(within(home).getByText('中国香港 香港 九龙 弥敦道 100 号')).toBeTruthy()
    expect(within(home).queryByRole('button', { name: '设为默认' })).toBeNull()

    const us = cardOf('Lee Erin')
    expect(within(us).getByText('美国 加利福尼亚州 比佛利山 9641 Sunset Blvd')).toBeTruthy()
    expect(within(us).getByText('邮编 90210')).toBeTruthy()
    expect(within(us).queryByText('默认地址')).toBeNull()
    expect(within(us).getByRole('button', { name: '设为默认' })).toBeTruthy()
    expect(screen.getByText('已保存 2 / 50 个')).toBeTruthy()
  })

  it('names the country and uses the English fields in English', async () => {
    serveBook([HONG_KONG, BEVERLY_HILLS])
    await openBook('en')

    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping addresses' })).toBeTruthy()
    expect(screen.getByRole('article', { name: 'Xiaoming Li' })).toBeTruthy()
    const us = screen.getByRole('article', { name: 'Erin Lee' })
    expect(within(us).getByText('9641 Sunset Blvd, Beverly Hills, California, United States')).toBeTruthy()
    expect(within(screen.getByRole('article', { name: 'Xiaoming Li' })).getByText('Default')).toBeTruthy()
  })

  it('names the country in Japanese', async () => {
    serveBook([HONG_KONG, BEVERLY_HILLS])
    await openBook('ja')

    expect(await screen.findByRole('heading', { level: 1, name: 'お届け先住所' })).toBeTruthy()
    const us = screen.getByRole('article', { name: 'Lee Erin' })
    expect(within(us).getByText('アメリカ 加利福尼亚州 比佛利山 9641 Sunset Blvd')).toBeTruthy()
    expect(within(cardOf('李 小明')).getByText('香港 香港 九龙 弥敦道 100 号')).toBeTruthy()
  })

  it('says there is no address yet and offers to add one', async () => {
    serveBook([])
    await openBook()

    expect(await screen.findByText('还没有收货地址')).toBeTruthy()
    expect(screen.queryByRole('list', { name: '地址列表' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '添加地址' }))
    // the first address becomes the default whatever is ticked, and the form says so
    const isDefault = within(dialog()).getByRole('checkbox', { name: '设为默认地址' }) as HTMLInputElement
    expect(isDefault.checked).toBe(true)
    expect(isDefault.disabled).toBe(true)
    expect(descriptionOf(isDefault)).toBe('第一个地址会自动成为默认地址。')
  })

  it('shows a failed load with a retry that loads the list', async () => {
    let failing = true
    server.use(http.get('*/api/mall/address/list', () => (failing ? failed(500, 'boom') : ok([HONG_KONG]))))
    await openBook()

    expect(await screen.findByText('收货地址加载失败')).toBeTruthy()
    expect(screen.getByText('出错了，请稍后再试')).toBeTruthy()
    expect(toastMessages()).toEqual([])
    failing = false
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('article', { name: '李 小明' })).toBeTruthy()
  })

  it('sends a visitor to log in first', async () => {
    serveBook([HONG_KONG])
    const { router } = await renderApp('/address-manage')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirectUrl: '/address-manage' })
  })
})

describe('address book: adding', () => {
  it('checks the form, shows the messages under the fields, then saves and reloads the list', async () => {
    const book = serveBook([HONG_KONG])
    await openBook()
    await screen.findByRole('article', { name: '李 小明' })

    fireEvent.click(screen.getByRole('button', { name: '添加地址' }))
    expect(within(dialog()).getByRole('heading', { name: '添加地址' })).toBeTruthy()
    expect(document.activeElement).toBe(field('国家/地区'))
    // every field of the address, in two groups
    expect(within(dialog()).getByRole('group', { name: '中文/日文信息' })).toBeTruthy()
    const english = within(dialog()).getByRole('group', { name: '英文信息（选填）' })
    for (const label of [
      '姓名（英文）',
      '省/州（英文）',
      '城市（英文）',
      '区/县（英文）',
      '店铺/公司名（英文）',
      '详细地址（英文）',
    ]) {
      expect(within(english).getByLabelText(label)).toBeTruthy()
    }
    // the countries are named in the shown language; the value is the Chinese name
    const options = within(field('国家/地区')).getAllByRole('option')
    expect(options).toHaveLength(41)
    expect(options.map((option) => option.textContent)).toContain('美国')

    type('电话', 'call me')
    type('邮编', '100-0001!')
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }))

    await waitFor(() => expect(field('姓').getAttribute('aria-invalid')).toBe('true'))
    expect(descriptionOf(field('姓'))).toBe('必填')
    expect(descriptionOf(field('名'))).toBe('必填')
    expect(descriptionOf(field('国家/地区'))).toBe('请选择本店支持的国家或地区')
    expect(descriptionOf(field('电话'))).toBe('请输入有效的电话号码')
    expect(descriptionOf(field('邮编'))).toBe('邮编最多 16 位，只能包含字母、数字、空格或连字符')
    expect(descriptionOf(field('详细地址'))).toBe('必填')
    expect(field('城市（选填）').getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(field('国家/地区'))
    expect(book.saved).toEqual([])

    // the session's startup reads the list too; what counts is the page reading it again after the save
    const listsBeforeSave = book.lists
    fireEvent.change(field('国家/地区'), { target: { value: '中国台湾' } })
    type('姓', '王')
    type('名', '小美')
    type('电话', '+886 2 1234 5678')
    type('邮编', '１１０')
    type('城市（选填）', '台北')
    type('详细地址', '信义路五段 7 号')
    type('详细地址（英文）', 'No. 7, Sec. 5, Xinyi Rd.')
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: '用作账单地址' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(book.saved).toEqual([
      {
        firstName: '小美',
        lastName: '王',
        telephone: '+886 2 1234 5678',
        postCode: '110',
        country: '中国台湾',
        countryEn: 'Taiwan',
        city: '台北',
        address: '信义路五段 7 号',
        addressEn: 'No. 7, Sec. 5, Xinyi Rd.',
        acquiescent: 0,
        isBill: 1,
      },
    ])
    expect(toastMessages()).toContain('地址已保存')
    const added = await screen.findByRole('article', { name: '王 小美' })
    expect(within(added).getByText('中国台湾 台北 信义路五段 7 号')).toBeTruthy()
    expect(within(added).getByText('账单地址')).toBeTruthy()
    expect(book.lists).toBe(listsBeforeSave + 1)
  })

  it('shows a field the server refuses under that field', async () => {
    const book = serveBook([HONG_KONG])
    book.saveReply = () =>
      failed(400, 'telephone: must be a valid phone number', {
        fields: [{ field: 'telephone', message: 'must be a valid phone number' }],
      })
    await openBook()
    await screen.findByRole('article', { name: '李 小明' })

    fireEvent.click(screen.getByRole('button', { name: '添加地址' }))
    fireEvent.change(field('国家/地区'), { target: { value: '英国' } })
    type('姓', 'Smith')
    type('名', 'Anna')
    type('电话', '+44 20 7946 0000')
    type('邮编', 'SW1A 1AA')
    type('详细地址', '10 Downing Street')
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }))

    await waitFor(() => expect(field('电话').getAttribute('aria-invalid')).toBe('true'))
    expect(descriptionOf(field('电话'))).toBe('请输入有效的电话号码')
    expect(book.saved).toHaveLength(1)
    expect(toastMessages()).toEqual([])
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('closes the form with Escape without saving', async () => {
    const book = serveBook([HONG_KONG])
    await openBook()
    await screen.findByRole('article', { name: '李 小明' })

    const add = screen.getByRole('button', { name: '添加地址' })
    add.focus()
    fireEvent.click(add)
    type('姓', '王')
    fireEvent.keyDown(field('姓'), { key: 'Escape' })

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(add)
    expect(book.saved).toEqual([])
  })

  it(`refuses a ${MAX_ADDRESSES + 1}st address: the add button is disabled and says why`, async () => {
    serveBook(
      Array.from({ length: MAX_ADDRESSES }, (_, index) =>
        addressOf(index + 1, { acquiescent: index === 0 ? 1 : 0 }),
      ),
    )
    await openBook()

    const add = await screen.findByRole('button', { name: '添加地址' })
    expect((add as HTMLButtonElement).disabled).toBe(true)
    expect(descriptionOf(add)).toBe('最多可保存 50 个地址，请先删除不用的地址再添加。')
    expect(screen.getByText('已保存 50 / 50 个')).toBeTruthy()
  })

  it('explains the limit when the server reaches it first (another device added one)', async () => {
    const book = serveBook([HONG_KONG])
    book.saveReply = () =>
      failed(409, 'An address book holds at most 50 addresses; delete one to add another')
    await openBook()
    await screen.findByRole('article', { name: '李 小明' })

    fireEvent.click(screen.getByRole('button', { name: '添加地址' }))
    fireEvent.change(field('国家/地区'), { target: { value: '英国' } })
    type('姓', 'Smith')
    type('名', 'Anna')
    type('电话', '+44 20 7946 0000')
    type('邮编', 'SW1A 1AA')
    type('详细地址', '10 Downing Street')
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }))

    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      '最多可保存 50 个地址，请先删除不用的地址再添加。',
    )
  })
})

describe('address book: US ZIP codes', () => {
  const BEVERLY: UsZipDto = {
    zip: '90210',
    state: 'California',
    stateCode: 'CA',
    city: 'Beverly Hills',
    cities: ['Beverly Hills'],
  }
  const SHARED: UsZipDto = {
    zip: '10025',
    state: 'New York',
    stateCode: 'NY',
    city: 'New York',
    cities: ['New York', 'Manhattan'],
  }

  async function openUsForm() {
    const book = serveBook([HONG_KONG])
    await openBook()
    await screen.findByRole('article', { name: '李 小明' })
    fireEvent.click(screen.getByRole('button', { name: '添加地址' }))
    fireEvent.change(field('国家/地区'), { target: { value: '美国' } })
    return book
  }

  it('fills the state and city from a ZIP once typing stops', async () => {
    const asked = serveZips({ '90210': BEVERLY })
    await openUsForm()
    expect(descriptionOf(field('邮编'))).toBe('输入 5 位邮编后会自动填写州和城市。')

    type('邮编', '9021')
    type('邮编', '90210')
    expect(descriptionOf(field('邮编'))).toBe('输入 5 位邮编后会自动填写州和城市。')
    await waitFor(() => expect(field('省/州（选填）').value).toBe('California'))
    expect(field('省/州（英文）').value).toBe('California')
    expect(field('城市（选填）').value).toBe('Beverly Hills')
    expect(field('城市（英文）').value).toBe('Beverly Hills')
    expect(descriptionOf(field('邮编'))).toBe('已按邮编填写州和城市：Beverly Hills, California')
    expect(asked).toEqual(['90210'])

    // ZIP+4 is the same place: no second look-up
    type('邮编', '90210-1234')
    fireEvent.blur(field('邮编'))
    expect(asked).toEqual(['90210'])
  })

  it('looks up at once when the postcode loses focus, and offers the cities of a ZIP that serves several', async () => {
    const asked = serveZips({ '10025': SHARED })
    const book = await openUsForm()

    type('邮编', '10025')
    fireEvent.blur(field('邮编'))
    // no wait for the delay: the look-up is under way at once
    expect(descriptionOf(field('邮编'))).toBe('正在按邮编查询州和城市…')
    await waitFor(() => expect(asked).toEqual(['10025']))
    const cities = await within(dialog()).findByLabelText('该邮编对应多个城市，请选择')
    expect(
      within(cities)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['请选择', 'New York', 'Manhattan'])
    expect(field('城市（英文）').value).toBe('New York')
    fireEvent.change(cities, { target: { value: 'Manhattan' } })
    expect(field('城市（选填）').value).toBe('Manhattan')
    expect(field('城市（英文）').value).toBe('Manhattan')

    type('姓', 'Lee')
    type('名', 'Erin')
    type('电话', '+1 212 555 0100')
    type('详细地址', '2880 Broadway')
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(book.saved).toHaveLength(1))
    expect(book.saved[0]).toMatchObject({
      country: '美国',
      countryEn: 'United States',
      postCode: '10025',
      province: 'New York',
      provinceEn: 'New York',
      city: 'Manhattan',
      cityEn: 'Manhattan',
    })
  })

  it('says so under the postcode when no US place has the ZIP, and still saves', async () => {
    const asked = serveZips({})
    const book = await openUsForm()

    type('邮编', '00000')
    await waitFor(() => expect(descriptionOf(field('邮编'))).toBe('没有美国地区使用这个邮编'))
    expect(asked).toEqual(['00000'])
    expect(field('邮编').getAttribute('aria-invalid')).toBeNull()

    type('姓', 'Lee')
    type('名', 'Erin')
    type('电话', '+1 212 555 0100')
    type('详细地址', '1 Nowhere Road')
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(book.saved).toEqual([expect.objectContaining({ postCode: '00000', country: '美国' })])
  })

  it('looks nothing up outside the United States', async () => {
    const asked = serveZips({ '90210': BEVERLY })
    serveBook([HONG_KONG])
    await openBook()
    await screen.findByRole('article', { name: '李 小明' })
    fireEvent.click(screen.getByRole('button', { name: '添加地址' }))
    fireEvent.change(field('国家/地区'), { target: { value: '加拿大' } })
    type('邮编', '90210')
    fireEvent.blur(field('邮编'))
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(asked).toEqual([])
    expect(field('省/州（选填）').value).toBe('')
  })
})

describe('address book: changing addresses', () => {
  it('edits an address with its fields filled in', async () => {
    const book = serveBook([HONG_KONG, BEVERLY_HILLS])
    await openBook()

    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Lee Erin' })).getByRole('button', { name: '编辑' }),
    )
    expect(within(dialog()).getByRole('heading', { name: '编辑地址' })).toBeTruthy()
    expect(field('国家/地区').value).toBe('美国')
    expect(field('姓').value).toBe('Lee')
    expect(field('省/州（英文）').value).toBe('California')
    // opening a saved US address does not look its ZIP up again
    expect(field('城市（选填）').value).toBe('比佛利山')

    type('详细地址', '9700 Wilshire Blvd')
    type('详细地址（英文）', '9700 Wilshire Blvd')
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(book.updated).toEqual([
      {
        id: 2,
        firstName: 'Erin',
        lastName: 'Lee',
        nameEn: 'Erin Lee',
        telephone: '+1 310 555 0100',
        postCode: '90210',
        country: '美国',
        countryEn: 'United States',
        province: '加利福尼亚州',
        provinceEn: 'California',
        city: '比佛利山',
        cityEn: 'Beverly Hills',
        address: '9700 Wilshire Blvd',
        addressEn: '9700 Wilshire Blvd',
        acquiescent: 0,
        isBill: 0,
      },
    ])
    expect(toastMessages()).toContain('地址已保存')
    expect(
      await within(cardOf('Lee Erin')).findByText('美国 加利福尼亚州 比佛利山 9700 Wilshire Blvd'),
    ).toBeTruthy()
  })

  it('keeps the default ticked when editing the default address', async () => {
    serveBook([HONG_KONG, BEVERLY_HILLS])
    await openBook()
    fireEvent.click(
      within(await screen.findByRole('article', { name: '李 小明' })).getByRole('button', { name: '编辑' }),
    )
    const isDefault = within(dialog()).getByRole('checkbox', { name: '设为默认地址' }) as HTMLInputElement
    expect(isDefault.checked).toBe(true)
    expect(isDefault.disabled).toBe(true)
    expect(
      (within(dialog()).getByRole('checkbox', { name: '用作账单地址' }) as HTMLInputElement).checked,
    ).toBe(true)
  })

  it('makes another address the default', async () => {
    const book = serveBook([HONG_KONG, BEVERLY_HILLS])
    await openBook()

    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Lee Erin' })).getByRole('button', {
        name: '设为默认',
      }),
    )

    await waitFor(() => expect(cardNames()).toEqual(['Lee Erin', '李 小明']))
    expect(book.updated).toEqual([expect.objectContaining({ id: 2, acquiescent: 1, country: '美国' })])
    expect(within(cardOf('Lee Erin')).getByText('默认地址')).toBeTruthy()
    expect(within(cardOf('李 小明')).queryByText('默认地址')).toBeNull()
    expect(within(cardOf('李 小明')).getByRole('button', { name: '设为默认' })).toBeTruthy()
    expect(toastMessages()).toContain('已设为默认地址')
  })

  it('deletes an address after a confirmation', async () => {
    const book = serveBook([HONG_KONG, BEVERLY_HILLS])
    await openBook()

    const us = await screen.findByRole('article', { name: 'Lee Erin' })
    fireEvent.click(within(us).getByRole('button', { name: '删除' }))
    expect(within(dialog()).getByRole('heading', { name: '删除这个地址？' })).toBeTruthy()
    fireEvent.click(within(dialog()).getByRole('button', { name: '取消' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(book.deleted).toEqual([])

    fireEvent.click(within(cardOf('Lee Erin')).getByRole('button', { name: '删除' }))
    expect(within(dialog()).getByText('美国 加利福尼亚州 比佛利山 9641 Sunset Blvd')).toBeTruthy()
    fireEvent.click(within(dialog()).getByRole('button', { name: '删除' }))

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Lee Erin' })).toBeNull())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(book.deleted).toEqual([2])
    expect(cardNames()).toEqual(['李 小明'])
    expect(toastMessages()).toContain('地址已删除')
  })

  it('warns that deleting the default moves it, and moves it', async () => {
    const book = serveBook([HONG_KONG, BEVERLY_HILLS])
    await openBook()

    fireEvent.click(
      within(await screen.findByRole('article', { name: '李 小明' })).getByRole('button', { name: '删除' }),
    )
    expect(within(dialog()).getByText('这是默认地址；删除后，最近添加的地址会成为默认地址。')).toBeTruthy()
    fireEvent.click(within(dialog()).getByRole('button', { name: '删除' }))

    await waitFor(() => expect(cardNames()).toEqual(['Lee Erin']))
    expect(within(cardOf('Lee Erin')).getByText('默认地址')).toBeTruthy()
    expect(book.deleted).toEqual([1])
  })
})
