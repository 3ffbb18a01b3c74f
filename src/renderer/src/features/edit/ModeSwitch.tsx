import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useEditStore, type EditMode } from './store'

const MODES: EditMode[] = ['painted', 'whole']

/**
 * Painted area or whole image: with the whole image no mask is sent and the model may change anything.
 * Native radios, so arrow keys move between the two as in any radio group.
 */
export function ModeSwitch(): ReactElement {
  const { t } = useTranslation()
  const mode = useEditStore((state) => state.mode)
  return (
    <fieldset className="mode-switch" title={t('edit.mode.title')}>
      <legend className="visually-hidden">{t('edit.mode.label')}</legend>
      {MODES.map((value) => (
        <label key={value} className={`mode-option ${mode === value ? 'checked' : ''}`}>
          <input
            type="radio"
            name="edit-mode"
            value={value}
            checked={mode === value}
            onChange={() => useEditStore.getState().setMode(value)}
          />
          {t(`edit.mode.${value}`)}
        </label>
      ))}
    </fieldset>
  )
}
