import { Trans } from '@lingui/react/macro'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { Notice } from '../../../../components/ui/notice.tsx'
import type { OpsProductDto } from '../../../../domain/product-editor.ts'
import { shopDateTime } from '../../format.ts'

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })

/**
 * A save refused because someone saved the product in the meantime (409). What was typed stays in
 * the form; the operator takes their version or saves this one over it.
 */
export function ProductConflictNotice(props: {
  current: OpsProductDto
  saving: boolean
  onLoadTheirs: () => void
  onOverwrite: () => void
}) {
  const savedAt = shopDateTime(props.current.updatedAt)
  return (
    <Notice
      tone="warning"
      title={<Trans>保存期间有人修改了这个商品</Trans>}
      action={
        <span className={actions}>
          <Button variant="secondary" disabled={props.saving} onClick={props.onLoadTheirs}>
            <Trans>载入对方的版本</Trans>
          </Button>
          <Button disabled={props.saving} onClick={props.onOverwrite}>
            <Trans>用我的覆盖</Trans>
          </Button>
        </span>
      }
    >
      <Trans>
        对方的版本保存于 {savedAt}
        （日本时间）。你输入的内容都还在：可以载入对方的版本（放弃你的修改），或用你的内容覆盖它。
      </Trans>
    </Notice>
  )
}
