import { useCallback, useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ApiClient } from '@shared/client'
import type { Preset, PresetScreen, Style } from '@shared/schemas/presets'
import type { AppError } from '@shared/result'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { styledPrompt, type ChosenStyle } from './style'
import './presetBar.css'

/** What the bar has just done with a preset, said by the screen (or, without `say`, under the bar). */
export interface PresetNotice {
  kind: 'applied' | 'saved' | 'deleted'
  name: string
}

/**
 * How the bar reaches one screen's form. The payload is the screen's own: `read` makes it from the form,
 * `apply` reads it back through the screen's zod schema, so a preset saved by another version (or edited by
 * hand in a shared file) can only set what the form has.
 */
export interface PresetAdapter {
  /** Whose presets are listed and saved. */
  screen: PresetScreen
  /** Starts the controls' ids (`{id}-preset`, `{id}-style`); unique on the page. */
  id: string
  /** The prompt as typed (a hook), shown with the style as it will be sent. */
  usePrompt: () => string
  /** The chosen style (a hook), put around the prompt when it is sent. */
  useStyle: () => ChosenStyle | null
  setStyle: (style: ChosenStyle | null) => void
  /** The form as a preset keeps it, the chosen style's name with it. */
  read: () => Record<string, unknown>
  /**
   * Puts a payload on the form and gives the style it names (null for none); null when the payload does
   * not read, and then nothing on the form changed.
   */
  apply: (payload: Record<string, unknown>) => { style: string | null } | null
  /** Where the screen says such things; without it the bar says them itself. */
  say?: (notice: PresetNotice) => void
}

const NOTICE_KEYS = { applied: 'presetApplied', saved: 'presetSaved', deleted: 'presetDeleted' } as const

/** A screen's presets and every style; null for a list that could not be read. */
async function fetchLists(
  api: ApiClient,
  screen: PresetScreen
): Promise<{ presets: Preset[] | null; styles: Style[] | null }> {
  const [presets, styles] = await Promise.all([
    api.call('presets.list', { screen }),
    api.call('styles.list', {})
  ])
  return { presets: presets.ok ? presets.value : null, styles: styles.ok ? styles.value : null }
}

/**
 * Presets and styles above a prompt: apply a saved prompt-and-parameters preset, save the form as one, and
 * choose a style that is put around the prompt when it is sent (shown as sent). The same bar on every
 * screen that sends a prompt; its words are the Images screen's (`images.presets`), where it began.
 */
export function PresetBar({ adapter }: { adapter: PresetAdapter }): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const style = adapter.useStyle()
  const prompt = adapter.usePrompt()
  const { screen, id, say } = adapter
  const [presets, setPresets] = useState<Preset[]>([])
  const [styles, setStyles] = useState<Style[]>([])
  const [saving, setSaving] = useState(false)
  const [name, setName] = useState('')
  const [taken, setTaken] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [applied, setApplied] = useState<string>('')
  const [said, setSaid] = useState<PresetNotice | null>(null)
  // Presets are a convenience: lists that cannot be read leave the form usable and say so quietly.
  const [unread, setUnread] = useState(false)

  const take = useCallback((lists: Awaited<ReturnType<typeof fetchLists>>): void => {
    setPresets(lists.presets ?? [])
    setStyles(lists.styles ?? [])
    setUnread(lists.presets === null || lists.styles === null)
  }, [])
  const load = (): Promise<void> => fetchLists(api, screen).then(take)
  useEffect(() => {
    void fetchLists(api, screen).then(take)
  }, [api, screen, take])

  const tell = (notice: PresetNotice): void => {
    setError(null)
    if (say) say(notice)
    else setSaid(notice)
  }

  const apply = (presetId: string): void => {
    setApplied(presetId)
    const preset = presets.find((p) => p.id === presetId)
    if (!preset) return
    const result = adapter.apply(preset.payload)
    if (!result) {
      setSaid(null)
      setError({ code: 'invalid_input', message: t('images.presets.unreadable', { name: preset.name }) })
      return
    }
    adapter.setStyle(styles.find((s) => s.name === result.style) ?? null)
    tell({ kind: 'applied', name: preset.name })
  }

  const save = async (replace = false): Promise<void> => {
    const result = await api.call('presets.save', { screen, name, payload: adapter.read(), replace })
    if (!result.ok) {
      setTaken(result.error.code === 'presets.preset_name_taken')
      setSaid(null)
      setError(result.error)
      return
    }
    setSaving(false)
    setTaken(false)
    setName('')
    setApplied(result.value.id)
    tell({ kind: 'saved', name: result.value.name })
    await load()
  }

  const remove = async (): Promise<void> => {
    const preset = presets.find((p) => p.id === applied)
    if (!preset) return
    const result = await api.call('presets.delete', { id: preset.id })
    if (!result.ok) return setError(result.error)
    setApplied('')
    tell({ kind: 'deleted', name: preset.name })
    await load()
  }

  return (
    <div className="preset-bar">
      <div className="preset-row">
        <span className="field inline">
          <label htmlFor={`${id}-preset`}>{t('images.presets.preset')}</label>
          <select id={`${id}-preset`} value={applied} onChange={(event) => apply(event.target.value)}>
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
          <label htmlFor={`${id}-style`}>{t('images.presets.style')}</label>
          <select
            id={`${id}-style`}
            value={style?.name ?? ''}
            onChange={(event) => adapter.setStyle(styles.find((s) => s.name === event.target.value) ?? null)}
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
        // Not a <form>: this sits inside the screen's form, and forms do not nest (Enter would send).
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
      {said && (
        <p className="preset-said" role="status">
          {t(`images.notices.${NOTICE_KEYS[said.kind]}`, { name: said.name })}
        </p>
      )}
      {unread && <p className="muted preset-sends">{t('images.presets.unread')}</p>}
      {error && <ErrorNotice error={error} />}
    </div>
  )
}
