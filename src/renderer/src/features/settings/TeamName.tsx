import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppStore, useConnection } from '../../store/app'
import { failureLine } from '../../ui/errorWords'
import { Field } from '../../ui/Field'

/**
 * Who this person is on work shared with the team: teammates read it beside each image ("shared by …").
 * Saved when the field is left or Enter is pressed; empty means the computer's user name, which the
 * placeholder shows.
 */
export function TeamName(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const saved = useAppStore((state) => state.settings?.teamName ?? '')
  const userName = useAppStore((state) => state.info?.userName ?? '')
  const setSettings = useAppStore((state) => state.setSettings)
  // Null while the field shows what is saved; the text being typed otherwise.
  const [draft, setDraft] = useState<string | null>(null)
  const [said, setSaid] = useState('')
  const [error, setError] = useState<string | null>(null)

  const save = async (): Promise<void> => {
    if (draft === null) return
    const name = draft.trim()
    if (name === saved) {
      setDraft(null)
      return
    }
    const result = await api.call('settings.update', { teamName: name })
    if (result.ok) {
      setSettings(result.value)
      setDraft(null)
      setError(null)
      setSaid(t('settings.locations.nameSaved'))
    } else setError(failureLine(t, result.error))
  }

  return (
    <div className="team-name">
      <Field
        label={t('settings.locations.yourName')}
        hint={t('settings.locations.yourNameHint', { user: userName })}
        error={error}
      >
        <input
          type="text"
          value={draft ?? saved}
          maxLength={80}
          placeholder={userName}
          autoComplete="name"
          onChange={(event) => {
            setDraft(event.target.value)
            setSaid('')
          }}
          onBlur={() => void save()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save()
          }}
        />
      </Field>
      <p className="muted team-name-saved" role="status">
        {said}
      </p>
    </div>
  )
}
