import { Trans, useLingui } from '@lingui/react/macro'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import type { UploadProgress } from '../../../../lib/upload-with-progress.ts'

const box = css({ display: 'flex', alignItems: 'center', gap: '3', fontSize: 'sm' })
const bar = css({ flex: '1', height: '2', accentColor: 'secondary' })

/** How much of the file has gone up; once all of it, that the server is reading it. */
export function UploadProgressBar(props: {
  progress: UploadProgress | undefined
  applying: boolean
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { progress } = props
  const percent =
    progress?.total && progress.total > 0
      ? Math.min(100, Math.round((progress.loaded / progress.total) * 100))
      : 0
  const sent = percent >= 100
  return (
    <div className={box} role="status">
      <progress
        className={bar}
        aria-label={t`上传进度`}
        max={100}
        // indeterminate (no value) while the server reads the file
        value={sent ? undefined : percent}
      />
      <span>
        {sent ? (
          props.applying ? (
            <Trans>正在导入…</Trans>
          ) : (
            <Trans>正在检查…</Trans>
          )
        ) : (
          <Trans>正在上传… {percent}%</Trans>
        )}
      </span>
      {/* once an apply's file is up the server is writing it: too late to take it back */}
      {props.applying && sent ? null : (
        <Button variant="ghost" onClick={props.onCancel}>
          <Trans>取消</Trans>
        </Button>
      )}
    </div>
  )
}
