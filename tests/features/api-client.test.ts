import { delay, HttpResponse, http } from 'msw'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ApiFailure,
  abortAllRequests,
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  apiUpload,
  configureSession,
} from '../../src/lib/api-client.ts'
import { activateLanguage } from '../../src/lib/i18n.ts'
import { clearStoredToken, readStoredToken, storeToken } from '../../src/lib/session-token.ts'
import { currentToasts, dismissAllToasts } from '../../src/lib/toast.ts'
import { server } from './support/msw-server.ts'

const ok = <T>(data: T, init?: ResponseInit) => HttpResponse.json({ code: 200, msg: 'success', data }, init)
const failed = (code: number, msg: string, data: unknown = null, status = 400) =>
  HttpResponse.json({ code, msg, data }, { status })

/** A cart call that never answers, to have something in flight. */
const hanging = () =>
  http.get('*/api/mall/cart/listCart', async () => {
    await delay('infinite')
    return ok([])
  })

const hooks = { onToken: vi.fn(), onSessionExpired: vi.fn(), onAccountDisabled: vi.fn() }

/** What the user sees: tone, text and how long it stays. */
const toastsOnScreen = () =>
  currentToasts().map(({ tone, message, durationMs }) => ({ tone, message, durationMs }))

/** Settles a call without failing the test, so the failure itself can be inspected. */
async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!(outcome instanceof ApiFailure)) throw new Error(`expected an ApiFailure, got ${String(outcome)}`)
  return outcome
}

beforeAll(async () => {
  await activateLanguage('zhCn')
  configureSession(hooks)
})
beforeEach(() => {
  vi.clearAllMocks()
})
afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

describe('api client: token', () => {
  it('sends the stored token in the token header, and none when signed out', async () => {
    const seen: (string | null)[] = []
    server.use(
      http.get('*/api/mall/user/info', ({ request }) => {
        seen.push(request.headers.get('token'))
        return ok({})
      }),
    )
    await apiGet('/mall/user/info')
    storeToken('stored.jwt.token')
    await apiGet('/mall/user/info')
    expect(seen).toEqual([null, 'stored.jwt.token'])
  })

  it('replaces the stored token with the one in a success response header and tells the session', async () => {
    storeToken('old.jwt.token')
    server.use(http.post('*/api/mall/user/login', () => ok(null, { headers: { token: 'fresh.jwt.token' } })))
    await apiPost('/mall/user/login', { username: 'a@example.com', password: 'secret123' })
    expect(readStoredToken()).toBe('fresh.jwt.token')
    expect(hooks.onToken).toHaveBeenCalledWith('fresh.jwt.token')
  })

  it('ignores a renewal that answers a call of a session signed out meanwhile', async () => {
    storeToken('old.jwt.token')
    let answer: (() => void) | undefined
    server.use(
      http.get('*/api/mall/user/info', async () => {
        await new Promise<void>((resolve) => {
          answer = resolve
        })
        return ok({}, { headers: { token: 'renewed.jwt.token' } })
      }),
    )
    const late = apiGet('/mall/user/info')
    await vi.waitFor(() => expect(answer).toBeDefined())
    clearStoredToken() // the shopper logged out while the call was on its way
    answer?.()
    await late
    expect(readStoredToken()).toBeNull()
    expect(hooks.onToken).not.toHaveBeenCalled()
  })

  it('takes a renewed token from a failure response too', async () => {
    server.use(
      http.get('*/api/mall/cart/listCart', () =>
        HttpResponse.json(
          { code: 404, msg: '购物车不存在', data: null },
          { status: 404, headers: { token: 'renewed.jwt.token' } },
        ),
      ),
    )
    await failureOf(apiGet('/mall/cart/listCart', {}, { systemNotify: false }))
    expect(readStoredToken()).toBe('renewed.jwt.token')
    expect(hooks.onToken).toHaveBeenCalledWith('renewed.jwt.token')
  })
})

describe('api client: requests', () => {
  it('drops undefined and null query values and unwraps the data', async () => {
    let search = ''
    server.use(
      http.get('*/api/mall/product/search', ({ request }) => {
        search = new URL(request.url).search
        return ok({ total: 1 })
      }),
    )
    const data = await apiGet<{ total: number }>('/mall/product/search', {
      pageNum: 1,
      keywords: undefined,
      series: null,
      language: 'zhCn',
    })
    expect(data).toEqual({ total: 1 })
    expect(search).toBe('?language=zhCn&pageNum=1')
  })

  it('sends JSON bodies on POST, PUT and DELETE with query options', async () => {
    const received: { method: string; search: string; type: string | null; body: unknown }[] = []
    const record = async ({ request }: { request: Request }) => {
      received.push({
        method: request.method,
        search: new URL(request.url).search,
        type: request.headers.get('content-type'),
        body: await request.json(),
      })
      return ok(null)
    }
    server.use(
      http.post('*/api/mall/order/createOrder', record),
      http.put('*/api/mall/user/updateBaseInfo', record),
      http.delete('*/api/mall/history/removeOrClear', record),
    )
    await apiPost('/mall/order/createOrder', { items: [1] }, { query: { score: 20 } })
    await apiPut('/mall/user/updateBaseInfo', { nickname: '小林' })
    await apiDelete('/mall/history/removeOrClear', { productId: 5 })
    expect(received).toEqual([
      { method: 'POST', search: '?score=20', type: 'application/json', body: { items: [1] } },
      { method: 'PUT', search: '', type: 'application/json', body: { nickname: '小林' } },
      { method: 'DELETE', search: '', type: 'application/json', body: { productId: 5 } },
    ])
  })

  it('uploads a form as multipart with a PUT', async () => {
    let received: { method: string; type: string; userId: FormDataEntryValue | null } | undefined
    server.use(
      http.put('*/api/mall/user/updateAvatar', async ({ request }) => {
        received = {
          method: request.method,
          type: request.headers.get('content-type') ?? '',
          userId: (await request.formData()).get('userId'),
        }
        return ok('/media/avatars/1.png')
      }),
    )
    // A text field: jsdom's Blob and File do not serialise through Node's fetch (browsers are fine).
    const form = new FormData()
    form.append('userId', '7')
    const url = await apiUpload<string>('/mall/user/updateAvatar', form)
    expect(url).toBe('/media/avatars/1.png')
    expect(received).toEqual({
      method: 'PUT',
      type: expect.stringMatching(/^multipart\/form-data; boundary=/),
      userId: '7',
    })
  })
})

describe('api client: failures', () => {
  it('turns an envelope failure into an ApiFailure and shows the server message', async () => {
    const fields = { fields: [{ field: 'password', message: 'must be 8-16 characters' }] }
    server.use(
      http.post('*/api/mall/user/register', () => failed(400, 'password: must be 8-16 characters', fields)),
    )
    const failure = await failureOf(apiPost('/mall/user/register', { password: 'x' }))
    expect(failure).toMatchObject({
      kind: 'server',
      code: 400,
      message: 'password: must be 8-16 characters',
      data: fields,
    })
    expect(toastsOnScreen()).toEqual([
      { tone: 'error', message: 'password: must be 8-16 characters', durationMs: 3000 },
    ])
  })

  it('reads a failure code inside an HTTP 200 envelope too, with retryAfterSeconds data', async () => {
    server.use(
      http.post('*/api/mall/user/code/email', () =>
        failed(429, '请求过于频繁', { retryAfterSeconds: 42 }, 200),
      ),
    )
    const failure = await failureOf(apiPost('/mall/user/code/email', { username: 'a@example.com' }))
    expect(failure).toMatchObject({ code: 429, data: { retryAfterSeconds: 42 } })
    expect(toastsOnScreen()).toEqual([{ tone: 'error', message: '请求过于频繁', durationMs: 3000 }])
  })

  it('shows the generic message when the server gives none', async () => {
    server.use(http.get('*/api/mall/order/list', () => failed(500, '', null, 500)))
    await failureOf(apiGet('/mall/order/list'))
    expect(toastsOnScreen()).toEqual([{ tone: 'error', message: '出错了，请稍后再试', durationMs: 3000 }])
  })

  it('shows the generic message when the body is no envelope', async () => {
    server.use(
      http.get('*/api/mall/order/list', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })),
    )
    const failure = await failureOf(apiGet('/mall/order/list'))
    expect(failure).toMatchObject({ kind: 'server', code: 502 })
    expect(toastsOnScreen()).toEqual([{ tone: 'error', message: '出错了，请稍后再试', durationMs: 3000 }])
  })

  it('shows nothing with systemNotify: false and leaves the failure to the caller', async () => {
    server.use(http.post('*/api/mall/user/login', () => failed(401, '账号或密码错误', null, 401)))
    const failure = await failureOf(apiPost('/mall/user/login', {}, { systemNotify: false }))
    expect(failure).toMatchObject({ kind: 'server', code: 401, message: '账号或密码错误' })
    expect(toastsOnScreen()).toEqual([])
  })

  it("shows a message containing 'Exceeds the limit' as a warning for 5 seconds", async () => {
    server.use(http.post('*/api/mall/cart/addToCart', () => failed(409, 'Exceeds the limit of 3 per order')))
    await failureOf(apiPost('/mall/cart/addToCart', { productId: 1 }))
    expect(toastsOnScreen()).toEqual([
      { tone: 'warning', message: 'Exceeds the limit of 3 per order', durationMs: 5000 },
    ])
  })

  it('shows the timeout message when there is no response', async () => {
    server.use(http.get('*/api/mall/banner/list', () => HttpResponse.error()))
    const failure = await failureOf(apiGet('/mall/banner/list'))
    expect(failure.kind).toBe('network')
    expect(toastsOnScreen()).toEqual([{ tone: 'error', message: '请求超时，请重试！', durationMs: 3000 }])
  })

  it('gives up after timeoutMs with the timeout message', async () => {
    server.use(
      http.get('*/api/mall/product/preview/7', async () => {
        await delay('infinite')
        return ok(null)
      }),
    )
    const failure = await failureOf(apiGet('/mall/product/preview/7', {}, { timeoutMs: 30 }))
    expect(failure.kind).toBe('timeout')
    expect(toastsOnScreen()).toEqual([{ tone: 'error', message: '请求超时，请重试！', durationMs: 3000 }])
  })
})

describe('api client: session codes', () => {
  it('9004: toast, every call in flight aborted silently, then the session is told', async () => {
    storeToken('stale.jwt.token')
    server.use(
      hanging(),
      http.get('*/api/mall/user/info', () => failed(9004, 'token expired', null, 401)),
    )
    const pending = failureOf(apiGet('/mall/cart/listCart'))
    const expired = await failureOf(apiGet('/mall/user/info'))
    expect(expired).toMatchObject({ kind: 'server', code: 9004 })
    expect((await pending).kind).toBe('aborted')
    expect(hooks.onSessionExpired).toHaveBeenCalledOnce()
    expect(toastsOnScreen()).toEqual([{ tone: 'error', message: '登录已超时，请重新登录', durationMs: 3000 }])
    // Clearing the token is the session feature's job (it owns what "signed out" means).
    expect(readStoredToken()).toBe('stale.jwt.token')
  })

  it('9004 of a quiet call still toasts, aborts and tells the session: the session end is global', async () => {
    server.use(
      hanging(),
      http.get('*/api/mall/user/checkToken', () => failed(9004, 'token expired', null, 401)),
    )
    const pending = failureOf(apiGet('/mall/cart/listCart'))
    await failureOf(apiGet('/mall/user/checkToken', {}, { systemNotify: false }))
    expect((await pending).kind).toBe('aborted')
    expect(hooks.onSessionExpired).toHaveBeenCalledOnce()
    expect(toastsOnScreen()).toEqual([{ tone: 'error', message: '登录已超时，请重新登录', durationMs: 3000 }])
  })

  it('9005: toast, calls aborted, the session is told the account is disabled', async () => {
    server.use(
      hanging(),
      http.get('*/api/mall/user/info', () => failed(9005, 'account disabled', null, 403)),
    )
    const pending = failureOf(apiGet('/mall/cart/listCart'))
    await failureOf(apiGet('/mall/user/info'))
    expect((await pending).kind).toBe('aborted')
    expect(hooks.onAccountDisabled).toHaveBeenCalledOnce()
    expect(hooks.onSessionExpired).not.toHaveBeenCalled()
    expect(toastsOnScreen()).toEqual([{ tone: 'error', message: '账号已被停用', durationMs: 3000 }])
  })
})

describe('api client: duplicate calls', () => {
  it('aborts the earlier of two identical calls in flight; both callers get the later answer, silently', async () => {
    // Slow enough that the earlier call is still in flight when the later one starts. (The earlier
    // one may be aborted before the mock server even sees it, so the answer cannot depend on order.)
    let received = 0
    server.use(
      http.get('*/api/mall/product/search', async () => {
        received += 1
        const answer = received
        await delay(200)
        return ok({ answer })
      }),
    )
    const earlier = apiGet('/mall/product/search', { pageNum: 1, keywords: 'miku' })
    // Same call, query written in another order.
    const later = apiGet('/mall/product/search', { keywords: 'miku', pageNum: 1 })
    const laterAnswer = await later
    expect(laterAnswer).toEqual({ answer: received })
    expect(await earlier).toBe(laterAnswer)
    expect(toastsOnScreen()).toEqual([])
  })

  it('gives the earlier caller the later call’s failure, toasted once', async () => {
    server.use(
      http.get('*/api/mall/product/search', async () => {
        await delay(100)
        return HttpResponse.json({ code: 500, msg: 'Search is resting', data: null })
      }),
    )
    const earlier = failureOf(apiGet('/mall/product/search', { keywords: 'miku' }))
    const later = failureOf(apiGet('/mall/product/search', { keywords: 'miku' }))
    expect((await earlier).message).toBe('Search is resting')
    expect((await later).message).toBe('Search is resting')
    expect(toastsOnScreen()).toEqual([{ tone: 'error', message: 'Search is resting', durationMs: 3000 }])
  })

  it('lets calls with another query or body run side by side', async () => {
    server.use(
      http.get('*/api/mall/product/search', async ({ request }) => {
        await delay(20)
        return ok(new URL(request.url).searchParams.get('pageNum'))
      }),
      http.post('*/api/mall/history/collectOrCancel/1', async ({ request }) => {
        await delay(20)
        return ok(await request.json())
      }),
    )
    const results = await Promise.all([
      apiGet('/mall/product/search', { pageNum: 1 }),
      apiGet('/mall/product/search', { pageNum: 2 }),
      apiPost('/mall/history/collectOrCancel/1', { on: true }),
      apiPost('/mall/history/collectOrCancel/1', { on: false }),
    ])
    expect(results).toEqual(['1', '2', { on: true }, { on: false }])
  })

  it("rejects silently with kind 'aborted' when the caller's signal aborts", async () => {
    server.use(hanging())
    const controller = new AbortController()
    const pending = failureOf(apiGet('/mall/cart/listCart', {}, { signal: controller.signal }))
    controller.abort()
    expect((await pending).kind).toBe('aborted')
    expect(toastsOnScreen()).toEqual([])
  })
})
