import { useRef, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import { ACCEPT_ATTRIBUTE, filesOf } from '../../../media/intake'
import { useConnection } from '../../../store/app'
import { Dialog } from '../../../ui/Dialog'
import { errorWords } from '../../../ui/errorWords'
import { Field } from '../../../ui/Field'
import { useGalleryStore } from '../store'
import { startFolderImport } from './folder'
import { importFiles } from './sendFiles'

/** An example path, not words. */
const FOLDER_EXAMPLE = '/home/me/Pictures'

/**
 * Import into the gallery: images picked on this computer (sent from here; the dialog closes and the
 * gallery shows how far it got), or a whole folder the backend walks (a card in the tray follows it).
 */
export function ImportDialog(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const fileInput = useRef<HTMLInputElement>(null)
  const [folder, setFolder] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const close = (): void => useGalleryStore.getState().setDialog(null)
  const words = error ? errorWords(t, error) : null

  const takeFiles = (files: File[]): void => {
    if (files.length === 0) return
    close()
    void importFiles(api, files, t)
  }

  const startFolder = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault()
    if (!folder.trim() || busy) return
    setBusy(true)
    const failure = await startFolderImport(api, folder.trim())
    setBusy(false)
    setError(failure)
    if (!failure) close()
  }

  return (
    <Dialog title={t('gallery.imports.title')} onClose={close} closeOnBackdrop className="gallery-modal">
      <p className="muted">{t('gallery.imports.intro')}</p>
      <fieldset className="radio-stack">
        <legend>{t('gallery.imports.files')}</legend>
        <div>
          <button type="button" className="button" data-autofocus onClick={() => fileInput.current?.click()}>
            {t('gallery.imports.chooseFiles')}
          </button>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          multiple
          hidden
          aria-label={t('gallery.imports.chooseFiles')}
          onChange={(event) => {
            const files = filesOf(event.target.files)
            event.target.value = ''
            takeFiles(files)
          }}
        />
        <p className="field-hint">{t('gallery.imports.filesHint')}</p>
      </fieldset>
      <form className="radio-stack" onSubmit={(event) => void startFolder(event)}>
        <fieldset className="radio-stack">
          <legend>{t('gallery.imports.folder')}</legend>
          <Field
            label={t('gallery.imports.folderPath')}
            hint={t('gallery.imports.folderHint')}
            error={words ? (words.message ?? words.title) : null}
          >
            <input
              value={folder}
              onChange={(event) => {
                setFolder(event.target.value)
                setError(null)
              }}
              placeholder={FOLDER_EXAMPLE}
              spellCheck={false}
            />
          </Field>
          <div>
            <button type="submit" className="button primary" disabled={busy || !folder.trim()}>
              {t('gallery.imports.importFolder')}
            </button>
          </div>
        </fieldset>
      </form>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={close}>
          {t('gallery.imports.close')}
        </button>
      </div>
    </Dialog>
  )
}
