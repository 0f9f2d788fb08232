import { describe, expect, it } from 'vitest'
import { sanitiseHtml, sanitiseOptionalHtml } from '../../server/services/html-sanitiser.ts'

describe('sanitiseHtml', () => {
  it.each([
    [
      'paragraphs and inline marks',
      '<p>一 <strong>二</strong> <b>三</b> <em>四</em> <i>5</i> <u>6</u> <s>7</s></p>',
    ],
    ['headings 2 to 4', '<h2>a</h2><h3>b</h3><h4>c</h4>'],
    ['lists and quotes', '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>c</blockquote>'],
    ['a line break', '<p>a<br />b</p>'],
    ['a table', '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>'],
    ['a span', '<p><span>s</span></p>'],
    ['an https link', '<a href="https://shop.example/x?a=1&amp;b=2">x</a>'],
    ['an http link', '<a href="http://shop.example/">x</a>'],
    ['a mailto link', '<a href="mailto:help@shop.example">mail</a>'],
    ['a relative link', '<a href="/article/173?type=1">deposits</a>'],
    ['a link to a path without a slash', '<a href="product-new">new</a>'],
    ['a fragment link', '<a href="#faq">faq</a>'],
    ['a new-tab link with its rel', '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>'],
    ['a media picture', '<img src="/media/demo/banner-1.svg" alt="Banner" width="600" height="200" />'],
    ['an https picture', '<img src="https://cdn.shop.example/a.png" alt="" />'],
    ['plain text with escaped markup', '1 &lt; 2 &amp;&amp; 3 &gt; 2'],
    ['Japanese and Chinese text', '<p>予約金について・定金说明</p>'],
  ])('keeps %s as it is', (_, html) => {
    expect(sanitiseHtml(html)).toBe(html)
  })

  it.each([
    ['a script', '<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['a script in capitals', '<SCRIPT>alert(1)</SCRIPT><p>ok</p>', '<p>ok</p>'],
    ['a style element', '<style>p{color:red}</style><p>ok</p>', '<p>ok</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['a form and its fields', '<form action="/steal"><input name="card"><button>Pay</button></form>', ''],
    ['an object and embed', '<object data="x.swf"></object><embed src="x.swf">', ''],
    ['script inside svg', '<svg><script>alert(1)</script><a href="/x">x</a></svg>', ''],
    ['math markup', '<math><mtext><img src=x onerror=alert(1)></mtext></math>', ''],
    ['an onerror handler', '<img src="/media/a.svg" onerror="alert(1)">', '<img src="/media/a.svg" />'],
    ['an onclick handler', '<p onclick="steal()">t</p>', '<p>t</p>'],
    ['a mixed-case handler', '<p OnMouseOver="x()">t</p>', '<p>t</p>'],
    ['a style attribute', '<span style="background:url(javascript:alert(1))">s</span>', '<span>s</span>'],
    ['class and id', '<p class="x" id="y">t</p>', '<p>t</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['an entity-encoded javascript: link', '<a href="JaVaScRiPt&#58;alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link split by a tab', '<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link behind spaces', '<a href="  javascript:alert(1)">x</a>', '<a>x</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['a data: link', '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>', '<a>x</a>'],
    ['a protocol-relative link', '<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['a target other than _blank', '<a href="/x" target="_top">x</a>', '<a href="/x">x</a>'],
    [
      'a new tab that keeps the opener',
      '<a href="/x" target="_blank" rel="opener">x</a>',
      '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['a rel without a new tab', '<a href="/x" rel="opener">x</a>', '<a href="/x">x</a>'],
    ['a data: picture', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['a javascript: picture', '<img src="javascript:alert(1)">', ''],
    ['an http picture', '<img src="http://cdn.example/a.png">', ''],
    ['a picture outside /media/', '<img src="/api/mall/user/exit">', ''],
    ['a picture stepping out of /media/', '<img src="/media/../api/mall/user/exit">', ''],
    ['a picture with no source', '<img alt="x">', ''],
    ['a srcset', '<img src="/media/a.svg" srcset="javascript:alert(1) 2x">', '<img src="/media/a.svg" />'],
    ['odd picture sizes', '<img src="/media/a.svg" width="100%" height="1e9">', '<img src="/media/a.svg" />'],
    ['a heading 1', '<h1>Big</h1>', 'Big'],
    ['a div wrapper', '<div><p>t</p></div>', '<p>t</p>'],
    ['a comment hiding a script', '<!-- <script>alert(1)</script> --><p>c</p>', '<p>c</p>'],
    ['a base tag', '<base href="https://evil.example/"><p>t</p>', '<p>t</p>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['a link element', '<link rel="stylesheet" href="https://evil.example/x.css">', ''],
    ['unclosed tags', '<ul><li>one<li>two</ul><b>bold', '<ul><li>one</li><li>two</li></ul><b>bold</b>'],
    ['an unclosed script', '<p>a</p><script>alert(1)', '<p>a</p>'],
  ])('removes %s', (_, html, expected) => {
    expect(sanitiseHtml(html)).toBe(expected)
  })

  it.each([
    ['a tag split around a script', '<scr<script>ipt>alert(1)</script>'],
    ['a script inside a script', '<<script>script>alert(1)<</script>/script>'],
    [
      'a noscript that closes early',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    ],
    ['a textarea hiding markup', '<textarea><img src=x onerror=alert(1)></textarea>'],
    ['a title hiding markup', '<title><img src=x onerror=alert(1)></title>'],
    ['a quote-breaking attribute', '<a href="/x" title=\'"><script>alert(1)</script>\'>x</a>'],
    ['an attribute name with a quote', '<p a"onmouseover=alert(1)>t</p>'],
    ['an unterminated attribute', '<img src="/media/a.svg" alt="x onerror=alert(1)'],
    [
      'a nested iframe in a table',
      '<table><tr><td><iframe srcdoc="<script>alert(1)</script>"></iframe></td></tr></table>',
    ],
  ])('leaves no live markup from %s', (_, html) => {
    const clean = sanitiseHtml(html)
    expect(clean).not.toMatch(/<script|<iframe|<img[^>]*onerror|javascript:|<noscript|<textarea|<title/i)
    expect(clean).not.toMatch(/\son[a-z]+=/i)
  })

  it('is idempotent: cleaning clean HTML changes nothing', () => {
    const once = sanitiseHtml('<p onclick="x">a <a href="/b" target="_blank">b</a><script>c</script></p>')
    expect(sanitiseHtml(once)).toBe(once)
  })

  it('passes null through for optional columns', () => {
    expect(sanitiseOptionalHtml(null)).toBeNull()
    expect(sanitiseOptionalHtml('<p>x<script>y</script></p>')).toBe('<p>x</p>')
  })
})
