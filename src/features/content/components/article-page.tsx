import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { shopDate } from '../../../domain/dates.ts'
import type { ArticleResult } from '../load-article.ts'
import { RichText } from './rich-text.tsx'

const page = css({ maxWidth: '3xl', mx: 'auto', display: 'flex', flexDirection: 'column', gap: '4' })
const title = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', color: 'primary' })
const meta = css({ fontSize: 'xs', color: 'text.muted' })
const body = css({
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  p: { base: '4', md: '6' },
})

/** An article of the shop (rules, help, notices): its title and its content. */
export function ArticlePage(props: { result: ArticleResult; onRetry: () => void }) {
  const { result } = props
  if (result.kind === 'missing') {
    return (
      <Notice
        tone="info"
        title={<Trans>找不到这篇文章</Trans>}
        action={
          <Link to="/">
            <Trans>返回首页</Trans>
          </Link>
        }
      >
        <Trans>文章可能已被删除，或链接有误。</Trans>
      </Notice>
    )
  }
  if (result.kind === 'failed') {
    return (
      <Notice
        tone={result.offline ? 'warning' : 'error'}
        title={result.offline ? <Trans>你现在处于离线状态</Trans> : <Trans>文章加载失败</Trans>}
        action={
          <Button onClick={props.onRetry}>
            <Trans>重试</Trans>
          </Button>
        }
      >
        {result.offline ? (
          <Trans>本机还没有保存这篇文章。连上网络后再试。</Trans>
        ) : (
          <Trans>请稍后重试；如果一直失败，请联系客服。</Trans>
        )}
      </Notice>
    )
  }
  const { article } = result
  const updated = shopDate(article.updatedAt)
  return (
    <article className={page}>
      <h1 className={title}>{article.name}</h1>
      {updated ? (
        <p className={meta}>
          <Trans>更新于 {updated}</Trans>
        </p>
      ) : null}
      <div className={body}>
        {article.content ? (
          <RichText html={article.content} />
        ) : (
          <p className={meta}>
            <Trans>这篇文章还没有内容。</Trans>
          </p>
        )}
      </div>
    </article>
  )
}
