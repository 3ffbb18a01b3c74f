import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ApiClient } from '@shared/client'
import type { Preset, PresetScreen, Style } from '@shared/schemas/presets'
import type { AppError } from '@shared/result'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'

const SCREENS = ['images', 'edit', 'video'] as const

/** The screens whose preset bar lists a screen's presets: Compare offers the Images ones. */
const SHOWN_ON: Record<PresetScreen, readonly ('images' | 'compare' | 'edit' | 'video')[]> = {
  images: ['images', 'compare'],
  edit: ['edit'],
  video: ['video']
}

async function fetchAll(api: ApiClient): Promise<{ styles: Style[]; presets: Preset[] } | AppError> {
  const [styles, ...presets] = await Promise.all([
    api.call('styles.list', {}),
    ...SCREENS.map((screen) => api.call('presets.list', { screen }))
  ])
  if (!styles.ok) return styles.error
  const lists: Preset[] = []
  for (const result of presets) {
    if (!result.ok) return result.error
    lists.push(...result.value)
  }
  return { styles: styles.value, presets: lists }
}

/** A style's name and the words it puts before and after a prompt, new or changed. */
function StyleForm({
  style,
  onSaved,
  onCancel
}: {
  style: Style | null
  onSaved: () => void
  onCancel: () => void
}): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const [name, setName] = useState(style?.name ?? '')
  const [prefix, setPrefix] = useState(style?.prefix ?? '')
  const [suffix, setSuffix] = useState(style?.suffix ?? '')
  const [error, setError] = useState<AppError | null>(null)
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    const result = await api.call('styles.save', { ...(style ? { id: style.id } : {}), name, prefix, suffix })
    if (result.ok) onSaved()
    else setError(result.error)
  }
  return (
    <form className="style-form" onSubmit={(event) => void submit(event)}>
      <Field label={t('presets.styleName')}>
        <input value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field label={t('presets.before')}>
        <input
          value={prefix}
          placeholder={t('presets.beforeExample')}
          onChange={(event) => setPrefix(event.target.value)}
        />
      </Field>
      <Field label={t('presets.after')}>
        <input
          value={suffix}
          placeholder={t('presets.afterExample')}
          onChange={(event) => setSuffix(event.target.value)}
        />
      </Field>
      <div className="editor-actions">
        <button type="submit" className="button primary" disabled={!name.trim()}>
          {t('presets.saveStyle')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('gateways.cancel')}
        </button>
      </div>
      {error && <ErrorNotice error={error} />}
    </form>
  )
}

/**
 * Settings › Presets and styles: the styles any prompt can take, the presets each screen saved,
 * and the JSON file a team shares them in (exported here, imported here).
 */
export function PresetsSection(): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const [lists, setLists] = useState<{ styles: Style[]; presets: Preset[] } | null>(null)
  const [editing, setEditing] = useState<Style | 'new' | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [download, setDownload] = useState<string | null>(null)
  const file = useRef<HTMLInputElement>(null)

  const take = useCallback((result: Awaited<ReturnType<typeof fetchAll>>): void => {
    if ('code' in result) setError(result)
    else setLists(result)
  }, [])
  const reload = (): Promise<void> => fetchAll(api).then(take)
  useEffect(() => {
    void fetchAll(api).then(take)
  }, [api, take])
  // A download link made for one export is let go when the next one is made, or the section goes.
  useEffect(() => () => void (download && URL.revokeObjectURL(download)), [download])

  const remove = async (what: 'style' | 'preset', id: string): Promise<void> => {
    const result = await api.call(what === 'style' ? 'styles.delete' : 'presets.delete', { id })
    if (!result.ok) setError(result.error)
    await reload()
  }

  const exportFile = async (): Promise<void> => {
    const result = await api.call('presets.export', {})
    if (!result.ok) return setError(result.error)
    setDownload(URL.createObjectURL(new Blob([result.value.text], { type: 'application/json' })))
  }

  const importFile = async (chosen: File | undefined): Promise<void> => {
    if (!chosen) return
    const result = await api.call('presets.import', { text: await chosen.text() })
    if (file.current) file.current.value = ''
    if (!result.ok) return setError(result.error)
    setError(null)
    const { presets, styles, skipped } = result.value
    setNotice(
      [
        t('presets.imported', {
          presets: t('presets.presetCount', { count: presets }),
          styles: t('presets.styleCount', { count: styles })
        }),
        skipped.length > 0 ? t('presets.skipped', { names: skipped.join('”, “') }) : ''
      ]
        .filter(Boolean)
        .join(' ')
    )
    await reload()
  }

  return (
    <section className="card" aria-labelledby="presets-title">
      <div className="card-head">
        <h2 id="presets-title">{t('presets.title')}</h2>
        <p className="muted">{t('presets.intro')}</p>
      </div>
      <h3>{t('presets.styles')}</h3>
      {lists && lists.styles.length === 0 && <p className="muted">{t('presets.noStyles')}</p>}
      <ul className="preset-list" aria-label={t('presets.styles')}>
        {lists?.styles.map((style) => (
          <li key={style.id}>
            <span className="preset-name">{style.name}</span>
            <span className="muted preset-affix">
              {[style.prefix, '…', style.suffix].filter(Boolean).join(' ')}
            </span>
            <button type="button" className="button small quiet" onClick={() => setEditing(style)}>
              {t('presets.edit', { name: style.name })}
            </button>
            <button
              type="button"
              className="button small danger-quiet"
              onClick={() => void remove('style', style.id)}
            >
              {t('presets.delete', { name: style.name })}
            </button>
          </li>
        ))}
      </ul>
      {editing ? (
        <StyleForm
          key={editing === 'new' ? 'new' : editing.id}
          style={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            void reload()
          }}
        />
      ) : (
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t('presets.newStyle')}
        </button>
      )}
      <h3>{t('presets.presets')}</h3>
      {lists && lists.presets.length === 0 && <p className="muted">{t('presets.noPresets')}</p>}
      <ul className="preset-list" aria-label={t('presets.presets')}>
        {lists?.presets.map((preset) => (
          <li key={preset.id}>
            <span className="preset-name">{preset.name}</span>
            <span className="muted">
              {SHOWN_ON[preset.screen].map((screen) => t(`nav.${screen}`)).join(t('ui.list.separator'))}
            </span>
            <button
              type="button"
              className="button small danger-quiet"
              onClick={() => void remove('preset', preset.id)}
            >
              {t('presets.delete', { name: preset.name })}
            </button>
          </li>
        ))}
      </ul>
      <div className="editor-actions">
        <button type="button" className="button" onClick={() => void exportFile()}>
          {t('presets.export')}
        </button>
        {download && (
          <a className="button primary" href={download} download="gateway-studio-presets.json">
            {t('presets.download')}
          </a>
        )}
        <button type="button" className="button" onClick={() => file.current?.click()}>
          {t('presets.import')}
        </button>
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          hidden
          onChange={(event) => void importFile(event.target.files?.[0])}
        />
      </div>
      {notice && (
        <p className="notice notice-ok" role="status">
          {notice}
        </p>
      )}
      {error && <ErrorNotice error={error} />}
    </section>
  )
}
