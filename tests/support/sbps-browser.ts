import iconv from 'iconv-lite'

/*
 * What a browser does with SB Payment Service's link type, for the emulator and the tests: encode a
 * form in Shift_JIS as a page with accept-charset="Shift_JIS" posts it, decode such a body, post a form,
 * press a button of the emulator's hosted page. Test code, independent of the adapter (iconv-lite).
 */

export type Fields = [name: string, value: string][]

/** One value as a browser sends it in a Shift_JIS form: bytes percent-encoded, space as `+`. */
function encodeValue(text: string): string {
  let sjis = ''
  for (const char of text) {
    // A character Shift_JIS lacks is sent as a numeric character reference, as browsers do.
    sjis +=
      iconv.decode(iconv.encode(char, 'Shift_JIS'), 'Shift_JIS') === char ? char : `&#${char.codePointAt(0)};`
  }
  let out = ''
  for (const byte of iconv.encode(sjis, 'Shift_JIS')) {
    const char = String.fromCharCode(byte)
    if (/[A-Za-z0-9*\-._]/.test(char)) out += char
    else if (byte === 0x20) out += '+'
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** application/x-www-form-urlencoded in Shift_JIS, as a browser encodes a form with accept-charset="Shift_JIS". */
export function encodeShiftJisForm(fields: readonly (readonly [string, string])[]): string {
  return fields.map(([name, value]) => `${encodeValue(name)}=${encodeValue(value)}`).join('&')
}

/** Parses a Shift_JIS urlencoded body into its fields in order; null when malformed. */
export function decodeShiftJisForm(body: Uint8Array): Fields | null {
  const text = Buffer.from(body).toString('latin1')
  const fields: Fields = []
  for (const pair of text.split('&').filter(Boolean)) {
    const at = pair.indexOf('=')
    const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]
    const decode = (part: string) => {
      if (/%(?![0-9A-Fa-f]{2})/.test(part)) return null
      const bytes = Buffer.from(
        part
          .replace(/\+/g, ' ')
          .replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      )
      return iconv.decode(bytes, 'Shift_JIS')
    }
    const decodedName = decode(name)
    const decodedValue = decode(value)
    if (decodedName === null || decodedValue === null) return null
    fields.push([decodedName, decodedValue])
  }
  return fields
}

/** Posts fields to a URL as a browser submits a Shift_JIS form (no redirect follow). */
export function postSbpsForm(url: string, fields: readonly (readonly [string, string])[]): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeShiftJisForm(fields),
    redirect: 'manual',
  })
}

/** Presses a button of an emulator page by its text, as a browser would (no redirect follow). */
export function pressSbpsButton(baseUrl: string, pageHtml: string, label: string): Promise<Response> {
  const forms = pageHtml.matchAll(
    /<form method="post" action="([^"]+)">\s*<button type="submit">([^<]+)<\/button>/g,
  )
  const form = [...forms].find((match) => match[2] === label)
  if (!form?.[1]) throw new Error(`no button "${label}" on the page`)
  return fetch(new URL(form[1], baseUrl), { method: 'POST', redirect: 'manual' })
}
