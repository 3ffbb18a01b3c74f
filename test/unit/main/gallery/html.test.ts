import { Window, type Document } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import {
  escapeHtml,
  EXPORT_CSP,
  exportWords,
  relativeUrl,
  renderIndexHtml,
  type PageImage
} from '../../../../src/main/gallery/html'
import { wordsOf } from '../../../../src/shared/i18n/words'
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
  createdAt: Date.UTC(2025, 4, 1, 12),
  bytes: 2_560_000,
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
      exportedAt: Date.UTC(2025, 4, 1),
      appName: 'Gateway "Studio" <b>',
      language: 'en',
      timeZone: 'UTC'
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
    expect(doc.querySelector('title')?.textContent).toBe('Gateway "Studio" <b> export')
  })

  it('a review page: its board as the title, each image at its own address, no export-only lines', () => {
    const board = 'Client <round> "1" & co'
    const images = ['a fox', 'a heron'].map((p, i) => ({
      ...image(p, i),
      href: `https://bucket.example/shares/ab/images/000${i + 1}.png?X-Amz-Signature=a"b&c=<d>`
    }))
    const html = renderIndexHtml(images, {
      exportedAt: Date.UTC(2025, 4, 1),
      appName: 'Gateway Studio',
      language: 'en',
      timeZone: 'UTC',
      review: { title: board }
    })
    const doc = parse(html)
    expect(doc.querySelector('title')?.textContent).toBe(board)
    expect(doc.querySelector('h1')?.textContent).toBe(board)
    expect(doc.querySelector('header p')?.textContent).toBe(
      '2 images · shared for review May 1, 2025, 12:00 AM from Gateway Studio'
    )
    const figures = Array.from(doc.querySelectorAll('figure'))
    figures.forEach((figure, i) => {
      // The address exactly as given (escaped in the markup, whole in the attribute).
      expect(figure.querySelector('img')?.getAttribute('src')).toBe(images[i]?.href)
      expect(figure.querySelector('a')?.getAttribute('href')).toBe(images[i]?.href)
      const terms = Array.from(figure.querySelectorAll('dt')).map((dt) => dt.textContent)
      expect(terms).toEqual(['Model', 'Size', 'Created', 'File size'])
    })
  })
})

describe('export page: in the language the user exported in (issue 16)', () => {
  const page = (language: 'en' | 'zh-CN', images: PageImage[]): Document =>
    parse(
      renderIndexHtml(images, {
        exportedAt: Date.UTC(2025, 4, 2, 9, 30),
        appName: 'Gateway Studio',
        language,
        timeZone: 'Asia/Shanghai'
      })
    )
  const facts = (doc: Document): string[] =>
    Array.from(doc.querySelectorAll('figure:first-of-type dt, figure:first-of-type dd')).map(
      (el) => el.textContent ?? ''
    )

  it('writes headings, labels, dates and sizes in 简体中文 and names the language', () => {
    const doc = page('zh-CN', [image('雨夜的纸船', 0, '雨夜里漂流的纸船'), image('a fox', 1)])
    expect(doc.documentElement.getAttribute('lang')).toBe('zh-CN')
    expect(doc.querySelector('title')?.textContent).toBe('Gateway Studio 导出的图片')
    expect(doc.querySelector('h1')?.textContent).toBe('Gateway Studio 导出的图片')
    expect(doc.querySelector('header p')?.textContent).toBe(
      '2 张图片 · 2025年5月2日 17:30 导出自 Gateway Studio'
    )
    expect(doc.querySelector('.revised .label')?.textContent).toBe('改写后的提示词：')
    expect(facts(doc)).toEqual([
      '模型',
      '雨夜的纸船',
      '尺寸',
      '64x48',
      '创建时间',
      '2025年5月1日 20:00',
      '文件',
      'images/雨夜的纸船-0.png',
      '文件大小',
      '2.4 MB',
      '任务',
      'job-0'
    ])
    // No English word of ours is left in what the page says itself (prompts, models and files are the user's).
    const ours = Array.from(doc.querySelectorAll('title, h1, header p, dt, .label'))
      .map((el) => el.textContent ?? '')
      .join(' ')
    expect(ours.replace(/Gateway Studio/g, '')).not.toMatch(/[A-Za-z]{2,}/)
  })

  it('writes English with English plurals, dates and sizes', () => {
    const doc = page('en', [image('one', 0)])
    expect(doc.documentElement.getAttribute('lang')).toBe('en')
    expect(doc.querySelector('header p')?.textContent).toBe(
      '1 image · exported May 2, 2025, 5:30 PM from Gateway Studio'
    )
    expect(facts(doc)).toContain('May 1, 2025, 8:00 PM')
    expect(facts(doc)).toContain('File size')
  })

  it('has the same words in both languages, and a plural form for every count', () => {
    // The page's words are the shared catalog's; the count of images is its count.images.
    const EXPORT_WORDS = {
      en: wordsOf('en').gallery.exportPage,
      'zh-CN': wordsOf('zh-CN').gallery.exportPage
    }
    expect(Object.keys(EXPORT_WORDS['zh-CN']).sort()).toEqual(Object.keys(EXPORT_WORDS.en).sort())
    for (const [language, catalog] of Object.entries(EXPORT_WORDS))
      for (const [key, text] of Object.entries(catalog))
        expect(text.trim(), `${language} ${key}`).not.toBe('')
    const say = exportWords('en', 'UTC')
    expect([say.images(1), say.images(2), say.images(1200)]).toEqual(['1 image', '2 images', '1,200 images'])
    expect(exportWords('zh-CN', 'UTC').images(1)).toBe('1 张图片')
    expect([say.bytes(900), say.bytes(4_096), say.bytes(3 * 1024 * 1024)]).toEqual([
      '900 B',
      '4 KB',
      '3.0 MB'
    ])
  })
})
