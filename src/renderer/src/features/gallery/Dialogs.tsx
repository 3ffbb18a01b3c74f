/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react'
import type { AppError } from '@shared/result'
import { useAppStore, useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { deleteSelected, startExport } from './actions'
import { plural } from './format'
import { selectedCount } from './selection'
import { useGalleryStore } from './store'

/** A modal: focus moves in, Escape and the backdrop close it. */
export function Modal({
  title,
  role = 'dialog',
  onClose,
  children
}: {
  title: string
  role?: 'dialog' | 'alertdialog'
  onClose: () => void
  children: ReactNode
}): ReactElement {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    ref.current?.querySelector<HTMLElement>('[data-autofocus], input, button')?.focus()
    return () => previous?.focus()
  }, [])
  return (
    <div className="gallery-overlay" onClick={onClose}>
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-label={title}
        className="gallery-modal card"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose()
        }}
      >
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  )
}

function Radio({
  name,
  checked,
  disabled,
  onChange,
  children
}: {
  name: string
  checked: boolean
  disabled?: boolean
  onChange: () => void
  children: ReactNode
}): ReactElement {
  return (
    <label className="radio">
      <input type="radio" name={name} checked={checked} disabled={disabled} onChange={onChange} />
      {children}
    </label>
  )
}

export function DeleteDialog(): ReactElement {
  const { api } = useConnection()
  const count = useGalleryStore((s) => selectedCount(s.selection, s.matching ?? s.items.length))
  const close = (): void => useGalleryStore.getState().setDialog(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const what = plural(count, 'image')
  return (
    <Modal title={`Delete ${what}?`} role="alertdialog" onClose={close}>
      <p>
        {count === 1 ? 'The image and its file are' : `These ${what} and their files are`} removed from the
        library. A file that another image still uses is kept. This cannot be undone.
      </p>
      {error && <ErrorNotice error={error} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={close} data-autofocus>
          Keep {count === 1 ? 'it' : 'them'}
        </button>
        <button
          type="button"
          className="button danger"
          disabled={busy || count === 0}
          onClick={() => {
            setBusy(true)
            void deleteSelected(api).then((failure) => {
              setBusy(false)
              setError(failure)
            })
          }}
        >
          Delete {what}
        </button>
      </div>
    </Modal>
  )
}

export function ExportDialog(): ReactElement {
  const { api, host } = useConnection()
  const info = useAppStore((s) => s.info)
  const settings = useAppStore((s) => s.settings)
  const setSettings = useAppStore((s) => s.setSettings)
  const selected = useGalleryStore((s) => selectedCount(s.selection, s.matching ?? s.items.length))
  const matching = useGalleryStore((s) => s.matching ?? s.items.length)
  const close = (): void => useGalleryStore.getState().setDialog(null)
  const [scope, setScope] = useState<'selection' | 'filter'>(selected > 0 ? 'selection' : 'filter')
  const [format, setFormat] = useState<'zip' | 'folder'>('zip')
  const [where, setWhere] = useState<'exports' | 'folder'>('exports')
  const [folder, setFolder] = useState('')
  const [template, setTemplate] = useState(settings?.exportNameTemplate ?? '{date}_{model}_{index}')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const exportsDir = info ? `${info.dataDir}/exports` : 'the exports folder'

  const start = async (): Promise<void> => {
    setBusy(true)
    if (template.trim() && template !== settings?.exportNameTemplate) {
      const saved = await api.call('settings.update', { exportNameTemplate: template.trim() })
      if (!saved.ok) {
        setBusy(false)
        setError(saved.error)
        return
      }
      setSettings(saved.value)
    }
    const failure = await startExport(api, scope, {
      format,
      ...(where === 'folder' ? { folder: folder.trim() } : {})
    })
    setBusy(false)
    setError(failure)
  }

  return (
    <Modal title="Export images" onClose={close}>
      <fieldset className="radio-stack">
        <legend>What</legend>
        <Radio
          name="scope"
          checked={scope === 'selection'}
          disabled={selected === 0}
          onChange={() => setScope('selection')}
        >
          The {plural(selected, 'selected image')}
        </Radio>
        <Radio name="scope" checked={scope === 'filter'} onChange={() => setScope('filter')}>
          All {plural(matching, 'image')} in this view
        </Radio>
      </fieldset>
      <fieldset className="radio-row">
        <legend>As</legend>
        <Radio name="format" checked={format === 'zip'} onChange={() => setFormat('zip')}>
          Zip file
        </Radio>
        <Radio name="format" checked={format === 'folder'} onChange={() => setFormat('folder')}>
          Folder
        </Radio>
      </fieldset>
      <fieldset className="radio-stack">
        <legend>Where</legend>
        <Radio name="where" checked={where === 'exports'} onChange={() => setWhere('exports')}>
          <span>
            The app&apos;s exports folder
            {host === 'web' && format === 'zip' ? ', with a download link here' : ''}
            <span className="muted dialog-path">{exportsDir}</span>
          </span>
        </Radio>
        <Radio name="where" checked={where === 'folder'} onChange={() => setWhere('folder')}>
          A folder on this computer
        </Radio>
        {where === 'folder' && (
          <label className="field">
            <span>Folder (full path)</span>
            <input
              value={folder}
              onChange={(event) => setFolder(event.target.value)}
              placeholder="/home/me/Exports"
              spellCheck={false}
            />
          </label>
        )}
      </fieldset>
      <label className="field">
        <span>File names</span>
        <input value={template} onChange={(event) => setTemplate(event.target.value)} spellCheck={false} />
        <span className="field-hint">
          Uses {'{date} {time} {model} {endpoint} {index} {prompt} {size} {seed} {job} {id}'}; a clash gets
          -2, -3…
        </span>
      </label>
      <p className="muted">
        Each export also holds manifest.json, manifest.csv and an index.html you can open offline.
      </p>
      {error && <ErrorNotice error={error} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="button primary"
          disabled={
            busy ||
            (where === 'folder' && !folder.trim()) ||
            (scope === 'selection' ? selected : matching) === 0
          }
          onClick={() => void start()}
        >
          Start export
        </button>
      </div>
    </Modal>
  )
}
