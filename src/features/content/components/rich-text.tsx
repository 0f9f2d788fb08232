import { css, cx } from '../../../../styled-system/css'

const prose = css({
  fontSize: 'sm',
  lineHeight: '1.7',
  overflowWrap: 'anywhere',
  '& p, & ul, & ol, & table, & blockquote': { mb: '3' },
  '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', mt: '4', mb: '2' },
  '& h1': { fontSize: 'xl' },
  '& h2': { fontSize: 'lg' },
  '& ul': { listStyle: 'disc', pl: '5' },
  '& ol': { listStyle: 'decimal', pl: '5' },
  '& a': { color: 'primary', textDecoration: 'underline' },
  '& a:focus-visible': { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
  '& img': { maxWidth: 'full', height: 'auto' },
  '& table': { borderCollapse: 'collapse' },
  '& td, & th': { border: '1px solid', borderColor: 'border', px: '2', py: '1' },
})

/**
 * HTML written by the shop's staff (announcements, articles). The server sanitises it before sending
 * (sanitize-html with an allow-list of tags and attributes, no scripts, styles or event handlers), so it
 * is set as it is here.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server, see above
  return <div className={cx(prose, className)} dangerouslySetInnerHTML={{ __html: html }} />
}
