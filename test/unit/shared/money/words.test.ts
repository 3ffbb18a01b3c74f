import { describe, expect, it } from 'vitest'
import { money as en } from '../../../../src/shared/i18n/locales/en/money'
import { money as zhCN } from '../../../../src/shared/i18n/locales/zh-CN/money'
import {
  PRICE_FILE_ISSUE_CODES,
  type PriceFileIssueCode,
  type PriceFileIssueValues
} from '../../../../src/shared/money/issues'

/** The values each code's words may use: typed against the issue's values, so a renamed value fails here. */
const VALUES: { [C in PriceFileIssueCode]: readonly (keyof PriceFileIssueValues[C])[] } = {
  file_empty: [],
  file_too_large: ['maxMegabytes'],
  file_unreadable: ['message'],
  json_syntax: [],
  json_too_complex: [],
  not_a_price_table: [],
  version_unsupported: ['version'],
  currency_invalid: ['value'],
  table_unknown_field: ['line', 'field'],
  too_many_models: ['max', 'count'],
  model_missing: ['line'],
  model_id_invalid: ['line', 'model', 'max'],
  model_duplicate: ['line', 'model', 'firstLine'],
  model_entry_invalid: ['line', 'model'],
  unit_missing: ['line', 'model', 'units'],
  unit_invalid: ['line', 'model', 'value', 'units'],
  unit_conflict: ['line', 'model', 'unit', 'firstUnit', 'firstLine'],
  unknown_field: ['line', 'model', 'field'],
  field_not_for_unit: ['line', 'model', 'field', 'unit'],
  amount_missing: ['line', 'model', 'field'],
  amount_not_text: ['line', 'model', 'field', 'value'],
  amount_invalid: ['line', 'model', 'field', 'value'],
  amount_uses_comma: ['line', 'model', 'field', 'value', 'suggestion'],
  amount_negative: ['line', 'model', 'field', 'value'],
  amount_too_large: ['line', 'model', 'field', 'value', 'max'],
  amount_too_precise: ['line', 'model', 'field', 'value', 'places'],
  sizes_not_list: ['line', 'model'],
  size_invalid: ['line', 'model', 'value'],
  size_duplicate: ['line', 'model', 'size'],
  too_many_sizes: ['line', 'model', 'max', 'count'],
  image_base_missing: ['line', 'model'],
  csv_parse: ['line', 'row', 'code', 'message'],
  csv_missing_column: ['column', 'columns'],
  csv_unknown_column: ['column', 'columns'],
  csv_duplicate_column: ['column'],
  value_invalid: ['line', 'field'],
  more_problems: ['count']
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort()
const unique = (names: string[]): string[] => [...new Set(names)]

const catalogs = { en: en.issues, 'zh-CN': zhCN.issues }

describe('the words of price file issues', () => {
  it('has every code in both catalogs, and no word for a code that does not exist', () => {
    for (const [language, issues] of Object.entries(catalogs)) {
      const words: Readonly<Record<string, string>> = issues
      expect({ language, missing: PRICE_FILE_ISSUE_CODES.filter((code) => !words[code]?.trim()) }).toEqual({
        language,
        missing: []
      })
      expect({ language, codes: Object.keys(words).sort() }).toEqual({
        language,
        codes: [...PRICE_FILE_ISSUE_CODES].sort()
      })
    }
  })

  it('uses only values the issue carries, the same ones in both languages', () => {
    for (const code of PRICE_FILE_ISSUE_CODES) {
      const english = unique(placeholders(en.issues[code]))
      const allowed = VALUES[code] as readonly string[]
      expect({ code, unknown: english.filter((name) => !allowed.includes(name)) }).toEqual({
        code,
        unknown: []
      })
      expect({ code, placeholders: unique(placeholders(zhCN.issues[code])) }).toEqual({
        code,
        placeholders: english
      })
    }
  })

  it('names the line of every issue that has one', () => {
    for (const code of PRICE_FILE_ISSUE_CODES) {
      if (!(VALUES[code] as readonly string[]).includes('line')) continue
      for (const issues of Object.values(catalogs))
        expect({ code, text: issues[code] }).toMatchObject({
          text: expect.stringContaining('{{line}}') as string
        })
    }
  })
})
