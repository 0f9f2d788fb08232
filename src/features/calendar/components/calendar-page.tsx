import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { SelectField } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { brandNameIn, seriesNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { isProductType, PRODUCT_TYPE_LABEL, productTypeOptions } from '../../../domain/product-type.ts'
import { shiftMonth } from '../../../domain/release-calendar.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { dayLabel, groupByDay, monthLabel } from '../calendar-days.ts'
import type { CalendarSearch } from '../routing/calendar-search.ts'
import type { CalendarPageData } from '../routing/load-calendar.ts'
import { CalendarEntry } from './calendar-entry.tsx'
import { CalendarFeedPanel } from './calendar-feed-panel.tsx'

const count = css({ fontSize: 'sm', color: 'text.muted' })
const monthBar = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const monthTitle = css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'bold', textAlign: 'center' })
const filterBar = css({
  // a fieldset groups the filters for assistive technology; it draws nothing of its own
  border: 'none',
  minWidth: '0',
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
  alignItems: 'end',
  p: { base: '3', md: '4' },
  bg: 'surface.muted',
  borderRadius: 'md',
})
const checkboxRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  cursor: 'pointer',
})
const days = css({ display: 'flex', flexDirection: 'column', gap: '5' })
const dayTitle = css({
  fontSize: 'md',
  fontWeight: 'bold',
  color: 'primary',
  borderBottom: '1px solid',
  borderColor: 'border',
  pb: '1',
  mb: '2',
})
const entryList = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
})

/** The filters of the address: every one but the month. */
export type CalendarFilters = Omit<CalendarSearch, 'month'>

// The months the API answers for (YYYY-MM texts compare as months do).
const FIRST_MONTH = '2000-01'
const LAST_MONTH = '2100-12'

/** A select's value as a filter id: '' (every) is none. */
const idOf = (value: string): number | undefined => (value === '' ? undefined : Number(value))

/**
 * The release calendar (/calendar): a month of releases and pre-order closings, day by day, with the
 * month's previous and next, the type, series, brand and (signed in) favourites filters, and for a
 * signed-in shopper the calendar feed.
 */
export function CalendarPage(props: {
  data: CalendarPageData
  filters: CalendarFilters
  onSearchChange: (next: CalendarSearch) => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const { signedIn } = useSession()
  const headingId = useId()
  const { data, filters: current } = props
  const { month } = data
  const shownMonth = monthLabel(month, language)
  useDocumentTitle(`${t`发售日历`} ${shownMonth}`)
  const grouped = groupByDay(data.calendar.list)
  const total = data.calendar.list.length
  const change = (patch: Partial<CalendarSearch>) => props.onSearchChange({ ...current, month, ...patch })

  return (
    <section className={pageStack} aria-labelledby={headingId}>
      <div className={pageHeader}>
        <h1 id={headingId} className={pageTitle}>
          <Trans>发售日历</Trans>
        </h1>
        <p className={count} aria-live="polite">
          <Trans>本月 {total} 项</Trans>
        </p>
      </div>
      <nav className={monthBar} aria-label={t`切换月份`}>
        <Button
          variant="ghost"
          disabled={month <= FIRST_MONTH}
          onClick={() => change({ month: shiftMonth(month, -1) })}
        >
          <span aria-hidden="true">‹ </span>
          <Trans>上个月</Trans>
        </Button>
        <h2 className={monthTitle} aria-live="polite">
          {shownMonth}
        </h2>
        <Button
          variant="ghost"
          disabled={month >= LAST_MONTH}
          onClick={() => change({ month: shiftMonth(month, 1) })}
        >
          <Trans>下个月</Trans>
          <span aria-hidden="true"> ›</span>
        </Button>
      </nav>
      <CalendarFilterBar
        data={data}
        filters={current}
        language={language}
        signedIn={signedIn}
        onChange={(patch) => change(patch)}
      />
      {total === 0 ? (
        <Notice tone="info" title={<Trans>本月没有发售或截单的商品</Trans>}>
          <Trans>换个月份或筛选条件看看。</Trans>
        </Notice>
      ) : (
        <div className={days}>
          {grouped.map((day) => (
            <section key={day.date} aria-label={dayLabel(day.date, language)}>
              <h3 className={dayTitle}>
                <time dateTime={day.date}>{dayLabel(day.date, language)}</time>
              </h3>
              <ul className={entryList}>
                {day.entries.map((entry) => (
                  <li key={`${entry.kind}-${entry.product.id}`}>
                    <CalendarEntry entry={entry} language={language} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {signedIn ? <CalendarFeedPanel /> : null}
    </section>
  )
}

/** Type, series and brand selects, and "my favourites" for a signed-in shopper. */
function CalendarFilterBar(props: {
  data: CalendarPageData
  filters: CalendarFilters
  language: Language
  signedIn: boolean
  onChange: (patch: Partial<CalendarFilters>) => void
}) {
  const { t } = useLingui()
  const { data, filters, language } = props
  const typeChoices = productTypeOptions(language)
  // A type this language does not offer (from a shared link) still shows as chosen.
  if (filters.type !== 0 && isProductType(filters.type) && !typeChoices.some((c) => c.id === filters.type)) {
    typeChoices.push({ id: filters.type, label: PRODUCT_TYPE_LABEL[filters.type][language] })
  }
  return (
    <fieldset className={filterBar} aria-label={t`筛选`}>
      <SelectField
        label={<Trans>类型</Trans>}
        value={String(filters.type)}
        onChange={(event) => {
          const type = Number(event.currentTarget.value)
          props.onChange({ type: isProductType(type) ? type : 0 })
        }}
      >
        <option value="0">{PRODUCT_TYPE_LABEL[0][language]}</option>
        {typeChoices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={<Trans>系列</Trans>}
        value={filters.seriesId === undefined ? '' : String(filters.seriesId)}
        onChange={(event) => props.onChange({ seriesId: idOf(event.currentTarget.value) })}
      >
        <option value="">{t`全部`}</option>
        {data.series.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {seriesNameIn(language, entry) ?? entry.seriesName}
          </option>
        ))}
        {filters.seriesId !== undefined && !data.series.some((entry) => entry.id === filters.seriesId) ? (
          <option value={filters.seriesId}>#{filters.seriesId}</option>
        ) : null}
      </SelectField>
      <SelectField
        label={<Trans>品牌</Trans>}
        value={filters.brandId === undefined ? '' : String(filters.brandId)}
        onChange={(event) => props.onChange({ brandId: idOf(event.currentTarget.value) })}
      >
        <option value="">{t`全部`}</option>
        {data.brands.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brandNameIn(language, brand)}
          </option>
        ))}
        {filters.brandId !== undefined && !data.brands.some((brand) => brand.id === filters.brandId) ? (
          <option value={filters.brandId}>#{filters.brandId}</option>
        ) : null}
      </SelectField>
      {props.signedIn ? (
        <label className={checkboxRow}>
          <input
            type="checkbox"
            checked={data.favourites}
            onChange={(event) => props.onChange({ favourites: event.currentTarget.checked ? 1 : undefined })}
          />
          <Trans>只看我的收藏</Trans>
        </label>
      ) : null}
    </fieldset>
  )
}
