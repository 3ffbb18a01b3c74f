import { useCallback, useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ApiClient } from '@shared/client'
import type { Preset, Style } from '@shared/schemas/presets'
import type { AppError } from '@shared/result'
import { useConnection } from '../../../store/app'
import { ErrorNotice } from '../../../ui/ErrorNotice'
import { applyPreset, presetOf, styledPrompt } from '../presets'
import { useImagesStore } from '../store'

/** The Images presets and every style; null for a list that could not be read. */
async function fetchLists(api: ApiClient): Promise<{ presets: Preset[] | null; styles: Style[] | null }> {
  const [presets, styles] = await Promise.all([
    api.call('presets.list', { screen: 'images' }),
    api.call('styles.list', {})
  ])
  return { presets: presets.ok ? presets.value : null, styles: styles.ok ? styles.value : null }
}

/**
 * Presets and styles on the Images form: apply a saved prompt-and-parameters preset, save the
 * form as one, and choose a style that is put around the prompt when it is sent (shown as sent).
 */
export function PresetBar(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const style = useImagesStore((s) => s.style)
  const prompt = useImagesStore((s) => s.draft.prompt)
  const [presets, setPresets] = useState<Preset[]>([])
  const [styles, setStyles] = useState<Style[]>([])
  const [saving, setSaving] = useState(false)
  const [name, setName] = useState('')
  const [taken, setTaken] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [applied, setApplied] = useState<string>('')
  // Presets are a convenience: lists that cannot be read leave the form usable and say so quietly.
  const [unread, setUnread] = useState(false)

  const take = useCallback((lists: Awaited<ReturnType<typeof fetchLists>>): void => {
    setPresets(lists.presets ?? [])
    setStyles(lists.styles ?? [])
    setUnread(lists.presets === null || lists.styles === null)
  }, [])
  const load = (): Promise<void> => fetchLists(api).then(take)
  useEffect(() => {
    void fetchLists(api).then(take)
  }, [api, take])

  const apply = (id: string): void => {
    setApplied(id)
    const preset = presets.find((p) => p.id === id)
    if (!preset) return
    const store = useImagesStore.getState()
    const result = applyPreset(store.draft, preset.payload)
    if (!result) {
      setError({
        code: 'invalid_input',
        message: t('images.presets.unreadable', { name: preset.name })
      })
      return
    }
    store.replaceDraft(result.draft)
    store.setStyle(styles.find((s) => s.name === result.style) ?? null)
    store.setNotice({ key: 'presetApplied', values: { name: preset.name } })
  }

  const save = async (replace = false): Promise<void> => {
    const store = useImagesStore.getState()
    const result = await api.call('presets.save', {
      screen: 'images',
      name,
      payload: presetOf(store.draft, store.style?.name ?? null),
      replace
    })
    if (!result.ok) {
      setTaken(result.error.code === 'presets.preset_name_taken')
      setError(result.error)
      return
    }
    setSaving(false)
    setTaken(false)
    setError(null)
    setName('')
    setApplied(result.value.id)
    store.setNotice({ key: 'presetSaved', values: { name: result.value.name } })
    await load()
  }

  const remove = async (): Promise<void> => {
    const preset = presets.find((p) => p.id === applied)
    if (!preset) return
    const result = await api.call('presets.delete', { id: preset.id })
    if (!result.ok) return setError(result.error)
    setApplied('')
    useImagesStore.getState().setNotice({ key: 'presetDeleted', values: { name: preset.name } })
    await load()
  }

  return (
    <div className="preset-bar">
      <div className="preset-row">
        <span className="field inline">
          <label htmlFor="images-preset">{t('images.presets.preset')}</label>
          <select id="images-preset" value={applied} onChange={(event) => apply(event.target.value)}>
            <option value="">
              {presets.length === 0 ? t('images.presets.noPresets') : t('images.presets.choose')}
            </option>
            {presets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </select>
        </span>
        {applied && (
          <button type="button" className="button small quiet" onClick={() => void remove()}>
            {t('images.presets.delete')}
          </button>
        )}
        {!saving && (
          <button type="button" className="button small quiet" onClick={() => setSaving(true)}>
            {t('images.presets.saveAs')}
          </button>
        )}
        <span className="field inline">
          <label htmlFor="images-style">{t('images.presets.style')}</label>
          <select
            id="images-style"
            value={style?.name ?? ''}
            onChange={(event) =>
              useImagesStore.getState().setStyle(styles.find((s) => s.name === event.target.value) ?? null)
            }
          >
            <option value="">{t('images.presets.noStyle')}</option>
            {styles.map((s) => (
              <option key={s.id} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </span>
      </div>
      {saving && (
        // Not a <form>: this sits inside the generate form, and forms do not nest (Enter would generate).
        <div className="preset-save" role="group" aria-label={t('images.presets.saveGroup')}>
          <input
            aria-label={t('images.presets.name')}
            placeholder={t('images.presets.name')}
            value={name}
            maxLength={80}
            autoFocus
            onChange={(event) => {
              setName(event.target.value)
              setTaken(false)
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return
              event.preventDefault()
              if (name.trim()) void save()
            }}
          />
          <button
            type="button"
            className="button small primary"
            disabled={!name.trim()}
            onClick={() => void save()}
          >
            {t('images.presets.save')}
          </button>
          {taken && (
            <button type="button" className="button small danger-quiet" onClick={() => void save(true)}>
              {t('images.presets.replace')}
            </button>
          )}
          <button
            type="button"
            className="button small quiet"
            onClick={() => {
              setSaving(false)
              setError(null)
            }}
          >
            {t('images.presets.cancel')}
          </button>
        </div>
      )}
      {style && (
        <p className="muted preset-sends" aria-live="polite">
          {t('images.presets.sends', { prompt: styledPrompt(prompt || '…', style) })}
        </p>
      )}
      {unread && <p className="muted preset-sends">{t('images.presets.unread')}</p>}
      {error && <ErrorNotice error={error} />}
    </div>
  )
}
