import { fireEvent, screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ArticleDto } from '../../src/domain/catalog.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })

const rules: ArticleDto = {
  id: 180,
  type: 2,
  name: '会员等级规则',
  content: '<h2>VIP 等级</h2><p>按<strong>当月消费</strong>计算，<a href="/score">查看积分</a>。</p>',
  updatedAt: '2027-01-05T03:00:00.000Z',
}

/** Serves article 180; returns the queries it was asked with. */
function serveArticle(answer: () => Response = () => ok(rules)) {
  const asked: { path: string; type: string | null; language: string | null }[] = []
  server.use(
    http.get('*/api/mall/article/:id', ({ request }) => {
      const url = new URL(request.url)
      asked.push({
        path: url.pathname,
        type: url.searchParams.get('type'),
        language: url.searchParams.get('language'),
      })
      return answer()
    }),
  )
  return asked
}

describe('article page', () => {
  it('shows the article’s title and its content, asked by id, type and language', async () => {
    const asked = serveArticle()
    await renderApp('/article/180?type=2')
    expect(await screen.findByRole('heading', { level: 1, name: '会员等级规则' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'VIP 等级' })).toBeTruthy()
    expect(screen.getByText('当月消费').tagName).toBe('STRONG')
    expect(screen.getByRole('link', { name: '查看积分' }).getAttribute('href')).toBe('/score')
    expect(screen.getByText('更新于 2027-01-05')).toBeTruthy()
    expect(asked).toEqual([{ path: '/api/mall/article/180', type: '2', language: 'zhCn' }])
  })

  it('asks without a type when the link has none or a junk one', async () => {
    const asked = serveArticle()
    await renderApp('/article/180?type=abc')
    await screen.findByRole('heading', { level: 1, name: '会员等级规则' })
    expect(asked).toEqual([{ path: '/api/mall/article/180', type: null, language: 'zhCn' }])
  })

  it('loads the article again in a new language', async () => {
    const asked = serveArticle()
    await renderApp('/article/180?type=2')
    await screen.findByRole('heading', { level: 1, name: '会员等级规则' })
    fireEvent.change(await screen.findByRole('combobox', { name: '语言' }), { target: { value: 'en' } })
    await waitFor(() => expect(asked.map((entry) => entry.language)).toEqual(['zhCn', 'en']))
  })

  it('says the article does not exist, with a way home, for an unknown id', async () => {
    serveArticle(() =>
      HttpResponse.json({ code: 404, msg: 'article: not found', data: null }, { status: 404 }),
    )
    await renderApp('/article/999?type=2')
    expect(await screen.findByText('找不到这篇文章')).toBeTruthy()
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('does not ask the server for an id that cannot be one', async () => {
    const asked = serveArticle()
    await renderApp('/article/abc')
    expect(await screen.findByText('找不到这篇文章')).toBeTruthy()
    expect(asked).toEqual([])
  })

  it('says a failure is one, and loads again on retry', async () => {
    serveArticle(() => HttpResponse.json({ code: 500, msg: 'Internal error', data: null }, { status: 500 }))
    await renderApp('/article/180?type=2')
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByText('文章加载失败')).toBeTruthy()

    serveArticle()
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('heading', { level: 1, name: '会员等级规则' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
