import { Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { useLoginHref } from '../use-login-href.ts'

const link = css({ color: 'primary', textDecoration: 'underline', whiteSpace: 'nowrap' })

/** The preview needs a session: none was passed or stored, or the server refused the one there was. */
export function PreviewLoginNotice({ refused }: { refused: boolean }) {
  const loginHref = useLoginHref()
  return (
    <Notice
      tone="info"
      title={refused ? <Trans>预览链接已失效</Trans> : <Trans>登录后才能预览这件商品</Trans>}
      action={
        <HrefLink className={link} href={loginHref}>
          <Trans>去登录</Trans>
        </HrefLink>
      }
    >
      <Trans>登录后会回到这个页面。</Trans>
    </Notice>
  )
}
