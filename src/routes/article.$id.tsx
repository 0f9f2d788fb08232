import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import * as v from 'valibot'
import { css } from '../../styled-system/css'
import { ArticlePage } from '../features/content/components/article-page.tsx'
import { loadArticle } from '../features/content/load-article.ts'
import { currentLanguage } from '../lib/i18n.ts'

const articleSearch = v.object({
  // the article's type (spec §2: query type); junk reads as none
  type: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99))), undefined),
})

export const Route = createFileRoute('/article/$id')({
  validateSearch: articleSearch,
  loaderDeps: ({ search }) => ({ type: search.type, language: currentLanguage() }),
  loader: ({ params, deps }) => loadArticle(params.id, deps.type, deps.language),
  pendingComponent: ArticlePending,
  component: ArticleRoute,
})

function ArticleRoute() {
  const result = Route.useLoaderData()
  const router = useRouter()
  return <ArticlePage result={result} onRetry={() => void router.invalidate()} />
}

const pending = css({ color: 'text.muted', fontSize: 'sm' })

function ArticlePending() {
  const { t } = useLingui()
  return (
    <p className={pending} role="status" aria-busy="true">
      {t`正在加载文章…`}
    </p>
  )
}
