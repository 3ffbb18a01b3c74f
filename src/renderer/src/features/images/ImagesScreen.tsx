import { useEffect, useMemo, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useJobsStore } from '../../store/jobs'
import { JobStage } from '../../media/JobStage'
import type { JobActions } from '../../media/JobCard'
import { ResultsList } from '../../media/ResultsList'
import { offerAsReference, openInEditor, useHandoffStore } from '../../store/handoff'
import { copyPrompt } from '../../ui/clipboard'
import { remixIntoForm } from './actions'
import { GenerateForm } from './generate/GenerateForm'
import { useImagesStore, type ImagesNotice } from './store'
import '../../styles/studio.css'
import { GatewayLine } from '../../ui/GatewayLine'
import { ScreenHeader } from '../../ui/ScreenHeader'

const show = (notice: ImagesNotice): void => useImagesStore.getState().setNotice(notice)
/** Words another part of the app has already said (the clipboard's), shown as they are. */
const say = (text: string): void => show({ text })

/** Generate on every image endpoint of the gateway; results arrive in the list beside the form. */
export function ImagesScreen(): ReactElement {
  const { t } = useTranslation()
  const viewer = useImagesStore((state) => state.viewer)
  const viewerJob = useJobsStore((state) => (viewer ? state.byId[viewer.jobId] : undefined))

  // A prompt handed over from the chat fills the form when the studio opens.
  useEffect(() => {
    const prompt = useHandoffStore.getState().takeImagePrompt()
    if (prompt !== null) {
      useImagesStore.getState().setPrompt(prompt)
      show({ key: 'promptFromChat' })
    }
  }, [])

  const actions = useMemo<JobActions>(
    () => ({
      onOpen: (job, result) => useImagesStore.getState().openViewer({ jobId: job.id, resultId: result.id }),
      onRemix: (job, options) => {
        if (!remixIntoForm(job, options)) show({ key: 'cannotRemix' })
      },
      onCopyPrompt: (text) => void copyPrompt(text, say)
    }),
    []
  )
  const viewerActions = useMemo(
    () => ({
      onRemix: (job: Parameters<JobActions['onRemix']>[0]) => actions.onRemix(job),
      onCopyPrompt: actions.onCopyPrompt,
      onUseAsReference: offerAsReference,
      onEdit: openInEditor
    }),
    [actions]
  )

  return (
    <section className="screen studio" aria-labelledby="screen-title">
      <ScreenHeader title={t('images.title')} subtitle={<GatewayLine output="images" />} />
      <div className="studio-layout">
        <GenerateForm />
        <ResultsList
          kind="image"
          title={t('images.results.title')}
          empty={{ title: t('images.results.emptyTitle'), text: t('images.results.emptyText') }}
          actions={actions}
        />
      </div>
      {viewer && viewerJob && (
        <JobStage
          job={viewerJob}
          resultId={viewer.resultId}
          onNavigate={(resultId) => useImagesStore.getState().openViewer({ jobId: viewer.jobId, resultId })}
          onClose={() => useImagesStore.getState().openViewer(null)}
          actions={viewerActions}
        />
      )}
    </section>
  )
}
