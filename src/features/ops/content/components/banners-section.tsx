import { Trans, useLingui } from '@lingui/react/macro'
import { type DragEvent, useState } from 'react'
import { css, cx } from '../../../../../styled-system/css'
import { mutedText } from '../../components/ops-table.ts'
import { SortButtons } from '../../taxonomy/components/sort-buttons.tsx'
import { bannerCalls } from '../api/content-calls.ts'
import { bannerStateAt, bannerStateText, contentRefusalText, scheduleText } from '../content-text.ts'
import { movedIds } from '../reorder.ts'
import { nextSortOf, useContentRoom } from '../use-content-room.ts'
import { BannerDialog } from './banner-dialog.tsx'
import { ContentSection } from './content-section.tsx'

const thumbnail = css({
  width: '32',
  height: '8',
  objectFit: 'cover',
  borderRadius: 'sm',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surface.muted',
})
const handle = css({ cursor: 'grab', color: 'text.muted', userSelect: 'none', fontSize: 'lg' })
const dropTarget = css({ outline: '2px dashed', outlineColor: 'secondary', outlineOffset: '-2px' })
const link = css({ maxWidth: '56', overflowWrap: 'anywhere' })
const stateTone = {
  showing: css({ color: 'green.700', fontWeight: 'medium' }),
  scheduled: css({ color: 'text' }),
  ended: css({ color: 'text.muted' }),
  inactive: css({ color: 'text.muted' }),
}

/**
 * The home carousel's banners: a table in the shop's order with each picture, name, link, schedule
 * (shop time) and whether shoppers see it now. Rows are reordered by dragging, or by keyboard with
 * ↑/↓; either saves the whole order with one call.
 */
export function BannersSection() {
  const { t } = useLingui()
  const room = useContentRoom('ops-banners', bannerCalls.list)
  const [busy, setBusy] = useState(false)
  const [dragged, setDragged] = useState<number>()
  const [over, setOver] = useState<number>()
  const { items } = room
  const now = Date.now()

  const move = async (from: number, to: number) => {
    const ids = movedIds(
      items.map((banner) => banner.id),
      from,
      to,
    )
    if (from === to) return
    setBusy(true)
    try {
      await bannerCalls.order(ids)
      room.afterChange(undefined)
    } catch (error) {
      room.afterChange(contentRefusalText(error))
    } finally {
      setBusy(false)
    }
  }
  const dropOn = (event: DragEvent, index: number) => {
    event.preventDefault()
    if (dragged !== undefined) void move(dragged, index)
    setDragged(undefined)
    setOver(undefined)
  }

  return (
    <ContentSection
      room={room}
      title={<Trans>首页横幅</Trans>}
      addLabel={<Trans>添加横幅…</Trans>}
      intro={
        <Trans>
          横幅按顺序在首页轮播，只在启用且处于展示时间内时显示（日本时间）。拖动行或用 ↑/↓ 调整顺序。
        </Trans>
      }
      empty={<Trans>还没有横幅</Trans>}
      tableLabel={t`横幅列表`}
      busy={busy}
      columns={[
        {
          header: (
            <>
              <span aria-hidden="true">⠿</span>
              <span className={css({ srOnly: true })}>
                <Trans>拖动排序</Trans>
              </span>
            </>
          ),
          decorative: true,
          tone: () => handle,
          cell: () => '⠿',
        },
        {
          header: <Trans>图片</Trans>,
          cell: (banner) => (
            <img
              className={thumbnail}
              src={banner.imgUrl}
              alt={t`${banner.name} 的图片`}
              loading="lazy"
              draggable={false}
            />
          ),
        },
        { header: <Trans>名称</Trans>, cell: (banner) => banner.name },
        {
          header: <Trans>跳转地址</Trans>,
          tone: (banner) => cx(link, banner.jumpUrl ? undefined : mutedText),
          cell: (banner) => banner.jumpUrl ?? '—',
        },
        {
          header: <Trans>展示时间（日本时间）</Trans>,
          cell: (banner) => scheduleText(banner.startAt, banner.endAt),
        },
        {
          header: <Trans>状态</Trans>,
          tone: (banner) => stateTone[bannerStateAt(banner, now)],
          cell: (banner) => bannerStateText(bannerStateAt(banner, now)),
        },
        { header: <Trans>排序</Trans>, numeric: true, cell: (banner) => banner.sort },
      ]}
      rowProps={(banner, index) => ({
        draggable: !busy,
        className: over === index && dragged !== index ? dropTarget : undefined,
        onDragStart: (event) => {
          event.dataTransfer.effectAllowed = 'move'
          event.dataTransfer.setData('text/plain', String(banner.id))
          setDragged(index)
        },
        onDragOver: (event) => {
          if (dragged === undefined) return
          event.preventDefault()
          event.dataTransfer.dropEffect = 'move'
          setOver(index)
        },
        onDrop: (event) => dropOn(event, index),
        onDragEnd: () => {
          setDragged(undefined)
          setOver(undefined)
        },
      })}
      leadActions={(banner, index) => (
        <SortButtons
          name={banner.name}
          first={index === 0}
          last={index === items.length - 1}
          busy={busy}
          onMove={(up) => void move(index, up ? index - 1 : index + 1)}
        />
      )}
      dialog={(banner) => (
        <BannerDialog
          banner={banner}
          nextSort={nextSortOf(items)}
          onCancel={room.cancel}
          onSaved={(saved) => room.done(t`横幅“${saved.name}”已保存。`)}
        />
      )}
      deleteTitle={t`删除横幅`}
      deletedText={(banner) => t`横幅“${banner.name}”已删除。`}
      remove={bannerCalls.remove}
    />
  )
}
