import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SessionClaims, UserProfile } from '../../src/domain/session.ts'
import { updateAvatar } from '../../src/features/account/api/update-avatar.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { readStoredToken, storeToken } from '../../src/lib/session-token.ts'
import { currentToasts, dismissAllToasts } from '../../src/lib/toast.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'

// jsdom's File does not serialise through Node's fetch (browsers are fine), so the one test that
// uploads a file replaces the call; every other test runs the real one.
vi.mock('../../src/features/account/api/update-avatar.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/features/account/api/update-avatar.ts')>()
  return { updateAvatar: vi.fn(actual.updateAvatar) }
})

const ok = <T,>(data: T, init?: ResponseInit) => HttpResponse.json({ code: 200, msg: 'success', data }, init)
const failed = (code: number, msg: string, data: unknown = null, status = 400) =>
  HttpResponse.json({ code, msg, data }, { status })

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A session token as the server signs it (the client reads the claims; only the server checks the signature). */
function tokenFor(claims: Partial<SessionClaims> = {}): string {
  const now = Math.floor(Date.now() / 1000)
  const payload: SessionClaims = {
    sub: '7',
    sid: 'session-1',
    kind: 'customer',
    role: 2,
    nickname: '小明',
    avatar: null,
    score: 0,
    wechat: true,
    language: 'zhCn',
    iat: now,
    exp: now + 3600,
    ...claims,
  }
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`
}

const profile: UserProfile = {
  id: 7,
  username: 'ming@example.com',
  nickname: '小明',
  telephone: '090-1234-5678',
  wechat: null,
  sex: 1,
  birthday: '1995-04-01',
  avatar: null,
  role: 2,
  score: 0,
  language: 'zhCn',
  createdAt: '2026-01-01T00:00:00.000Z',
}

/** The calls any page of the app makes around these ones (root loader, session startup, home list). */
function serveAround() {
  server.use(
    http.get('*/api/mall/category/list', () => ok([])),
    http.get('*/api/mall/product/hotList', () => ok([])),
    http.get('*/api/mall/vip/list', () => ok([])),
    http.get('*/api/mall/user/payInfo', () =>
      ok({
        role: 2,
        score: 0,
        scoreRate: 0.01,
        scoreSwitch: false,
        scoreTime: null,
        monthlyExpenditure: 0,
        priceSwitch: true,
        idCard: false,
      }),
    ),
  )
}

/** A signed-in visit: a stored token the server accepts, and the profile. */
function serveSignedIn(info: UserProfile = profile) {
  storeToken(tokenFor())
  server.use(
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/user/info', () => ok(info)),
  )
}

/** Request bodies sent to one endpoint. */
function recordBodies(method: 'post' | 'put', path: string, reply: () => Response = () => ok(null)) {
  const bodies: unknown[] = []
  server.use(
    http[method](`*/api${path}`, async ({ request }) => {
      bodies.push(await request.json())
      return reply()
    }),
  )
  return bodies
}

const page = () => within(screen.getByRole('main'))

/** The app at a path, once its layout is on screen. */
async function open(path: string) {
  const app = await renderApp(path)
  await screen.findByRole('main')
  return app
}

/** The texts an input is described by (hint and error), as a screen reader reads them after its name. */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

function type(label: string, value: string) {
  fireEvent.change(page().getByLabelText(label), { target: { value } })
}

const POLICY = '密码须为 8–16 位，并包含大写字母、小写字母、数字和以下特殊字符之一：! @ # $ % & * . , ?'

afterEach(() => {
  vi.mocked(updateAvatar).mockClear()
  abortAllRequests()
  dismissAllToasts()
})

describe('login page', () => {
  it('logs in, signs the session in and goes to the redirectUrl the guard set', async () => {
    serveAround()
    server.use(
      http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
      http.get('*/api/mall/user/info', () => ok(profile)),
    )
    const logins = recordBodies('post', '/mall/user/login', () =>
      ok({ redirectUrl: '/userinfo' }, { headers: { token: tokenFor() } }),
    )
    const { router, session } = await open('/login?redirectUrl=%2Fuserinfo')

    await screen.findByRole('heading', { name: '登录' })
    type('邮箱', ' Ming@Example.com ')
    type('密码', 'Secret1!')
    fireEvent.click(page().getByRole('button', { name: '登录' }))

    expect(await screen.findByRole('heading', { name: '个人信息' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/userinfo')
    expect(logins).toEqual([{ username: 'ming@example.com', password: 'Secret1!', redirectUrl: '/userinfo' }])
    // the session's code loads with the login's token: it is running a moment later
    await waitFor(() => expect(session.getSnapshot().matches('signedIn')).toBe(true))
    expect(session.getSnapshot().context.claims?.nickname).toBe('小明')
  })

  it('goes home instead of to another site named in redirectUrl', async () => {
    serveAround()
    const logins = recordBodies('post', '/mall/user/login', () =>
      ok({ redirectUrl: null }, { headers: { token: tokenFor() } }),
    )
    const { router } = await open('/login?redirectUrl=%2F%2Fevil.example')

    await screen.findByRole('heading', { name: '登录' })
    type('邮箱', 'ming@example.com')
    type('密码', 'Secret1!')
    fireEvent.click(page().getByRole('button', { name: '登录' }))

    await waitFor(() => expect(router.state.location.href).toBe('/'))
    expect(logins).toEqual([{ username: 'ming@example.com', password: 'Secret1!' }])
  })

  it('shows a wrong password under the password field, translated', async () => {
    serveAround()
    server.use(
      http.post('*/api/mall/user/login', () => failed(400, 'password: the e-mail or password is wrong')),
    )
    const { router } = await open('/login')

    await screen.findByRole('heading', { name: '登录' })
    type('邮箱', 'ming@example.com')
    type('密码', 'Wrong1!x')
    fireEvent.click(page().getByRole('button', { name: '登录' }))

    const password = page().getByLabelText('密码')
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
    expect(descriptionOf(password)).toBe('邮箱或密码错误')
    expect(page().getByLabelText('邮箱').getAttribute('aria-invalid')).toBeNull()
    expect(router.state.location.pathname).toBe('/login')
    expect(currentToasts()).toEqual([])
  })

  it('checks the form before sending and shows the show/hide password toggle', async () => {
    serveAround()
    const logins = recordBodies('post', '/mall/user/login')
    await open('/login')

    await screen.findByRole('heading', { name: '登录' })
    type('邮箱', 'not-an-address')
    fireEvent.click(page().getByRole('button', { name: '登录' }))

    const email = page().getByLabelText('邮箱')
    await waitFor(() => expect(descriptionOf(email)).toBe('请输入有效的邮箱地址'))
    expect(descriptionOf(page().getByLabelText('密码'))).toBe('必填')
    expect(document.activeElement).toBe(email)
    expect(logins).toEqual([])

    const password = page().getByLabelText('密码')
    expect(password.getAttribute('type')).toBe('password')
    fireEvent.click(page().getByRole('button', { name: '显示密码' }))
    expect(password.getAttribute('type')).toBe('text')
    fireEvent.click(page().getByRole('button', { name: '隐藏密码' }))
    expect(password.getAttribute('type')).toBe('password')
  })

  it('tells a signed-in visitor so, with a link home, instead of the form', async () => {
    serveAround()
    storeToken(tokenFor())
    await open('/login')
    expect(await screen.findByText('你已登录')).toBeTruthy()
    expect(page().getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/')
    expect(page().queryByLabelText('密码')).toBeNull()
  })
})

describe('sign-up page', () => {
  it('refuses a weak password, a mismatch and an empty nickname, and sends nothing', async () => {
    serveAround()
    const registrations = recordBodies('post', '/mall/user/register')
    await open('/signup')

    await screen.findByRole('heading', { name: '注册' })
    expect(page().getByLabelText('微信号（选填）')).toBeTruthy()
    type('邮箱', 'new@example.com')
    type('验证码', '123456')
    type('密码', 'weak')
    type('确认密码', 'weaker')
    fireEvent.click(page().getByRole('button', { name: '注册' }))

    const nickname = page().getByLabelText('昵称')
    await waitFor(() => expect(nickname.getAttribute('aria-invalid')).toBe('true'))
    expect(descriptionOf(nickname)).toBe('必填')
    expect(descriptionOf(page().getByLabelText('密码'))).toContain(POLICY)
    expect(descriptionOf(page().getByLabelText('确认密码'))).toBe('两次输入的密码不一致')
    expect(page().getByLabelText('邮箱').getAttribute('aria-invalid')).toBeNull()
    expect(registrations).toEqual([])
  })

  it('registers in the shown language, says so and goes home signed in', async () => {
    serveAround()
    const registrations = recordBodies('post', '/mall/user/register', () =>
      ok(null, { headers: { token: tokenFor({ nickname: '新人' }) } }),
    )
    const { router, session } = await open('/signup')

    await screen.findByRole('heading', { name: '注册' })
    type('邮箱', 'new@example.com')
    type('验证码', '１２３４５６')
    type('昵称', '新人')
    type('密码', 'Secret1!')
    type('确认密码', 'Secret1!')
    type('微信号（选填）', 'wx_new')
    fireEvent.click(page().getByRole('button', { name: '注册' }))

    await waitFor(() => expect(router.state.location.href).toBe('/'))
    expect(registrations).toEqual([
      {
        username: 'new@example.com',
        password: 'Secret1!',
        nickname: '新人',
        wechat: 'wx_new',
        code: '123456',
        language: 'zhCn',
      },
    ])
    expect(currentToasts().map((toast) => toast.message)).toContain('注册成功')
    await waitFor(() => expect(session.getSnapshot().context.claims?.nickname).toBe('新人'))
  })

  it('sends a code to the address, then counts down with the button disabled', async () => {
    serveAround()
    const codes = recordBodies('post', '/mall/user/code/email')
    await open('/signup')

    await screen.findByRole('heading', { name: '注册' })
    type('邮箱', 'new@example.com')
    fireEvent.click(page().getByRole('button', { name: '发送验证码' }))

    const counting = await page().findByRole('button', { name: '60 秒后可重新发送' })
    expect((counting as HTMLButtonElement).disabled).toBe(true)
    expect(codes).toEqual([{ type: 1, username: 'new@example.com', language: 'zhCn' }])
    const later = await page().findByRole('button', { name: '59 秒后可重新发送' }, { timeout: 2000 })
    expect((later as HTMLButtonElement).disabled).toBe(true)
  })

  it('waits as long as the server says after a 429, and shows a taken address under the e-mail', async () => {
    serveAround()
    server.use(
      http.post('*/api/mall/user/code/email', async ({ request }) => {
        const body = (await request.json()) as { username: string }
        return body.username === 'taken@example.com'
          ? failed(409, 'username: is already registered; log in or reset the password', null, 409)
          : failed(
              429,
              'A code was just sent; you can ask for another in 42 s',
              { retryAfterSeconds: 42 },
              429,
            )
      }),
    )
    await open('/signup')

    await screen.findByRole('heading', { name: '注册' })
    type('邮箱', 'taken@example.com')
    fireEvent.click(page().getByRole('button', { name: '发送验证码' }))
    const email = page().getByLabelText('邮箱')
    await waitFor(() => expect(descriptionOf(email)).toBe('该邮箱已注册，请直接登录或重置密码'))

    type('邮箱', 'busy@example.com')
    fireEvent.click(page().getByRole('button', { name: '发送验证码' }))
    const waiting = await page().findByRole('button', { name: '42 秒后可重新发送' })
    expect((waiting as HTMLButtonElement).disabled).toBe(true)
    expect(descriptionOf(email)).toBe('')
  })
})

describe('send-code button when mail fails', () => {
  it('says the mail could not be sent, in the page language, and lets the shopper try again', async () => {
    serveAround()
    server.use(
      http.post('*/api/mall/user/code/email', () =>
        failed(500, 'The e-mail could not be sent; please try again in a moment', null, 500),
      ),
    )
    await open('/signup')

    await screen.findByRole('heading', { name: '注册' })
    type('邮箱', 'new@example.com')
    fireEvent.click(page().getByRole('button', { name: '发送验证码' }))
    expect(await page().findByRole('alert')).toHaveProperty('textContent', '邮件发送失败，请稍后再试')
    expect((page().getByRole('button', { name: '发送验证码' }) as HTMLButtonElement).disabled).toBe(false)
  })
})

describe('forgot page', () => {
  it('mails a reset code, resets the password and points to login', async () => {
    serveAround()
    const codes = recordBodies('post', '/mall/user/code/email')
    const resets = recordBodies('put', '/mall/user/reset')
    await open('/forgot')

    await screen.findByRole('heading', { name: '重置密码' })
    type('邮箱', 'ming@example.com')
    fireEvent.click(page().getByRole('button', { name: '发送验证码' }))
    await page().findByRole('button', { name: '60 秒后可重新发送' })
    expect(codes).toEqual([{ type: 2, username: 'ming@example.com', language: 'zhCn' }])

    type('验证码', '654321')
    type('新密码', 'Newpass1?')
    type('确认新密码', 'Newpass1?')
    fireEvent.click(page().getByRole('button', { name: '重置密码' }))

    expect(await page().findByText('密码已重置')).toBeTruthy()
    expect(resets).toEqual([{ username: 'ming@example.com', password: 'Newpass1?', code: '654321' }])
    expect(page().getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('/login')
  })

  it('shows an expired code under the code field', async () => {
    serveAround()
    server.use(http.put('*/api/mall/user/reset', () => failed(400, 'code: has expired; ask for a new code')))
    await open('/forgot')

    await screen.findByRole('heading', { name: '重置密码' })
    type('邮箱', 'ming@example.com')
    type('验证码', '654321')
    type('新密码', 'Newpass1?')
    type('确认新密码', 'Newpass1?')
    fireEvent.click(page().getByRole('button', { name: '重置密码' }))

    const code = page().getByLabelText('验证码')
    await waitFor(() => expect(descriptionOf(code)).toBe('验证码已过期，请重新获取'))
  })
})

describe('route guard', () => {
  it('sends a visitor without a token to login, with where they were going', async () => {
    serveAround()
    const { router } = await open('/userinfo')
    expect(await screen.findByRole('heading', { name: '登录' })).toBeTruthy()
    expect(router.state.location.href).toBe('/login?redirectUrl=%2Fuserinfo')
  })

  it('sends a shopper whose session has ended to login and forgets the token', async () => {
    serveAround()
    storeToken(tokenFor())
    server.use(
      http.get('*/api/mall/user/checkToken', () =>
        failed(9004, 'Your session has ended; please log in again', null, 401),
      ),
    )
    const { router } = await open('/userinfo')
    expect(await screen.findByRole('heading', { name: '登录' })).toBeTruthy()
    await waitFor(() => expect(router.state.location.href).toBe('/login?redirectUrl=%2Fuserinfo'))
    expect(readStoredToken()).toBeNull()
    expect(screen.queryByRole('heading', { name: '个人信息' })).toBeNull()
    expect(currentToasts().map((toast) => toast.message)).toContain('登录已超时，请重新登录')
  })

  it('forgets a token the server does not know and asks for a login', async () => {
    serveAround()
    storeToken(tokenFor())
    server.use(http.get('*/api/mall/user/checkToken', () => failed(401, 'Please log in first', null, 401)))
    const { router } = await open('/change-password')
    await waitFor(() => expect(router.state.location.href).toBe('/login?redirectUrl=%2Fchange-password'))
    expect(readStoredToken()).toBeNull()
    expect(await page().findByLabelText('密码')).toBeTruthy()
  })

  it('sends a disabled account home', async () => {
    serveAround()
    storeToken(tokenFor())
    server.use(
      http.get('*/api/mall/user/checkToken', () => failed(9005, 'This account has been disabled', null, 403)),
    )
    const { router } = await open('/userinfo')
    await waitFor(() => expect(router.state.location.href).toBe('/'))
    expect(readStoredToken()).toBeNull()
    expect(currentToasts().map((toast) => toast.message)).toContain('账号已被停用')
  })

  it('opens the page when the server cannot be reached (offline-first)', async () => {
    serveAround()
    storeToken(tokenFor())
    server.use(
      http.get('*/api/mall/user/checkToken', () => HttpResponse.error()),
      http.get('*/api/mall/user/info', () => ok(profile)),
    )
    const { router } = await open('/userinfo')
    expect(await screen.findByRole('heading', { name: '个人信息' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/userinfo')
    expect(readStoredToken()).not.toBeNull()
  })
})

describe('user info page', () => {
  it('shows the profile and refuses a bad phone number under the field without saving', async () => {
    serveAround()
    serveSignedIn()
    const saves = recordBodies('put', '/mall/user/updateBaseInfo', () => ok(profile))
    await open('/userinfo')

    expect(await page().findByText('ming@example.com')).toBeTruthy()
    expect((page().getByLabelText('昵称') as HTMLInputElement).value).toBe('小明')
    expect((page().getByLabelText('电话') as HTMLInputElement).value).toBe('090-1234-5678')
    expect((page().getByLabelText('性别') as HTMLSelectElement).value).toBe('1')
    expect((page().getByLabelText('生日') as HTMLInputElement).value).toBe('1995-04-01')

    type('电话', 'call me')
    fireEvent.click(page().getByRole('button', { name: '保存' }))
    const phone = page().getByLabelText('电话')
    await waitFor(() => expect(descriptionOf(phone)).toBe('请输入有效的电话号码'))
    expect(saves).toEqual([])
  })

  it('saves the base info, a cleared birthday left out', async () => {
    serveAround()
    serveSignedIn()
    const saved = { ...profile, nickname: '大明', sex: 2 as const, birthday: null }
    const saves = recordBodies('put', '/mall/user/updateBaseInfo', () => ok(saved))
    await open('/userinfo')

    await page().findByText('ming@example.com')
    type('昵称', '大明')
    fireEvent.change(page().getByLabelText('性别'), { target: { value: '2' } })
    type('生日', '')
    fireEvent.click(page().getByRole('button', { name: '保存' }))

    await waitFor(() => expect(currentToasts().map((toast) => toast.message)).toContain('保存成功'))
    expect(saves).toEqual([{ nickname: '大明', sex: 2, telephone: '090-1234-5678' }])
  })

  it('says when the profile cannot load, and loads it on retry', async () => {
    serveAround()
    storeToken(tokenFor())
    server.use(
      http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
      http.get('*/api/mall/user/info', () => failed(500, 'Internal error', null, 500)),
    )
    await open('/userinfo')
    expect(await page().findByText('个人信息加载失败')).toBeTruthy()

    server.use(http.get('*/api/mall/user/info', () => ok(profile)))
    fireEvent.click(page().getByRole('button', { name: '重试' }))
    expect(await page().findByText('ming@example.com')).toBeTruthy()
  })

  it('mails an e-mail change link to the new address', async () => {
    serveAround()
    serveSignedIn()
    const codes = recordBodies('post', '/mall/user/code/email')
    await open('/userinfo')

    fireEvent.click(await page().findByRole('button', { name: '更换邮箱' }))
    type('新邮箱', 'Ming.New@Example.com')
    fireEvent.click(page().getByRole('button', { name: '发送确认邮件' }))

    expect(await page().findByText('确认邮件已发送')).toBeTruthy()
    expect(page().getByText(/ming\.new@example\.com/)).toBeTruthy()
    expect(codes).toEqual([{ type: 3, username: 'ming.new@example.com', language: 'zhCn' }])
  })

  it('refuses a 3 MB image and a text file in the avatar dialog without calling the server', async () => {
    serveAround()
    serveSignedIn()
    const uploads: unknown[] = []
    server.use(
      http.put('*/api/mall/user/updateAvatar', () => {
        uploads.push('upload')
        return ok({ avatar: '/media/avatars/7-new.png' })
      }),
    )
    await open('/userinfo')

    fireEvent.click(await page().findByRole('button', { name: '更换头像' }))
    const dialog = screen.getByRole('dialog', { name: '更换头像' })
    const input = within(dialog).getByLabelText('选择图片')
    expect(input.getAttribute('accept')).toBe('image/*')

    const large = new File([new Uint8Array(3 * 1024 * 1024)], 'large.png', { type: 'image/png' })
    fireEvent.change(input, { target: { files: [large] } })
    await waitFor(() => expect(descriptionOf(input)).toContain('图片须小于 2 MB'))
    expect((within(dialog).getByRole('button', { name: '上传' }) as HTMLButtonElement).disabled).toBe(true)

    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' })
    fireEvent.change(input, { target: { files: [text] } })
    await waitFor(() => expect(descriptionOf(input)).toContain('请选择 JPEG、PNG、WebP 或 GIF 格式的图片'))
    expect((within(dialog).getByRole('button', { name: '上传' }) as HTMLButtonElement).disabled).toBe(true)
    expect(uploads).toEqual([])
    expect(updateAvatar).not.toHaveBeenCalled()

    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('previews and uploads a small image, then shows it as the avatar', async () => {
    serveAround()
    serveSignedIn()
    const uploaded: { name: string; size: number }[] = []
    vi.mocked(updateAvatar).mockImplementationOnce(async (file) => {
      uploaded.push({ name: file.name, size: file.size })
      return { avatar: '/media/avatars/7-new.png' }
    })
    await open('/userinfo')

    fireEvent.click(await page().findByRole('button', { name: '更换头像' }))
    const dialog = screen.getByRole('dialog', { name: '更换头像' })
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', {
      type: 'image/png',
    })
    fireEvent.change(within(dialog).getByLabelText('选择图片'), { target: { files: [png] } })
    expect(await within(dialog).findByRole('img', { name: '头像预览' })).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '上传' }))

    const avatar = await page().findByRole('img', { name: '当前头像' })
    expect(avatar.getAttribute('src')).toBe('/media/avatars/7-new.png')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(uploaded).toEqual([{ name: 'me.png', size: 8 }])
    expect(currentToasts().map((toast) => toast.message)).toContain('头像已更新')
  })
})

describe('change password page', () => {
  it('shows a wrong current password under its field, then changes it and returns to the profile', async () => {
    serveAround()
    serveSignedIn()
    let attempt = 0
    const changes = recordBodies('put', '/mall/user/changePwd', () => {
      attempt += 1
      return attempt === 1 ? failed(400, 'password: is not your current password') : ok(null)
    })
    const { router } = await open('/change-password')

    await screen.findByRole('heading', { name: '修改密码' })
    type('当前密码', 'Oldpass1!')
    type('新密码', 'Newpass1!')
    type('确认新密码', 'Newpass2!')
    fireEvent.click(page().getByRole('button', { name: '修改密码' }))
    await waitFor(() =>
      expect(descriptionOf(page().getByLabelText('确认新密码'))).toBe('两次输入的密码不一致'),
    )
    expect(changes).toEqual([])

    type('确认新密码', 'Newpass1!')
    fireEvent.click(page().getByRole('button', { name: '修改密码' }))
    await waitFor(() => expect(descriptionOf(page().getByLabelText('当前密码'))).toBe('当前密码不正确'))

    type('当前密码', 'Realpass1!')
    fireEvent.click(page().getByRole('button', { name: '修改密码' }))
    expect(await screen.findByRole('heading', { name: '个人信息' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/userinfo')
    expect(currentToasts().map((toast) => toast.message)).toContain('密码已修改')
    expect(changes).toEqual([
      { password: 'Oldpass1!', newPassword: 'Newpass1!', confirmPassword: 'Newpass1!' },
      { password: 'Realpass1!', newPassword: 'Newpass1!', confirmPassword: 'Newpass1!' },
    ])
  })
})

describe('e-mail change link page', () => {
  const link = '/replaceEmail?username=ming.new%40example.com&code=123456'

  it('confirms the change once and asks for a new login', async () => {
    serveAround()
    const confirmations = recordBodies('put', '/mall/user/replaceEmail', () =>
      ok({ username: 'ming.new@example.com' }),
    )
    await open(link)

    expect(await page().findByText('邮箱更换成功')).toBeTruthy()
    expect(page().getByText(/ming\.new@example\.com/)).toBeTruthy()
    expect(page().getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('/login')
    expect(page().getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/')
    // the router reads 123456 as a number; the page sends the code as text, once
    expect(confirmations).toEqual([{ username: 'ming.new@example.com', code: '123456' }])
  })

  it('says the link expired', async () => {
    serveAround()
    server.use(
      http.put('*/api/mall/user/replaceEmail', () =>
        failed(400, 'code: has expired; ask for a new code', { reason: 'expired' }),
      ),
    )
    await open(link)
    expect(await page().findByText('邮箱更换链接已过期')).toBeTruthy()
    expect(page().getByRole('link', { name: '去登录' })).toBeTruthy()
    expect(page().queryByText('邮箱更换认证失败，请重新申请')).toBeNull()
  })

  it('says the change failed for a wrong or used-up code', async () => {
    serveAround()
    server.use(
      http.put('*/api/mall/user/replaceEmail', () =>
        failed(400, 'code: is not the code we sent', { reason: 'wrong' }),
      ),
    )
    await open(link)
    expect(await page().findByText('邮箱更换认证失败，请重新申请')).toBeTruthy()
    expect(page().getByRole('link', { name: '返回首页' })).toBeTruthy()
    expect(page().queryByText('邮箱更换成功')).toBeNull()
  })
})
