import { Trans, useLingui } from '@lingui/react/macro'
import type { OpsBrandDto } from '../../../../domain/catalog-taxonomy.ts'
import { brandCalls } from '../api/taxonomy-calls.ts'
import { useTaxonomyRoom } from '../use-taxonomy-room.ts'
import { BrandDialog } from './brand-dialog.tsx'
import { LogoImage } from './logo-image.tsx'
import { TaxonomyPage } from './taxonomy-page.tsx'

const bodyOf = (brand: OpsBrandDto, sort: number) => ({
  name: brand.name,
  jpName: brand.jpName,
  enName: brand.enName,
  logo: brand.logo?.id ?? null,
  sort,
})

/** /ops/brands: every brand with its logo, names, sort and product count. */
export function BrandsPage() {
  const { t } = useLingui()
  const room = useTaxonomyRoom('ops-brands', brandCalls.list, (brand, sort) =>
    brandCalls.update(brand.id, bodyOf(brand, sort)),
  )
  return (
    <TaxonomyPage
      room={room}
      title={<Trans>品牌</Trans>}
      addLabel={<Trans>添加品牌…</Trans>}
      intro={<Trans>品牌名称和标志显示在商品页和品牌目录中。排序数字小的排在前面。</Trans>}
      empty={<Trans>还没有品牌</Trans>}
      tableLabel={t`品牌列表`}
      lead={{
        header: <Trans>标志</Trans>,
        cell: (brand) =>
          brand.logo ? <LogoImage logo={brand.logo} alt={t`${brand.name} 的标志`} size="small" /> : '—',
      }}
      dialog={(editing) => (
        <BrandDialog
          brand={editing.kind === 'edit' ? editing.item : undefined}
          sorts={room.items.map((brand) => brand.sort)}
          onCancel={room.cancel}
          onSaved={(name) => room.done(t`品牌“${name}”已保存。`)}
        />
      )}
      deleteTitle={t`删除品牌`}
      deletedText={(brand) => t`品牌“${brand.name}”已删除。`}
      remove={brandCalls.remove}
    />
  )
}
