import type { SpokenLanguage } from '../../shared/language'

/**
 * The words of an export's `index.html` (issue 16). The backend writes that page with no renderer, so it
 * keeps this small catalog, in the language the user saw when exporting; a test holds both languages to the
 * same keys. Plurals are chosen by `Intl.PluralRules`, numbers, dates and sizes written by `Intl` for the
 * language. `{name}` placeholders are filled by `fill`, never by string concatenation at the call site.
 */
export interface ExportCatalog {
  title: string
  /** "3 images", by plural category; Chinese has one form. */
  images: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }
  summary: string
  revisedPrompt: string
  model: string
  size: string
  created: string
  file: string
  fileSize: string
  job: string
}

export const EXPORT_WORDS: Record<SpokenLanguage, ExportCatalog> = {
  en: {
    title: '{app} export',
    images: { one: '{count} image', other: '{count} images' },
    summary: '{images} · exported {date} from {app}',
    revisedPrompt: 'Revised prompt: ',
    model: 'Model',
    size: 'Size',
    created: 'Created',
    file: 'File',
    fileSize: 'File size',
    job: 'Job'
  },
  'zh-CN': {
    title: '{app} 导出的图片',
    images: { other: '{count} 张图片' },
    summary: '{images} · {date} 导出自 {app}',
    revisedPrompt: '改写后的提示词：',
    model: '模型',
    size: '尺寸',
    created: '创建时间',
    file: '文件',
    fileSize: '文件大小',
    job: '任务'
  }
}

/** `text` with each `{name}` replaced by its value; an unknown name stays visible rather than vanish. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** The words and formatters of one language, for a page written in one time zone. */
export function exportWords(language: SpokenLanguage, timeZone: string) {
  const words = EXPORT_WORDS[language]
  const plural = new Intl.PluralRules(language)
  const number = new Intl.NumberFormat(language)
  const oneDecimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const wholeNumber = new Intl.NumberFormat(language, { maximumFractionDigits: 0 })
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  return {
    words,
    images: (count: number): string =>
      fill(words.images[plural.select(count)] ?? words.images.other, { count: number.format(count) }),
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
