import { Trans, useLingui } from '@lingui/react/macro'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import type { OpsCategoryDto } from '../../../../domain/catalog-taxonomy.ts'
import { categoryCalls } from '../api/taxonomy-calls.ts'
import { useTaxonomyRoom } from '../use-taxonomy-room.ts'
import { CategoryDialog } from './category-dialog.tsx'
import { TaxonomyPage } from './taxonomy-page.tsx'

const topName = css({ fontWeight: 'semibold' })
const childName = css({ pl: '6', _before: { content: '"└ "', color: 'text.muted' } })

const bodyOf = (category: OpsCategoryDto, sort: number) => ({
  name: category.name,
  jpName: category.jpName,
  enName: category.enName,
  parentId: category.parentId,
  sort,
})

/**
 * /ops/categories: the two-level category tree, children under their parent. Add at the top or under
 * a parent, edit names, sort and parent, move with ↑/↓, delete what nothing uses.
 */
export function CategoriesPage() {
  const { t } = useLingui()
  const room = useTaxonomyRoom('ops-categories', categoryCalls.list, (category, sort) =>
    categoryCalls.update(category.id, bodyOf(category, sort)),
  )
  const tops = room.items
  // each top-level category, then its children; each moves among its siblings
  const rows = tops.flatMap((top, index) => [
    { item: top, siblings: tops, index },
    ...top.children.map((child, childIndex) => ({ item: child, siblings: top.children, index: childIndex })),
  ])
  return (
    <TaxonomyPage
      room={room}
      rows={rows}
      title={<Trans>商品分类</Trans>}
      addLabel={<Trans>添加一级分类…</Trans>}
      intro={<Trans>分类共两级。排序数字小的排在前面；用 ↑/↓ 与相邻的分类交换位置。</Trans>}
      empty={<Trans>还没有分类</Trans>}
      tableLabel={t`分类列表`}
      nameClassName={(category) => (category.parentId === null ? topName : childName)}
      moreActions={(category) =>
        category.parentId === null ? (
          <Button
            variant="ghost"
            aria-label={t`添加子分类：${category.name}`}
            onClick={() => room.start({ kind: 'add', parentId: category.id })}
          >
            <Trans>添加子分类</Trans>
          </Button>
        ) : null
      }
      dialog={(editing) => (
        <CategoryDialog
          category={editing.kind === 'edit' ? editing.item : undefined}
          parentId={editing.kind === 'add' ? editing.parentId : null}
          tops={tops}
          onCancel={room.cancel}
          onSaved={(name) => room.done(t`分类“${name}”已保存。`)}
        />
      )}
      deleteTitle={t`删除分类`}
      deletedText={(category) => t`分类“${category.name}”已删除。`}
      remove={categoryCalls.remove}
    />
  )
}
