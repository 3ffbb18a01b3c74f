import { describe, expect, it } from 'vitest'
import { createI18n, resolveLanguage } from '@renderer/i18n'
import { en } from '@shared/i18n/locales/en'
import { zhCN } from '@shared/i18n/locales/zh-CN'

type Tree = { [key: string]: string | Tree }

/** Every leaf key, plural forms folded into their base key (`x_one`, `x_other` → `x`). */
function keys(tree: Tree, prefix = ''): Set<string> {
  const out = new Set<string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key.replace(/_(zero|one|two|few|many|other)$/, '')
    if (typeof value === 'string') out.add(path)
    else for (const inner of keys(value, `${path}.`)) out.add(inner)
  }
  return out
}

const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`)
  )

describe('the i18n catalogs', () => {
  it('have the same keys in English and Simplified Chinese (plural forms folded)', () => {
    const english = keys(en)
    const chinese = keys(zhCN)
    expect([...english].filter((key) => !chinese.has(key))).toEqual([])
    expect([...chinese].filter((key) => !english.has(key))).toEqual([])
  })

  it('give Chinese the one plural form it has (_other) wherever English has plurals', () => {
    const plurals = leaves(en)
      .map(([key]) => key)
      .filter((key) => key.endsWith('_other'))
    const chinese = new Set(leaves(zhCN as Tree).map(([key]) => key))
    expect(plurals.length).toBeGreaterThan(0)
    expect(plurals.filter((key) => !chinese.has(key))).toEqual([])
  })

  it('keep every placeholder of a message in its translation', () => {
    const chinese = new Map(leaves(zhCN))
    const placeholders = (text: string): string[] =>
      [...text.matchAll(/\{\{(\w+)(?:, *\w+)?\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[0]).sort()
    for (const [key, text] of leaves(en)) {
      const translated = chinese.get(key) ?? chinese.get(key.replace(/_one$/, '_other'))
      // An English singular may spell the one out ("its saved file"); Chinese has only the counted form.
      const counted = (list: string[]): string[] =>
        key.endsWith('_one') ? list.filter((name) => name !== 'count') : list
      expect({ key, placeholders: counted(placeholders(translated ?? '')) }).toEqual({
        key,
        placeholders: counted(placeholders(text))
      })
    }
  })

  it('translate rather than copy: most Chinese messages differ from the English', () => {
    const chinese = new Map(leaves(zhCN))
    const same = leaves(en)
      .filter(([key, text]) => chinese.get(key) === text)
      .map(([key]) => key)
    // Names stay the same in both (the product, a URL example, a file format, and the key caps, which Chinese
    // keyboards and software label in English too), and an exact amount is the amount alone.
    const keyCaps = ['alt', 'ctrl', 'enter', 'escape', 'shift'].map((key) => `ui.shortcuts.keys.${key}`)
    const kept = [
      'app.name',
      'gateways.addressPlaceholder',
      'money.prices.formats.json',
      'money.estimate.exact'
    ]
    expect(same.sort()).toEqual([...kept, ...keyCaps].sort())
  })

  it('formats plurals and values through the library in each language', () => {
    const english = createI18n('en')
    const chinese = createI18n('zh-CN')
    expect(english.t('gateways.connected', { count: 1 })).toBe('Connected: 1 model available')
    expect(english.t('gateways.connected', { count: 3 })).toBe('Connected: 3 models available')
    expect(chinese.t('gateways.connected', { count: 3 })).toBe('已连接：3 个模型可用')
    expect(chinese.t('gateways.connected', { count: 1 })).toBe('已连接：1 个模型可用')
  })
})

describe('the language the app speaks', () => {
  it('follows the first preferred language it speaks when set to system, else the choice', () => {
    expect(resolveLanguage('system', ['zh-TW', 'en-US'])).toBe('zh-CN')
    expect(resolveLanguage('system', ['fr-FR', 'en-GB', 'zh-CN'])).toBe('en')
    expect(resolveLanguage('system', ['fr-FR'])).toBe('en')
    expect(resolveLanguage('system', [])).toBe('en')
    expect(resolveLanguage('en', ['zh-CN'])).toBe('en')
    expect(resolveLanguage('zh-CN', ['en-US'])).toBe('zh-CN')
  })
})
