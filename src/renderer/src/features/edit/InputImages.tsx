import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { EDIT_MAX_IMAGES } from '@shared/gateway/endpoints/imageEdits'
import { importFiles } from '../../media/intake'
import { LibraryDialog } from '../../media/LibraryDialog'
import { useConnection } from '../../store/app'
import { MediaThumb } from '../../ui/MediaThumb'
import { IconButton } from '../../ui/IconButton'
import { MAX_INPUTS } from './chain'
import { FileButton } from './FileButton'
import { useEditStore } from './store'

/**
 * The images sent with the edit: the one on the canvas first (the mask belongs to it), then further
 * inputs the model may draw from, in order, each movable and removable, up to the endpoint's cap.
 */
export function InputImages(): ReactElement | null {
  const { t } = useTranslation()
  const { api } = useConnection()
  const source = useEditStore((state) => state.source)
  const inputs = useEditStore((state) => state.inputs)
  const whole = useEditStore((state) => state.mode) === 'whole'
  const [picking, setPicking] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!source) return null
  const room = MAX_INPUTS - inputs.length
  const store = useEditStore.getState

  const addFiles = async (files: File[]): Promise<void> => {
    if (files.length === 0) return
    setBusy(true)
    const { images, errors } = await importFiles(api, files.slice(0, room))
    setBusy(false)
    store().addInputs(images)
    if (errors[0]) store().setNotice({ text: errors[0] })
    else if (files.length > room) store().setNotice({ key: 'inputsCapped' })
  }

  return (
    <fieldset className="field input-images">
      <legend>{t('edit.inputs.title')}</legend>
      <p className="field-hint">
        {t('edit.inputs.count', { total: inputs.length + 1, max: EDIT_MAX_IMAGES })}
      </p>
      <ol className="input-list">
        <li className="input-item">
          <MediaThumb mediaId={source.mediaId} alt={t('edit.inputs.baseAlt')} className="input-thumb" />
          <span className="input-name">{whole ? t('edit.inputs.baseWhole') : t('edit.inputs.base')}</span>
        </li>
        {inputs.map((input, index) => {
          const name = t('edit.inputs.item', { number: index + 2 })
          return (
            <li className="input-item" key={input.mediaId}>
              <MediaThumb mediaId={input.mediaId} alt={name} className="input-thumb" />
              <span className="input-name">{name}</span>
              <span className="input-actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('edit.inputs.moveUp', { name })}
                  disabled={index === 0}
                  onClick={() => store().moveInput(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('edit.inputs.moveDown', { name })}
                  disabled={index === inputs.length - 1}
                  onClick={() => store().moveInput(index, 1)}
                >
                  ↓
                </button>
                <IconButton
                  icon="close"
                  label={t('edit.inputs.remove', { name })}
                  onClick={() => store().removeInput(index)}
                />
              </span>
            </li>
          )
        })}
      </ol>
      <div className="input-add">
        <button
          type="button"
          className="button"
          disabled={room <= 0 || busy}
          onClick={() => setPicking(true)}
        >
          {t('edit.inputs.fromLibrary')}
        </button>
        <FileButton
          inputLabel={t('edit.inputs.fileLabel')}
          multiple
          disabled={room <= 0 || busy}
          onFiles={(files) => void addFiles(files)}
        >
          {t('edit.inputs.fromFile')}
        </FileButton>
      </div>
      <p className="field-hint">
        {room <= 0 ? t('edit.inputs.full', { max: EDIT_MAX_IMAGES }) : t('edit.inputs.hint')}
      </p>
      {picking && (
        <LibraryDialog
          title={t('edit.inputs.pickTitle')}
          limit={room}
          onClose={() => setPicking(false)}
          onPick={(images) => {
            setPicking(false)
            store().addInputs(images)
          }}
        />
      )}
    </fieldset>
  )
}
