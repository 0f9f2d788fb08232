import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { type AuditEntryDto, auditDiff, auditTimeText } from '../../../../domain/audit.ts'
import { OpsTable, TableHead } from '../../components/list-page.tsx'
import { mutedText } from '../../components/ops-table.ts'
import { actionLabel, entityLabel } from '../audit-labels.ts'
import { changeValueText } from '../audit-text.ts'

const code = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' })
const toggle = css({
  color: 'primary',
  textDecoration: 'underline',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const detailCell = css({ bg: 'surface.muted' })
const diffTable = css({
  width: 'full',
  borderCollapse: 'collapse',
  fontSize: 'xs',
  '& th, & td': {
    px: '2',
    py: '1',
    textAlign: 'start',
    verticalAlign: 'top',
    borderBottom: '1px solid',
    borderColor: 'border',
  },
  '& td': { fontFamily: 'mono', whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
})
const oldValue = css({ color: 'red.700' })
const newValue = css({ color: 'green.700' })
const reasonText = css({ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxWidth: 'xs' })

/** The trail's rows, newest first; each row opens to what it changed. */
export function AuditTable(props: { rows: AuditEntryDto[]; busy: boolean }) {
  const { t } = useLingui()
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set())
  const flip = (id: number) =>
    setOpen((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })

  return (
    <OpsTable
      label={t`审计日志`}
      busy={props.busy}
      columns={[t`时间（日本时间）`, t`操作人`, t`操作`, t`对象`, t`原因`, t`变更`]}
    >
      {props.rows.map((row) => {
        const expanded = open.has(row.id)
        const detailId = `audit-row-${row.id}-changes`
        return (
          <Fragment key={row.id}>
            <tr>
              <td>
                <time dateTime={row.at}>{auditTimeText(row.at)}</time>
              </td>
              <td>
                {row.actorId === null ? (
                  <Trans>系统（自动任务）</Trans>
                ) : (
                  (row.actorEmail ?? <Trans>已删除的账号 #{row.actorId}</Trans>)
                )}
              </td>
              <td>
                {actionLabel(row.action)}
                <div className={code}>{row.action}</div>
              </td>
              <td>
                {entityLabel(row.entity)}
                <div className={mutedText}>#{row.entityId}</div>
              </td>
              <td className={reasonText}>{row.reason ?? <span className={mutedText}>—</span>}</td>
              <td>
                <button
                  type="button"
                  className={toggle}
                  aria-expanded={expanded}
                  aria-controls={detailId}
                  aria-label={expanded ? t`收起第 ${row.id} 条记录的变更` : t`查看第 ${row.id} 条记录的变更`}
                  onClick={() => flip(row.id)}
                >
                  {expanded ? <Trans>收起</Trans> : <Trans>查看</Trans>}
                </button>
              </td>
            </tr>
            {expanded ? (
              <tr id={detailId}>
                <td colSpan={6} className={detailCell}>
                  <ChangeList row={row} />
                </td>
              </tr>
            ) : null}
          </Fragment>
        )
      })}
    </OpsTable>
  )
}

/** What one row changed: each changed key with its old and new value. */
function ChangeList(props: { row: AuditEntryDto }) {
  const { t } = useLingui()
  const changes = auditDiff(props.row.before, props.row.after)
  if (changes.length === 0) {
    return (
      <p className={mutedText}>
        <Trans>这条记录没有记下字段的变化。</Trans>
      </p>
    )
  }
  return (
    <table className={diffTable} aria-label={t`第 ${props.row.id} 条记录的变更`}>
      <TableHead columns={[t`字段`, t`原值`, t`新值`]} />
      <tbody>
        {changes.map((change) => (
          <tr key={change.key}>
            <th scope="row" className={code}>
              {change.key || t`（值）`}
            </th>
            <td className={oldValue}>{changeValueText(change.before)}</td>
            <td className={newValue}>{changeValueText(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
