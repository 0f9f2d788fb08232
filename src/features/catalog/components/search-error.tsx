import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'
import { Notice } from '../../../components/ui/notice.tsx'
import { validationText } from '../../../lib/validation-text.ts'
import { isInvalidInputFailure } from '../routing/load-failure.ts'
import { CatalogLoadError } from './catalog-load-error.tsx'

const link = css({ color: 'primary', textDecoration: 'underline', whiteSpace: 'nowrap' })

/**
 * A search the server refused as sent (400: words too long, a filter out of range) says which part
 * and how to start over; any other failure is the catalog's load error with its retry.
 */
export function SearchError({ error }: { error: unknown }) {
  const { t } = useLingui()
  if (!isInvalidInputFailure(error)) return <CatalogLoadError error={error} />
  // The server names the query field: `keywords: must be at most 100 characters`.
  const field = /^(\w+):/.exec(error.message)?.[1]
  const fieldLabels: Record<string, string> = {
    keywords: t`搜索词`,
    category: t`分类`,
    type: t`商品类型`,
    series: t`系列`,
    pageNum: t`页码`,
  }
  const fieldLabel = field ? fieldLabels[field] : undefined
  const reason = validationText(error.message)
  return (
    <Notice
      tone="warning"
      title={<Trans>搜索条件无效</Trans>}
      action={
        <Link className={link} to="/product-search/list">
          <Trans>清除条件，重新搜索</Trans>
        </Link>
      }
    >
      {fieldLabel ? (
        <Trans>
          {fieldLabel}：{reason}
        </Trans>
      ) : (
        reason
      )}
    </Notice>
  )
}
