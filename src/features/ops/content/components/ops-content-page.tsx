import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useId, useRef } from 'react'
import { css } from '../../../../../styled-system/css'
import { listPage, pageTitle } from '../../components/ops-table.ts'
import { CONTENT_TABS, type ContentTab } from '../content-search.ts'
import { AnnouncementsSection } from './announcements-section.tsx'
import { ArticlesSection } from './articles-section.tsx'
import { BannersSection } from './banners-section.tsx'
import { CustomerServiceSection } from './customer-service-section.tsx'

const tabList = css({
  display: 'flex',
  gap: '1',
  borderBottom: '1px solid',
  borderColor: 'border',
  overflowX: 'auto',
})
const tabButton = css({
  px: '4',
  py: '2',
  fontSize: 'sm',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  borderBottom: '2px solid transparent',
  mb: '-1px',
  color: 'text.muted',
  _hover: { color: 'text' },
  '&[aria-selected=true]': { color: 'primary', borderBottomColor: 'primary' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '-2px' },
})

/**
 * /ops/content (backoffice §3): what shoppers read besides the catalog, one tab each: the home's
 * banners, the announcements, the articles (the footer's pages) and the customer-service contacts.
 * The tabs follow the WAI-ARIA pattern: ←/→, Home and End move between them.
 */
export function OpsContentPage(props: { tab: ContentTab; onTab: (tab: ContentTab) => void }) {
  const { t } = useLingui()
  const id = useId()
  const tabs = useRef(new Map<ContentTab, HTMLButtonElement>())
  const labels: Record<ContentTab, string> = {
    banners: t`横幅`,
    announcements: t`公告`,
    articles: t`文章`,
    service: t`客服`,
  }
  const select = (tab: ContentTab) => {
    props.onTab(tab)
    tabs.current.get(tab)?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const index = CONTENT_TABS.indexOf(props.tab)
    const last = CONTENT_TABS.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % CONTENT_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % CONTENT_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    const tab = next === undefined ? undefined : CONTENT_TABS[next]
    if (!tab) return
    event.preventDefault()
    select(tab)
  }
  return (
    <div className={listPage}>
      <h1 className={pageTitle}>
        <Trans>内容</Trans>
      </h1>
      <div role="tablist" aria-label={t`内容类别`} className={tabList} onKeyDown={onKeyDown}>
        {CONTENT_TABS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) tabs.current.set(tab, element)
              else tabs.current.delete(tab)
            }}
            type="button"
            role="tab"
            id={`${id}-${tab}-tab`}
            aria-selected={tab === props.tab}
            aria-controls={`${id}-panel`}
            tabIndex={tab === props.tab ? 0 : -1}
            className={tabButton}
            onClick={() => props.onTab(tab)}
          >
            {labels[tab]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${props.tab}-tab`}>
        {props.tab === 'banners' ? <BannersSection /> : null}
        {props.tab === 'announcements' ? <AnnouncementsSection /> : null}
        {props.tab === 'articles' ? <ArticlesSection /> : null}
        {props.tab === 'service' ? <CustomerServiceSection /> : null}
      </div>
    </div>
  )
}
