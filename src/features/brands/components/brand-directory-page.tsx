import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { type BrandDto, brandNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { MediaPicture } from '../../catalog/components/product-image.tsx'
import { productSearchHref } from '../../catalog/search-link.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { groupBrands, OTHER_GROUP } from '../brand-groups.ts'

const count = css({ fontSize: 'sm', color: 'text.muted' })
const index = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })
const indexLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '9',
  height: '9',
  px: '2',
  borderRadius: 'sm',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surface',
  fontWeight: 'semibold',
  color: 'primary',
  _hover: { borderColor: 'primary' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const group = css({ display: 'flex', flexDirection: 'column', gap: '2', scrollMarginTop: '4' })
const groupTitle = css({
  fontSize: 'lg',
  fontWeight: 'bold',
  color: 'primary',
  borderBottom: '1px solid',
  borderColor: 'border',
  pb: '1',
})
const grid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    xl: 'repeat(4, minmax(0, 1fr))',
  },
})
const tile = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  height: '100%',
  p: '3',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  _hover: { borderColor: 'primary', boxShadow: 'sm' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const logoBox = css({ flex: 'none', width: '12', height: '12', objectFit: 'contain' })
const text = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0' })
const name = css({ fontWeight: 'semibold', color: 'primary', overflowWrap: 'anywhere' })

/**
 * /brands (backoffice §2 'Shopper side'): every brand, grouped by the initial of its name in the active
 * language (brand-groups.ts), with an index of the groups; each brand opens the search for its products.
 */
export function BrandDirectoryPage({ brands }: { brands: BrandDto[] }) {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const title = t`品牌大全`
  useDocumentTitle(title)
  const groups = groupBrands(language, brands)
  const total = brands.length
  const labelOf = (key: string) => (key === OTHER_GROUP ? t`其他` : key)
  const anchorOf = (position: number) => `${id}-group-${position}`
  return (
    <section className={pageStack} aria-labelledby={`${id}-title`}>
      <div className={pageHeader}>
        <h1 id={`${id}-title`} className={pageTitle}>
          {title}
        </h1>
        <p className={count}>
          <Trans>共 {total} 个品牌</Trans>
        </p>
      </div>
      {groups.length === 0 ? (
        <Notice tone="info" title={<Trans>这里还没有品牌</Trans>}>
          <Trans>有品牌后会显示在这里。</Trans>
        </Notice>
      ) : (
        <nav aria-label={t`按首字母查找品牌`}>
          <ul className={index}>
            {groups.map((entry, position) => (
              <li key={entry.key}>
                <a className={indexLink} href={`#${anchorOf(position)}`}>
                  {labelOf(entry.key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {groups.map((entry, position) => (
        <section
          key={entry.key}
          id={anchorOf(position)}
          className={group}
          aria-labelledby={`${anchorOf(position)}-title`}
        >
          <h2 id={`${anchorOf(position)}-title`} className={groupTitle}>
            {labelOf(entry.key)}
          </h2>
          <ul className={grid}>
            {entry.brands.map((brand) => (
              <li key={brand.id}>
                <BrandTile brand={brand} language={language} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}

function BrandTile({ brand, language }: { brand: BrandDto; language: Language }) {
  const productCount = brand.productCount
  return (
    <HrefLink className={tile} href={productSearchHref({ brandId: brand.id })}>
      {brand.logo ? (
        <MediaPicture
          className={logoBox}
          image={brand.logo}
          src=""
          alt=""
          sizes="48px"
          width={48}
          height={48}
        />
      ) : null}
      <span className={text}>
        <span className={name}>{brandNameIn(language, brand)}</span>
        <span className={count}>
          <Trans>{productCount} 件商品</Trans>
        </span>
      </span>
    </HrefLink>
  )
}
