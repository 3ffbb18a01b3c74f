import { useEffect, useId, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useConnection } from '../../store/app'
import { deletePreset, loadPresets, savePreset } from './actions'
import { useChatStore } from './store'

const CUSTOM = ''

/**
 * System-prompt presets: pick one to give this conversation its system prompt, keep the prompt
 * being written as a new preset, or remove one. A prompt that matches no preset reads "Custom".
 */
export function Presets({
  systemPrompt,
  onPick
}: {
  systemPrompt: string
  onPick: (systemPrompt: string) => void
}): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const presets = useChatStore((state) => state.presets)
  const [naming, setNaming] = useState(false)
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const selectId = useId()
  const errorId = useId()

  useEffect(() => {
    if (presets === null) void loadPresets(api)
  }, [api, presets])

  const current = presets?.find((preset) => preset.systemPrompt === systemPrompt && systemPrompt !== '')
  const save = async (): Promise<void> => {
    const refused = await savePreset(api, name.trim(), systemPrompt)
    setError(refused)
    if (!refused) {
      setNaming(false)
      setName('')
    }
  }

  return (
    <div className="presets">
      <div className="presets-row">
        <label htmlFor={selectId}>{t('chat.presets.label')}</label>
        <select
          id={selectId}
          value={current?.id ?? CUSTOM}
          onChange={(event) => {
            const picked = presets?.find((preset) => preset.id === event.target.value)
            if (picked) onPick(picked.systemPrompt)
          }}
        >
          <option value={CUSTOM}>
            {systemPrompt === '' ? t('chat.presets.none') : t('chat.presets.custom')}
          </option>
          {presets?.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.name}
            </option>
          ))}
        </select>
        {!naming && systemPrompt.trim() !== '' && !current && (
          <button type="button" className="button quiet" onClick={() => setNaming(true)}>
            {t('chat.presets.saveAs')}
          </button>
        )}
        {current && (
          <button
            type="button"
            className="button quiet"
            onClick={() => void deletePreset(api, current.id)}
            aria-label={t('chat.presets.deleteNamed', { name: current.name })}
          >
            {t('chat.presets.delete')}
          </button>
        )}
      </div>
      {naming && (
        <form
          className="presets-row"
          aria-label={t('chat.presets.saveForm')}
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
        >
          <input
            aria-label={t('chat.presets.name')}
            placeholder={t('chat.presets.namePlaceholder')}
            value={name}
            maxLength={80}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setNaming(false)}
          />
          <button type="submit" className="button primary" disabled={name.trim() === ''}>
            {t('chat.presets.save')}
          </button>
          <button type="button" className="button" onClick={() => setNaming(false)}>
            {t('chat.cancel')}
          </button>
        </form>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
