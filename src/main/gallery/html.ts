import { fill, plural, wordsOf } from '../../shared/i18n/words'
import type { SpokenLanguage } from '../../shared/language'

/**
 * The static `index.html` of an export (RELIABILITY P35): a page that works opened from disk and can do
 * nothing else. Every interpolated string goes through `escapeHtml` (& < > " '), every attribute is
 * double-quoted, `src`/`href` values are percent-encoded relative paths, a meta CSP allows images from the
 * export itself and inline styles only, and the page contains no script at all. Its words are in the
 * language the user exported in (`exportWords.ts`), which `<html lang>` names.
 */

export const EXPORT_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'"

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  // The parser turns a raw CR into LF; the reference keeps it, so the page text equals the prompt.
  '\r': '&#13;',
  // A NUL cannot survive HTML parsing either way; say so visibly rather than have it vanish.
  '\0': '\uFFFD'
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'\r\0]/g, (ch) => ESCAPES[ch] ?? '')
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** A relative URL for a file in the export: every segment percent-encoded, including `!'()*`. */
export function relativeUrl(...segments: string[]): string {
  return segments
    .map((segment) =>
      encodeURIComponent(segment.replace(LONE_SURROGATE, '\uFFFD')).replace(
        /[!'()*]/g,
        (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`
      )
    )
    .join('/')
}

export interface PageImage {
  /** Path inside the export, `/`-separated (e.g. `images/2025-01-31_model_001.png`). */
  file: string
  prompt: string
  revisedPrompt: string | null
  model: string
  size: string
  width: number | null
  height: number | null
  createdAt: number
  /** The file's size in bytes, when the library knows it. */
  bytes: number | null
  jobId: string
  /**
   * Where the page finds the file, when not at `file` beside it: a review share's pre-signed link, or its
   * key on the location (the names a location takes are plainer than an export's).
   */
  href?: string
}

export interface PageMeta {
  exportedAt: number
  appName: string
  language: SpokenLanguage
  /** IANA zone the dates are written in (the one the names use). */
  timeZone: string
  /**
   * A review page (`sync/reviewShares.ts`) rather than an export: titled with its board's name, and without
   * the lines only the person who exported needs (the file's name in the export, the job's id).
   */
  review?: { title: string }
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f6f8;--card:#fff;--text:#17171c;--muted:#5d5d6b;--line:#e2e2e8}
@media (prefers-color-scheme:dark){:root{--bg:#0f1013;--card:#17181d;--text:#ececf1;--muted:#a2a3b1;--line:#2b2c35}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{padding:24px 32px;border-bottom:1px solid var(--line);background:var(--card)}
h1{margin:0 0 4px;font-size:20px}
header p{margin:0;color:var(--muted)}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:18px;padding:24px 32px}
figure{margin:0;background:var(--card);border:1px solid var(--line);border-radius:10px;overflow:hidden;display:flex;flex-direction:column}
figure a{display:block;background:var(--line)}
img{display:block;width:100%;height:auto;aspect-ratio:1/1;object-fit:contain}
figcaption{padding:12px 14px;display:grid;gap:8px}
.prompt,.revised-text{white-space:pre-wrap;overflow-wrap:anywhere}
.prompt{margin:0;font-weight:550}
.revised{margin:0;color:var(--muted)}
.label{font-weight:600}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:2px 10px;font-size:12.5px;color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
`.trim()

/** The page's words and formatters in one language, for a page written in one time zone. */
export function exportWords(language: SpokenLanguage, timeZone: string) {
  const catalog = wordsOf(language).gallery
  const number = new Intl.NumberFormat(language)
  const oneDecimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const wholeNumber = new Intl.NumberFormat(language, { maximumFractionDigits: 0 })
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  return {
    words: catalog.exportPage,
    /** "3 images", by the language's plural rules. */
    images: (count: number): string => plural(language, catalog.count, 'images', count),
    date: (ms: number): string => dateTime.format(ms),
    /** B, KB or MB as the app's screens write them: the symbols are the same in every language. */
    bytes: (bytes: number): string => {
      if (bytes < 1024) return `${number.format(bytes)} B`
      if (bytes < 1024 * 1024) return `${wholeNumber.format(bytes / 1024)} KB`
      return `${oneDecimal.format(bytes / 1024 / 1024)} MB`
    }
  }
}
export type ExportWords = ReturnType<typeof exportWords>

function figure(image: PageImage, index: number, say: ExportWords, review: boolean): string {
  const words = say.words
  const src = escapeHtml(image.href ?? relativeUrl(...image.file.split('/')))
  const size = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : ''
  const revised =
    image.revisedPrompt === null || image.revisedPrompt === image.prompt
      ? ''
      : `<p class="revised"><span class="label">${escapeHtml(words.revisedPrompt)}</span><span class="revised-text">${escapeHtml(image.revisedPrompt)}</span></p>`
  // A public export's images have no prompt or model to show: their lines are left out, not left empty.
  const facts: [string, string][] = [
    ...(image.model === '' ? [] : [[words.model, image.model] as [string, string]]),
    [words.size, image.size],
    [words.created, say.date(image.createdAt)],
    ...(review ? [] : [[words.file, image.file] as [string, string]]),
    ...(image.bytes === null ? [] : [[words.fileSize, say.bytes(image.bytes)] as [string, string]]),
    ...(review ? [] : [[words.job, image.jobId] as [string, string]])
  ]
  return [
    `<figure id="image-${index + 1}">`,
    `<a href="${src}"><img src="${src}" alt="${escapeHtml(image.prompt)}"${size} loading="lazy" decoding="async"></a>`,
    '<figcaption>',
    image.prompt === '' ? '' : `<p class="prompt">${escapeHtml(image.prompt)}</p>`,
    revised,
    `<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`,
    '</figcaption>',
    '</figure>'
  ].join('')
}

/** The page as one string (an export of 10,000 images is a few MB of HTML, written in one go). */
export function renderIndexHtml(images: readonly PageImage[], meta: PageMeta): string {
  const language = meta.language
  const say = exportWords(language, meta.timeZone)
  const title = meta.review?.title ?? fill(language, say.words.title, { app: meta.appName })
  const summary = fill(language, meta.review ? say.words.reviewSummary : say.words.summary, {
    images: say.images(images.length),
    date: say.date(meta.exportedAt),
    app: meta.appName
  })
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(meta.language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(EXPORT_CSP)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<header><h1>${escapeHtml(title)}</h1><p>${escapeHtml(summary)}</p></header>`,
    '<main>',
    ...images.map((image, index) => figure(image, index, say, meta.review !== undefined)),
    '</main>',
    '</body>',
    '</html>',
    ''
  ].join('\n')
}
