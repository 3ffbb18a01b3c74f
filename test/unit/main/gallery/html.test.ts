import { Window, type Document } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import {
  escapeHtml,
  EXPORT_CSP,
  relativeUrl,
  renderIndexHtml,
  type PageImage
} from '../../../../src/main/gallery/html'
import { fuzzStrings, NASTY } from './nasty'

/** Undoes exactly our escapes: if escaping lost or changed anything, this will not give the input back. */
const unescape = (html: string): string =>
  html.replace(
    /&(amp|lt|gt|quot|#39|#13);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#13': '\r' })[name] ?? ''
  )

const image = (prompt: string, i: number, revisedPrompt: string | null = null): PageImage => ({
  file: `images/${Array.from(prompt).slice(0, 20).join('').replace(/[/\\]/g, '')}-${i}.png`,
  prompt,
  revisedPrompt,
  model: prompt.slice(0, 30),
  size: '64x48',
  width: 64,
  height: 48,
  created: '2025-05-01 12:00:00',
  jobId: `job-${i}`
})

function parse(html: string): Document {
  const window = new Window()
  return new window.DOMParser().parseFromString(html, 'text/html')
}

describe('export page: escaping [P35]', () => {
  it('escapes & < > " \' and keeps CR, leaving no raw markup character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>\r`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;&#13;'
    )
    for (const text of [...NASTY, ...fuzzStrings(5000)]) {
      const escaped = escapeHtml(text)
      expect(escaped).not.toMatch(/[<>"'\r\0]/)
      // Every & starts one of our entities.
      expect(escaped.replace(/&(amp|lt|gt|quot|#39|#13);/g, '')).not.toContain('&')
      expect(unescape(escaped)).toBe(text.replace(/\0/g, '\uFFFD'))
    }
  })

  it("percent-encodes every segment of a relative URL, including ! ' ( ) *", () => {
    expect(relativeUrl('images', "a b'(1)!*#?%.png")).toBe('images/a%20b%27%281%29%21%2A%23%3F%25.png')
    for (const text of fuzzStrings(2000)) {
      const url = relativeUrl('images', text)
      expect(url).toMatch(/^images\/[A-Za-z0-9\-_.~%]*$/)
      expect(decodeURIComponent(url.slice('images/'.length))).toBe(text)
    }
  })

  it('renders a page with the CSP first, no script, no event handler, relative sources, and exact text', () => {
    const prompts = [...NASTY, ...fuzzStrings(300)].filter((p) => !p.includes('\0'))
    const images = prompts.map((p, i) => image(p, i, i % 3 === 0 ? `revised ${p}` : null))
    const html = renderIndexHtml(images, {
      title: 'Export <b>',
      exportedAt: '2025-05-01',
      appName: 'Gateway "Studio"'
    })
    // The CSP meta comes before anything it governs.
    const head = html.slice(0, html.indexOf('<title>'))
    expect(head).toContain(`<meta http-equiv="Content-Security-Policy" content="${escapeHtml(EXPORT_CSP)}">`)
    expect(EXPORT_CSP).toBe("default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
    expect(html.toLowerCase()).not.toContain('<script')

    const doc = parse(html)
    expect(doc.querySelectorAll('script, iframe, object, embed, base, form, link').length).toBe(0)
    expect(doc.querySelectorAll('meta[http-equiv]').length).toBe(1)
    for (const el of Array.from(doc.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) expect(attr.name.startsWith('on')).toBe(false)
    }
    const figures = Array.from(doc.querySelectorAll('figure'))
    expect(figures).toHaveLength(images.length)
    figures.forEach((figure, i) => {
      const expected = images[i] as PageImage
      expect(figure.querySelector('.prompt')?.textContent).toBe(expected.prompt)
      expect(figure.querySelector('img')?.getAttribute('alt')).toBe(expected.prompt)
      expect(figure.querySelector('.revised-text')?.textContent ?? null).toBe(expected.revisedPrompt)
      const src = figure.querySelector('img')?.getAttribute('src') ?? ''
      expect(src).toMatch(/^images\/[A-Za-z0-9\-_.~%]+$/)
      expect(figure.querySelector('a')?.getAttribute('href')).toBe(src)
      expect(decodeURIComponent(src)).toBe(expected.file)
    })
    expect(doc.querySelector('title')?.textContent).toBe('Export <b>')
  })
})
