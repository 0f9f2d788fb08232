import sanitize from 'sanitize-html'

/**
 * Shop notices and articles are HTML that the PWA renders as markup, so they pass a strict allow-list:
 * text structure, links, pictures and tables, and nothing that runs, styles or submits. Whatever is not
 * on the list is dropped (the tag, and for script-like elements their content too).
 */

/** Pictures come from our own media folder or over HTTPS; `..` and backslashes could step out of /media/. */
const SAFE_IMAGE_SOURCE = /^(https:\/\/[^\s\\]+|\/media\/(?!.*(\.\.|\\))[^\s]+)$/i
const PIXELS = /^\d{1,4}$/

/** Elements whose content is no text for a reader either: dropped whole. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
  'head',
  'svg',
  'math',
  'form',
  'button',
]

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  parseStyleAttributes: false,
  transformTags: {
    // Only a new tab is a target worth keeping, and a new tab must not reach back to the shop's window.
    a: (tagName, attribs) => {
      const kept: sanitize.Attributes = {}
      if (attribs.href !== undefined) kept.href = attribs.href
      if (attribs.target === '_blank') {
        kept.target = '_blank'
        kept.rel = 'noopener noreferrer'
      }
      return { tagName, attribs: kept }
    },
    img: (tagName, attribs) => {
      const kept: sanitize.Attributes = {}
      const src = attribs.src?.trim()
      if (src && SAFE_IMAGE_SOURCE.test(src)) kept.src = src
      if (attribs.alt !== undefined) kept.alt = attribs.alt
      for (const size of ['width', 'height'] as const) {
        const value = attribs[size]?.trim()
        if (value && PIXELS.test(value)) kept[size] = value
      }
      return { tagName, attribs: kept }
    },
  },
  // A picture whose source was refused shows nothing but a broken icon: leave it out.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}

/** The HTML with everything outside the shop-notice allow-list removed. */
export function sanitiseHtml(html: string): string {
  return sanitize(html, OPTIONS)
}

/** sanitiseHtml for a nullable column. */
export function sanitiseOptionalHtml(html: string | null): string | null {
  return html === null ? null : sanitiseHtml(html)
}
