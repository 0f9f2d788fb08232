import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { css } from '../../../../styled-system/css'
import type { FooterArticleDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { getFooterArticles } from '../api/get-footer.ts'

/** Spec §9: the footer has 4 columns. */
export const FOOTER_COLUMNS = 4

/** Spec §2: the articles fall into the 4 columns by their type modulo 4, in the order the server sent them. */
export function footerColumns(articles: FooterArticleDto[]): FooterArticleDto[][] {
  const columns: FooterArticleDto[][] = Array.from({ length: FOOTER_COLUMNS }, () => [])
  for (const article of articles) {
    const column = ((article.type % FOOTER_COLUMNS) + FOOTER_COLUMNS) % FOOTER_COLUMNS
    columns[column]?.push(article)
  }
  return columns
}

export function articleHref(article: Pick<FooterArticleDto, 'id' | 'type'>): string {
  return `/article/${article.id}?type=${article.type}`
}

const footer = css({ mt: '12', bg: 'gray.900', color: 'gray.200' })
const inner = css({ maxWidth: '7xl', mx: 'auto', px: { base: '3', md: '4' }, py: '8' })
const grid = css({
  display: 'grid',
  gap: '6',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
})
const column = css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' })
const link = css({
  color: 'gray.200',
  borderRadius: 'sm',
  _hover: { color: 'white', textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const copyright = css({ mt: '8', fontSize: 'xs', color: 'gray.400', textAlign: 'center' })
const srOnly = css({ srOnly: true })

/**
 * The site footer (spec §2): the shop's article links in 4 columns, each opening in a new tab. The list
 * follows the language; a failed load leaves only the copyright line.
 */
export function SiteFooter({ language }: { language: Language }) {
  const { t } = useLingui()
  const [articles, setArticles] = useState<FooterArticleDto[]>([])

  useEffect(() => {
    let current = true
    getFooterArticles(language).then(
      (loaded) => {
        if (current) setArticles(Array.isArray(loaded) ? loaded : [])
      },
      () => {
        // quiet: the footer keeps what it had
      },
    )
    return () => {
      current = false
    }
  }, [language])

  const year = new Date().getFullYear()
  return (
    <footer className={footer}>
      <div className={inner}>
        {articles.length > 0 ? (
          <nav aria-label={t`帮助与说明`} className={grid}>
            {footerColumns(articles).map((entries, index) => (
              // the columns are fixed slots, not a list that reorders
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <ul key={index} className={column}>
                {entries.map((article) => (
                  <li key={article.id}>
                    <a className={link} href={articleHref(article)} target="_blank" rel="noopener">
                      {article.name}
                      <span className={srOnly}>
                        <Trans>（在新标签页中打开）</Trans>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            ))}
          </nav>
        ) : null}
        <p className={copyright}>© {year} Yoyaku 予約</p>
      </div>
    </footer>
  )
}
