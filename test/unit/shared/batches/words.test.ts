import { describe, expect, it } from 'vitest'
import {
  BATCH_AXES,
  BATCH_ISSUE_CODES,
  type BatchIssueCode,
  type BatchIssueValues
} from '../../../../src/shared/batches'
import { en } from '../../../../src/shared/i18n/locales/en'
import { zhCN } from '../../../../src/shared/i18n/locales/zh-CN'

/** The values each code's words may use: typed against the issue's values, so a renamed value fails here. */
const VALUES: { [C in BatchIssueCode]: readonly (keyof BatchIssueValues[C])[] } = {
  no_prompts: [],
  csv_no_prompt_column: ['columns'],
  csv_parse: ['line', 'row', 'code', 'message'],
  csv_empty_prompt: ['line'],
  unknown_list: ['line', 'name'],
  empty_list: ['line', 'name'],
  unclosed_brace: ['line', 'column'],
  nested_brace: ['line', 'column'],
  empty_alternatives: ['line', 'column'],
  list_unclosed_brace: ['line', 'list', 'entry', 'column'],
  list_nested_brace: ['line', 'list', 'entry', 'column'],
  list_empty_alternatives: ['line', 'list', 'entry', 'column'],
  rows_unequal: ['first', 'firstLength', 'second', 'secondLength'],
  unknown_model: ['line', 'model'],
  size_not_supported: ['line', 'model', 'endpoint', 'size'],
  seed_not_supported: ['line', 'model', 'endpoint', 'seed'],
  field_not_supported: ['line', 'model', 'endpoint', 'field'],
  field_not_number: ['line', 'field', 'value'],
  field_not_boolean: ['line', 'field', 'value'],
  request_invalid: ['line', 'field'],
  too_many_jobs: ['max', 'total']
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort()

const catalogs = { en: en.batches, 'zh-CN': zhCN.batches }

describe('the words of batch issues', () => {
  it('has every code in both catalogs, and no word for a code that does not exist', () => {
    for (const [language, words] of Object.entries(catalogs)) {
      const issues: Readonly<Record<string, string>> = words.issues
      expect({ language, missing: BATCH_ISSUE_CODES.filter((code) => !issues[code]?.trim()) }).toEqual({
        language,
        missing: []
      })
      expect({ language, codes: Object.keys(issues).sort() }).toEqual({
        language,
        codes: [...BATCH_ISSUE_CODES].sort()
      })
    }
  })

  it('uses only values the issue carries, the same ones in both languages', () => {
    for (const code of BATCH_ISSUE_CODES) {
      const english = placeholders(en.batches.issues[code])
      expect({
        code,
        unknown: english.filter((name) => !(VALUES[code] as readonly string[]).includes(name))
      }).toEqual({
        code,
        unknown: []
      })
      expect({ code, placeholders: placeholders(zhCN.batches.issues[code]) }).toEqual({
        code,
        placeholders: english
      })
    }
  })

  it('names the line of every issue that has one', () => {
    for (const code of BATCH_ISSUE_CODES) {
      if (!(VALUES[code] as readonly string[]).includes('line')) continue
      for (const words of Object.values(catalogs)) expect(words.issues[code]).toContain('{{line}}')
    }
  })

  it('words every axis with its count, and a pre-flight issue with its line', () => {
    for (const words of Object.values(catalogs)) {
      for (const axis of BATCH_AXES) expect(placeholders(words.axes[axis])).toEqual(['count'])
      expect(placeholders(words.line)).toEqual(['issue', 'line'])
    }
  })

  it('is written in Chinese, not copied', () => {
    for (const code of BATCH_ISSUE_CODES) {
      expect(zhCN.batches.issues[code]).not.toBe(en.batches.issues[code])
      expect(zhCN.batches.issues[code]).toMatch(/[\u4e00-\u9fff]/)
    }
  })
})
