import { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ESM rule module without types
import i18n from '../../../scripts/eslint/i18n.mjs'

function lint(code: string): string[] {
  const linter = new Linter({ configType: 'flat' })
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.tsx'],
          plugins: { i18n: i18n as never },
          rules: { 'i18n/no-literal-text': ['error', { allow: ['Gateway Studio'] }] },
          languageOptions: {
            parser: tseslint.parser,
            sourceType: 'module',
            parserOptions: { ecmaFeatures: { jsx: true } }
          }
        }
      ],
      'x.tsx'
    )
    .map((message) => message.message)
}

describe('the i18n lint rule (words on screen come from the catalog)', () => {
  it('flags text between tags, literal children and spoken attributes', () => {
    expect(lint('const a = <p>Delete this job?</p>')).toHaveLength(1)
    expect(lint("const a = <p>{'Try now'}</p>")).toHaveLength(1)
    expect(lint('const a = <p>{`Hello ${name}`}</p>')).toHaveLength(1)
    expect(lint('const a = <button aria-label="Close" />')).toHaveLength(1)
    expect(lint("const a = <input placeholder={'Team gateway'} />")).toHaveLength(1)
    expect(lint('const a = <img alt={`Image ${n}`} />')).toHaveLength(1)
    expect(lint('const a = <p>清除</p>')).toHaveLength(1)
  })

  it('passes catalog text, symbols, names it is told to allow, and attributes nobody reads', () => {
    expect(lint("const a = <p>{t('jobs.delete')}</p>")).toEqual([])
    expect(lint('const a = <button>×</button>')).toEqual([])
    expect(lint('const a = <span>•••• {n} — 42</span>')).toEqual([])
    expect(lint('const a = <span>Gateway Studio</span>')).toEqual([])
    expect(lint('const a = <div className="note-toast tone-error" id="list" role="alert" />')).toEqual([])
    expect(lint('const a = <Trans i18nKey="a.b" values={{ name }} components={{ b: <b /> }} />')).toEqual([])
  })
})
