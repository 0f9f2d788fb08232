import { Trans, useLingui } from '@lingui/react/macro'
import type { OpsSeriesDto } from '../../../../domain/catalog-taxonomy.ts'
import { seriesCalls } from '../api/taxonomy-calls.ts'
import { useRowChange } from '../use-reorder.ts'
import { useTaxonomyRoom } from '../use-taxonomy-room.ts'
import { SeriesDialog } from './series-dialog.tsx'
import { TaxonomyPage } from './taxonomy-page.tsx'

const bodyOf = (series: OpsSeriesDto, changes: { sort?: number; hot?: boolean }) => ({
  name: series.name,
  jpName: series.jpName,
  enName: series.enName,
  sort: changes.sort ?? series.sort,
  hot: changes.hot ?? series.hot,
})

/** /ops/series: every series with its names, sort, hot flag (switched in place) and product count. */
export function SeriesPage() {
  const { t } = useLingui()
  const room = useTaxonomyRoom('ops-series', seriesCalls.list, (series, sort) =>
    seriesCalls.update(series.id, bodyOf(series, { sort })),
  )
  // ↑/↓ and the hot switch save at once; every row waits while one runs
  const hotSwitch = useRowChange(room.afterChange)
  const busy = room.reorder.busy || hotSwitch.busy
  return (
    <TaxonomyPage
      room={room}
      busy={busy}
      title={<Trans>商品系列</Trans>}
      addLabel={<Trans>添加系列…</Trans>}
      intro={<Trans>标为热门的系列列在商城的热门系列中。排序数字小的排在前面。</Trans>}
      empty={<Trans>还没有系列</Trans>}
      tableLabel={t`系列列表`}
      beforeCount={{
        header: <Trans>热门</Trans>,
        cell: (series) => (
          <input
            type="checkbox"
            aria-label={t`热门：${series.name}`}
            checked={series.hot}
            disabled={busy}
            onChange={() =>
              void hotSwitch.run(() => seriesCalls.update(series.id, bodyOf(series, { hot: !series.hot })))
            }
          />
        ),
      }}
      dialog={(editing) => (
        <SeriesDialog
          series={editing.kind === 'edit' ? editing.item : undefined}
          sorts={room.items.map((series) => series.sort)}
          onCancel={room.cancel}
          onSaved={(name) => room.done(t`系列“${name}”已保存。`)}
        />
      )}
      deleteTitle={t`删除系列`}
      deletedText={(series) => t`系列“${series.name}”已删除。`}
      remove={seriesCalls.remove}
    />
  )
}
