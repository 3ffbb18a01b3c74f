import { useEffect, useMemo, useState, type DragEvent, type ReactElement } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { LibraryImage } from '@shared/schemas/library'
import { useConnection } from '../../store/app'
import { useJobsStore } from '../../store/jobs'
import { openInEditor } from '../../store/handoff'
import { JobStage } from '../../media/JobStage'
import { filesOf, hasFiles, importFiles } from '../../media/intake'
import type { JobActions } from '../../media/JobCard'
import { LibraryDialog } from '../../media/LibraryDialog'
import { ResultsList } from '../../media/ResultsList'
import { copyPrompt } from '../../ui/clipboard'
import { ChainStrip } from './ChainStrip'
import { CompareStage } from './CompareStage'
import { EditForm } from './EditForm'
import { FileButton } from './FileButton'
import { MaskStage } from './MaskStage'
import { MaskToolbar } from './MaskToolbar'
import { takeAsInput } from './referenceInput'
import { remixEdit } from './remix'
import { useEditStore, type EditNotice } from './store'
import { useEditResult } from './useEditResult'
import { useMaskShortcuts } from './useMaskShortcuts'
import { useStageFocus } from './useStageFocus'
import { useRestoredCheck } from './useRestoredCheck'
import '../../styles/studio.css'
import './edit.css'
import './editInPlace.css'
import { GatewayLine } from '../../ui/GatewayLine'
import { ScreenHeader } from '../../ui/ScreenHeader'

const say = (notice: EditNotice): void => useEditStore.getState().setNotice(notice)
/** Words another part of the app has already said (the clipboard, file intake), shown as they are. */
const sayText = (text: string): void => say({ text })

function openImage(image: LibraryImage): void {
  if (!image.width || !image.height) {
    say({ key: 'noSize' })
    return
  }
  useEditStore.getState().openSource({ mediaId: image.mediaId, width: image.width, height: image.height })
}

function SourcePicker({
  busy,
  onFiles,
  onLibrary
}: {
  busy: boolean
  onFiles: (files: File[]) => void
  onLibrary: () => void
}): ReactElement {
  const { t } = useTranslation()
  return (
    <div className="source-picker">
      <p className="empty-title">{t('edit.source.choose')}</p>
      <p className="muted">{t('edit.source.then')}</p>
      <div className="source-actions">
        <button type="button" className="button primary" disabled={busy} onClick={onLibrary}>
          {t('edit.source.fromLibrary')}
        </button>
        <FileButton inputLabel={t('edit.source.fileLabel')} disabled={busy} onFiles={onFiles}>
          {t('edit.source.openFile')}
        </FileButton>
      </div>
      <p className="field-hint">{busy ? t('edit.source.adding') : t('edit.source.dropHint')}</p>
    </div>
  )
}

/**
 * Edit an image with a painted mask, or the whole of it (/v1/images/edits): choose an image, paint where it
 * should change, describe the change, send; the result replaces the canvas against the original, and
 * keeping it starts the next edit from it (the versions strip steps back). Every job also lands below.
 */
export function EditScreen(): ReactElement {
  const { t } = useTranslation()
  const { api, mediaUrl } = useConnection()
  const source = useEditStore((state) => state.source)
  const editor = useEditStore((state) => state.editor)
  const viewer = useEditStore((state) => state.viewer)
  const compare = useEditStore((state) => state.compare)
  const whole = useEditStore((state) => state.mode) === 'whole'
  const viewerJob = useJobsStore((state) => (viewer ? state.byId[viewer.jobId] : undefined))
  const [libraryOpen, setLibraryOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [dragging, setDragging] = useState(false)
  const space = useMaskShortcuts()
  const sectionRef = useStageFocus()
  useEditResult()
  useRestoredCheck()

  const takeFile = async (files: File[]): Promise<void> => {
    const file = files[0]
    if (!file) return
    const painted = useEditStore.getState().editor?.isEmpty() === false
    if (painted) {
      say({ key: 'closeFirst' })
      return
    }
    setBusy(true)
    const { images, errors } = await importFiles(api, [file])
    setBusy(false)
    const image = images[0]
    if (image) openImage(image)
    if (errors[0]) sayText(errors[0])
  }

  useEffect(() => {
    const onPaste = (event: ClipboardEvent): void => {
      const files = filesOf(event.clipboardData).filter((file) => file.type.startsWith('image/'))
      if (files.length === 0) return
      event.preventDefault()
      void takeFile(files)
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  })

  const actions = useMemo<JobActions>(
    () => ({
      onOpen: (job, result) => useEditStore.getState().openViewer({ jobId: job.id, resultId: result.id }),
      onRemix: (job) => void remixEdit(api, mediaUrl, job),
      onCopyPrompt: (text) => void copyPrompt(text, sayText)
    }),
    [api, mediaUrl]
  )
  const viewerActions = useMemo(
    () => ({
      onRemix: actions.onRemix,
      onCopyPrompt: actions.onCopyPrompt,
      onUseAsReference: takeAsInput,
      onEdit: openInEditor
    }),
    [actions]
  )

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    if (!hasFiles(event.dataTransfer)) return
    event.preventDefault()
    setDragging(false)
    void takeFile(filesOf(event.dataTransfer))
  }

  return (
    <section ref={sectionRef} className="screen studio edit-screen" aria-labelledby="screen-title">
      <ScreenHeader
        title={t('edit.title')}
        subtitle={
          <>
            <GatewayLine output="images" />
            {source &&
              ` · ${t(whole ? 'edit.sourceSizeWhole' : 'edit.sourceSize', { width: source.width, height: source.height })}`}
          </>
        }
      >
        {source && (
          <button type="button" className="button" onClick={() => useEditStore.getState().closeSource()}>
            {t('edit.closeImage')}
          </button>
        )}
      </ScreenHeader>
      <div className="edit-layout">
        <div
          className={`edit-main ${dragging ? 'dragging' : ''}`}
          onDragOver={(event) => {
            if (!hasFiles(event.dataTransfer)) return
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
          }}
          onDrop={onDrop}
        >
          {source && editor ? (
            <>
              {compare ? (
                <CompareStage key={compare.jobId} compare={compare} />
              ) : (
                <>
                  <MaskToolbar editor={editor} source={source} />
                  <MaskStage source={source} editor={editor} spaceHeld={space} />
                </>
              )}
              <ChainStrip />
              <p className="stage-hint">
                {compare ? (
                  t('edit.compare.hint')
                ) : whole ? (
                  t('edit.wholeHint')
                ) : (
                  <Trans i18nKey="edit.shortcuts" components={{ kbd: <kbd /> }} />
                )}
              </p>
            </>
          ) : (
            <SourcePicker
              busy={busy}
              onFiles={(files) => void takeFile(files)}
              onLibrary={() => setLibraryOpen(true)}
            />
          )}
          <ResultsList
            kind="edit"
            title={t('edit.results.title')}
            empty={{ title: t('edit.results.emptyTitle'), text: t('edit.results.emptyText') }}
            actions={actions}
          />
        </div>
        <aside className="edit-side" aria-label={t('edit.settings')}>
          <EditForm />
        </aside>
      </div>
      {libraryOpen && (
        <LibraryDialog
          title={t('edit.source.pickTitle')}
          limit={1}
          onClose={() => setLibraryOpen(false)}
          onPick={([image]) => {
            setLibraryOpen(false)
            if (image) openImage(image)
          }}
        />
      )}
      {viewer && viewerJob && (
        <JobStage
          job={viewerJob}
          resultId={viewer.resultId}
          onNavigate={(resultId) => useEditStore.getState().openViewer({ jobId: viewer.jobId, resultId })}
          onClose={() => useEditStore.getState().openViewer(null)}
          actions={viewerActions}
        />
      )}
    </section>
  )
}
