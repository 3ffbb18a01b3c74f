import { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ESM rule module without types
import i18n from '../../../scripts/eslint/i18n.mjs'

/** The rule alone, configured as eslint.config.mjs configures it, on one file named `file`. */
function lint(code: string, file = 'x.tsx'): string[] {
  const linter = new Linter({ configType: 'flat' })
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts', '**/*.tsx'],
          plugins: { i18n: i18n as never },
          rules: { 'i18n/no-literal-text': ['error', { allow: ['Gateway Studio'], calls: ['notify'] }] },
          languageOptions: {
            parser: tseslint.parser,
            sourceType: 'module',
            parserOptions: { ecmaFeatures: { jsx: file.endsWith('.tsx') } }
          }
        }
      ],
      file
    )
    .map((message) => message.message)
}

const ts = (code: string): string[] => lint(code, 'x.ts')

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

describe('the i18n lint rule in .ts files, where no JSX says what is shown', () => {
  it('refuses a toast worded in the source, and accepts the same toast worded by t()', () => {
    const toast = (title: string, body: string): string =>
      `notify({ id: 'link:back', tone: 'ok', title: ${title}, body: ${body} })`
    expect(ts(toast("'Connected again'", "'Everything shown has been read afresh.'"))).toEqual([
      'User-visible text "Connected again" is written in the source: put it in the i18n catalog and use t().',
      'User-visible text "Everything shown has been read afresh." is written in the source: put it in the i18n catalog and use t().'
    ])
    expect(ts(toast("i18n.t('connection.restored.title')", "t('connection.restored.body')"))).toEqual([])
  })

  it('flags words given to what people read: word properties, notify’s arguments, the DOM', () => {
    expect(ts("const plan = { label: 'Stop tracking', effect: t('x') }")).toHaveLength(1)
    expect(ts("const dialog = { confirmLabel: 'Delete', emptyText: '还没有任务' }")).toHaveLength(2)
    expect(ts("const item = { 'aria-label': 'Close' }")).toHaveLength(1)
    expect(ts('const n = { message: `Saved ${count} images` }')).toHaveLength(1)
    expect(ts("const n = { title: failed ? 'Failed' : t('ok'), hint: name ?? 'Untitled' }")).toHaveLength(2)
    expect(ts("const n = { body: 'Saved to ' + folder }")).toHaveLength(1)
    expect(ts("function f({ title = 'Untitled' }) {}")).toHaveLength(1)
    expect(ts("class Panel { title = 'Settings' }")).toHaveLength(1)
    expect(ts("useNotificationsStore.getState().notify('Copied')")).toHaveLength(1)
    expect(ts("element.textContent = 'Loading…'")).toHaveLength(1)
    expect(ts("button.setAttribute('aria-label', 'Close')")).toHaveLength(1)
  })

  it('leaves keys, ids, class names, events, commands, paths, t() keys, logs and test ids alone', () => {
    expect(ts("import { x } from './features/queue/bridge'")).toEqual([])
    expect(ts("notify({ id: `job:${id}`, tone: 'error', title: t('queue.notice.titles.failed') })")).toEqual(
      []
    )
    expect(
      ts("api.on('jobs.notice', onNotice); api.invoke('settings.update', { language: 'zh-CN' })")
    ).toEqual([])
    expect(
      ts("const a = { className: 'note-toast tone-error', testId: 'toast', 'data-testid': 'toast' }")
    ).toEqual([])
    expect(ts("const words = { 'Cache write': 'chat.usage.cacheWrite' }")).toEqual([])
    expect(ts("const action = { label: 'queue.notice.play' }")).toEqual([])
    expect(ts("t('queue.notice.titles.ready', { what: t('queue.notice.what.video') })")).toEqual([])
    expect(ts("console.warn('Resync failed', { message: 'The backend did not answer' })")).toEqual([])
    expect(ts("logger.error({ message: 'Could not write the export' })")).toEqual([])
    expect(ts("ctx.addIssue({ code: 'custom', message: 'not a model on an image endpoint' })")).toEqual([])
    expect(ts("throw new Error('The mask does not match the image size')")).toEqual([])
    expect(ts("const n = { title: t('a.b'), body: '', label: '— 42 ·' }")).toEqual([])
    expect(ts("const app = { title: 'Gateway Studio' }")).toEqual([])
    expect(ts("type Plan = { label: 'Cancel' | 'Stop tracking' }")).toEqual([])
  })

  it('still flags a toast a logger’s callback raises, which people do read', () => {
    expect(ts("console.time(() => notify({ title: 'Done' }))")).toHaveLength(1)
  })
})
