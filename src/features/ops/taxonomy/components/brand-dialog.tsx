import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { brandBody, type OpsBrandDto } from '../../../../domain/catalog-taxonomy.ts'
import type { MediaImageDto } from '../../../../domain/media.ts'
import { brandCalls } from '../api/taxonomy-calls.ts'
import { LogoField } from './logo-field.tsx'
import { TaxonomyDialog } from './taxonomy-dialog.tsx'

/** Adds a brand or edits one: names, sort and logo. */
export function BrandDialog(props: {
  brand: OpsBrandDto | undefined
  /** Every brand's sort, so a new one goes last. */
  sorts: number[]
  onSaved: (name: string) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { brand } = props
  const [logo, setLogo] = useState<MediaImageDto | null>(brand?.logo ?? null)
  const [uploading, setUploading] = useState(false)
  return (
    <TaxonomyDialog
      title={brand ? t`编辑品牌“${brand.name}”` : t`添加品牌`}
      item={brand}
      sorts={props.sorts}
      schema={brandBody}
      labels={{ logo: t`品牌标志` }}
      input={() => ({ logo: logo?.id ?? null })}
      save={(body) => (brand ? brandCalls.update(brand.id, body) : brandCalls.create(body))}
      holding={uploading}
      onSaved={props.onSaved}
      onCancel={props.onCancel}
      after={(form) => (
        <LogoField
          logo={logo}
          error={form.errors.logo}
          disabled={form.busy}
          onUploading={setUploading}
          onChange={(next) => {
            setLogo(next)
            form.clearError('logo')
          }}
        />
      )}
    />
  )
}
