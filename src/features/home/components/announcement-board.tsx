import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import type { AnnouncementDto } from '../../../domain/catalog.ts'
import { RichText } from '../../content/components/rich-text.tsx'

/** Session-storage key: the shopper closed the announcement area in this tab. */
export const ANNOUNCEMENTS_CLOSED_KEY = 'homeAnnouncementsClosed'

function readClosed(): boolean {
  try {
    return sessionStorage.getItem(ANNOUNCEMENTS_CLOSED_KEY) === '1'
  } catch {
    return false
  }
}

function rememberClosed(): void {
  try {
    sessionStorage.setItem(ANNOUNCEMENTS_CLOSED_KEY, '1')
  } catch {
    // storage blocked: closed for as long as the page lives
  }
}

// On a phone the title and the close button share the first line and the names run below them.
const board = css({
  display: 'flex',
  flexWrap: { base: 'wrap', md: 'nowrap' },
  alignItems: 'flex-start',
  gap: '3',
  px: '4',
  py: '2',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  minWidth: '0',
})
const title = css({
  flexShrink: 0,
  flexGrow: { base: 1, md: 0 },
  py: '1',
  fontSize: 'sm',
  fontWeight: 'bold',
  color: 'primary',
})
const closeButton = css({
  flexShrink: 0,
  order: { base: 1, md: 2 },
  width: '7',
  height: '7',
  fontSize: 'lg',
  lineHeight: '1',
  color: 'text.muted',
  borderRadius: 'sm',
  cursor: 'pointer',
  _hover: { color: 'text', bg: 'surface.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const list = css({
  flex: '1',
  flexBasis: { base: '100%', md: '0' },
  order: { base: 2, md: 1 },
  minWidth: '0',
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '5',
  fontSize: 'sm',
  // a long name is cut with an ellipsis inside the board, never pushed under the close button
  '& > li': { minWidth: '0', maxWidth: '100%' },
})
const entryText = css({
  display: 'block',
  maxWidth: { base: '100%', md: '80' },
  textAlign: 'start',
  py: '1',
  truncate: true,
  _before: { content: '"•"', color: 'secondary.hover', mr: '2' },
})
const entryButton = css({
  cursor: 'pointer',
  borderRadius: 'sm',
  _hover: { color: 'primary', textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '1px' },
})
// long notices scroll inside the dialog rather than push its close button off screen
const dialogBody = css({
  maxHeight: '60vh',
  overflowY: 'auto',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/**
 * The announcement list (spec §2 'Home'): entry names; one with content opens a dialog titled with its
 * name. The whole area can be closed, and stays closed for the rest of the visit (this tab's session).
 */
export function AnnouncementBoard(props: { announcements: AnnouncementDto[]; onClosed?: () => void }) {
  const { t } = useLingui()
  const headingId = useId()
  const [closed, setClosed] = useState(readClosed)
  const [opened, setOpened] = useState<AnnouncementDto | null>(null)
  if (closed || props.announcements.length === 0) return null

  const close = () => {
    rememberClosed()
    setClosed(true)
    props.onClosed?.()
  }

  return (
    <section className={board} aria-labelledby={headingId}>
      <h2 id={headingId} className={title}>
        <Trans>公告</Trans>
      </h2>
      <ul className={list}>
        {props.announcements.map((announcement) => (
          <li key={announcement.id}>
            {announcement.content ? (
              <button
                type="button"
                className={cx(entryText, entryButton)}
                aria-haspopup="dialog"
                title={announcement.name}
                onClick={() => setOpened(announcement)}
              >
                {announcement.name}
              </button>
            ) : (
              <span className={entryText} title={announcement.name}>
                {announcement.name}
              </span>
            )}
          </li>
        ))}
      </ul>
      <button type="button" className={closeButton} aria-label={t`关闭公告`} onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
      {opened?.content ? (
        <ModalDialog
          title={opened.name}
          onClose={() => setOpened(null)}
          closeOnEscape
          closeOnBackdrop
          showCloseButton
          width="lg"
        >
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
          <div className={dialogBody} tabIndex={0}>
            <RichText html={opened.content} />
          </div>
        </ModalDialog>
      ) : null}
    </section>
  )
}
