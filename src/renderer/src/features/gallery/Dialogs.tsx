import { useEffect, useState, type ReactElement, type ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { ExportProfile } from '@shared/schemas/gallery'
import type { TeamDeleteImpact } from '@shared/schemas/locations'
import { useAppStore, useConnection } from '../../store/app'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Dialog } from '../../ui/Dialog'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import { deleteImpact, deleteSelected, startExport } from './actions'
import { selectedCount } from './selection'
import { useGalleryStore } from './store'
import { TeamDeleteWords } from './team/DeleteWords'

/** The fields a file name template takes: names, the same in every language. */
const NAME_FIELDS = '{date} {time} {model} {endpoint} {index} {prompt} {size} {seed} {job} {id}'
/** An example path, not words. */
const FOLDER_EXAMPLE = '/home/me/Exports'
const code = { code: <code /> }

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

/**
 * Delete the selection, after saying what it does. Images on boards shared with a team leave those boards
 * for teammates too, so the dialog says so, and offers "Delete for everyone" beside deleting here.
 */
export function DeleteDialog(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const count = useGalleryStore((s) => selectedCount(s.selection, s.matching ?? s.items.length))
  const close = (): void => useGalleryStore.getState().setDialog(null)
  // Undefined while asked (a local query): Delete waits, so no team image goes without the dialog saying.
  const [impact, setImpact] = useState<TeamDeleteImpact | null | undefined>(undefined)
  useEffect(() => {
    let current = true
    void deleteImpact(api).then((answer) => {
      if (current) setImpact(answer)
    })
    return () => {
      current = false
    }
  }, [api])
  const team = impact && impact.onBoards > 0 ? impact : null
  return (
    <ConfirmDialog
      title={t('gallery.deleteDialog.title', { count })}
      description={
        team ? (
          <>
            <p>{t('gallery.deleteDialog.body', { count })}</p>
            <TeamDeleteWords impact={team} selected={count} />
          </>
        ) : (
          t('gallery.deleteDialog.body', { count })
        )
      }
      keepLabel={t('gallery.deleteDialog.keep', { count })}
      confirmLabel={
        team ? t('gallery.deleteDialog.team.deleteHere') : t('gallery.deleteDialog.confirm', { count })
      }
      disabled={count === 0 || impact === undefined}
      onConfirm={() => deleteSelected(api)}
      further={
        team && team.inLibrary > 0
          ? {
              label: t('gallery.deleteDialog.team.deleteForEveryone'),
              onConfirm: () => deleteSelected(api, true)
            }
          : undefined
      }
      onClose={close}
    />
  )
}

/** A batch to export: its kept images or all of them, with its `batch.csv`. */
export interface ExportBatch {
  id: string
  name: string
  kept: readonly string[]
  all: readonly string[]
  onClose: () => void
}

type ExportScope = 'selection' | 'filter' | 'kept' | 'all'

/** Exports the gallery's selection or filter, or a batch's images with the batch's rows. */
export function ExportDialog({ batch }: { batch?: ExportBatch } = {}): ReactElement {
  const { t } = useTranslation()
  const { api, host } = useConnection()
  const info = useAppStore((s) => s.info)
  const settings = useAppStore((s) => s.settings)
  const setSettings = useAppStore((s) => s.setSettings)
  const selected = useGalleryStore((s) => selectedCount(s.selection, s.matching ?? s.items.length))
  const matching = useGalleryStore((s) => s.matching ?? s.items.length)
  const close = (): void => (batch ? batch.onClose() : useGalleryStore.getState().setDialog(null))
  const [scope, setScope] = useState<ExportScope>(
    batch ? (batch.kept.length > 0 ? 'kept' : 'all') : selected > 0 ? 'selection' : 'filter'
  )
  const [format, setFormat] = useState<'zip' | 'folder'>('zip')
  const [profile, setProfile] = useState<ExportProfile>('full')
  const [where, setWhere] = useState<'exports' | 'folder'>('exports')
  const [folder, setFolder] = useState('')
  const [template, setTemplate] = useState(settings?.exportNameTemplate ?? '{date}_{model}_{index}')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const exportsDir = info ? `${info.dataDir}/exports` : t('gallery.exportDialog.exportsFolderUnknown')
  const sizes: Record<ExportScope, number> = {
    selection: selected,
    filter: matching,
    kept: batch?.kept.length ?? 0,
    all: batch?.all.length ?? 0
  }

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
    const failure = await startExport(
      api,
      batch
        ? { ids: scope === 'kept' ? batch.kept : batch.all }
        : scope === 'selection'
          ? 'selection'
          : 'filter',
      {
        format,
        profile,
        ...(where === 'folder' ? { folder: folder.trim() } : {}),
        ...(batch ? { batchId: batch.id } : {})
      }
    )
    setBusy(false)
    setError(failure)
    if (!failure && batch) batch.onClose()
  }

  return (
    <Dialog
      title={
        batch ? t('gallery.exportDialog.batchTitle', { name: batch.name }) : t('gallery.exportDialog.title')
      }
      onClose={close}
      closeOnBackdrop
      className="gallery-modal"
    >
      <fieldset className="radio-stack">
        <legend>{t('gallery.exportDialog.what')}</legend>
        {batch ? (
          <>
            {/* Only choices that hold something: a batch with nothing kept offers its images only. */}
            {batch.kept.length > 0 && (
              <Radio name="scope" checked={scope === 'kept'} onChange={() => setScope('kept')}>
                {t('gallery.exportDialog.batchKept', { count: batch.kept.length })}
              </Radio>
            )}
            <Radio name="scope" checked={scope === 'all'} onChange={() => setScope('all')}>
              {t('gallery.exportDialog.batchAll', { count: batch.all.length })}
            </Radio>
          </>
        ) : (
          <>
            {/* Only choices that hold something: with nothing selected, "the 0 selected images" is no choice. */}
            {selected > 0 && (
              <Radio name="scope" checked={scope === 'selection'} onChange={() => setScope('selection')}>
                {t('gallery.exportDialog.selected', { count: selected })}
              </Radio>
            )}
            <Radio name="scope" checked={scope === 'filter'} onChange={() => setScope('filter')}>
              {t('gallery.exportDialog.inView', { count: matching })}
            </Radio>
          </>
        )}
      </fieldset>
      <fieldset className="radio-stack">
        <legend>{t('gallery.exportDialog.tells')}</legend>
        <Radio name="profile" checked={profile === 'full'} onChange={() => setProfile('full')}>
          {t('gallery.exportDialog.profileFull')}
        </Radio>
        <Radio name="profile" checked={profile === 'public'} onChange={() => setProfile('public')}>
          {t('gallery.exportDialog.profilePublic')}
        </Radio>
      </fieldset>
      <fieldset className="radio-row">
        <legend>{t('gallery.exportDialog.as')}</legend>
        <Radio name="format" checked={format === 'zip'} onChange={() => setFormat('zip')}>
          {t('gallery.exportDialog.zip')}
        </Radio>
        <Radio name="format" checked={format === 'folder'} onChange={() => setFormat('folder')}>
          {t('gallery.exportDialog.folder')}
        </Radio>
      </fieldset>
      <fieldset className="radio-stack">
        <legend>{t('gallery.exportDialog.where')}</legend>
        <Radio name="where" checked={where === 'exports'} onChange={() => setWhere('exports')}>
          <span>
            {host === 'web' && format === 'zip'
              ? t('gallery.exportDialog.exportsFolderDownload')
              : t('gallery.exportDialog.exportsFolder')}
            <span className="muted dialog-path">{exportsDir}</span>
          </span>
        </Radio>
        <Radio name="where" checked={where === 'folder'} onChange={() => setWhere('folder')}>
          {t('gallery.exportDialog.otherFolder')}
        </Radio>
        {where === 'folder' && (
          <Field label={t('gallery.exportDialog.folderPath')}>
            <input
              value={folder}
              onChange={(event) => setFolder(event.target.value)}
              placeholder={FOLDER_EXAMPLE}
              spellCheck={false}
            />
          </Field>
        )}
      </fieldset>
      <Field
        label={t('gallery.exportDialog.fileNames')}
        hint={
          <Trans
            i18nKey="gallery.exportDialog.fileNamesHint"
            values={{ fields: NAME_FIELDS }}
            components={code}
          />
        }
      >
        <input value={template} onChange={(event) => setTemplate(event.target.value)} spellCheck={false} />
      </Field>
      <p className="muted">
        <Trans
          i18nKey={batch ? 'gallery.exportDialog.manifestBatch' : 'gallery.exportDialog.manifest'}
          components={code}
        />
      </p>
      {error && <ErrorNotice error={error} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={close}>
          {t('gallery.exportDialog.cancel')}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={busy || (where === 'folder' && !folder.trim()) || sizes[scope] === 0}
          onClick={() => void start()}
        >
          {t('gallery.exportDialog.start')}
        </button>
      </div>
    </Dialog>
  )
}
