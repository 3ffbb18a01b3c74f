/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useEffect, useMemo, type ReactElement } from 'react'
import { useJobsStore } from '../../store/jobs'
import { ImageViewer } from '../../media/ImageViewer'
import type { JobActions } from '../../media/JobCard'
import { ResultsList } from '../../media/ResultsList'
import { offerAsReference, openInEditor, useHandoffStore } from '../../store/handoff'
import { copyPrompt } from '../../ui/clipboard'
import { remixIntoForm } from './actions'
import { GenerateForm } from './generate/GenerateForm'
import { useImagesStore } from './store'
import '../../styles/studio.css'
import { GatewayLine } from '../../ui/GatewayLine'
import { ScreenHeader } from '../../ui/ScreenHeader'

const say = (notice: string): void => useImagesStore.getState().setNotice(notice)

/** Generate on every image endpoint of the gateway; results arrive in the list beside the form. */
export function ImagesScreen(): ReactElement {
  const viewer = useImagesStore((state) => state.viewer)
  const viewerJob = useJobsStore((state) => (viewer ? state.byId[viewer.jobId] : undefined))

  // A prompt handed over from the chat fills the form when the studio opens.
  useEffect(() => {
    const prompt = useHandoffStore.getState().takeImagePrompt()
    if (prompt !== null) {
      useImagesStore.getState().setPrompt(prompt)
      say('Prompt taken from the chat.')
    }
  }, [])

  const actions = useMemo<JobActions>(
    () => ({
      onOpen: (job, result) => useImagesStore.getState().openViewer({ jobId: job.id, resultId: result.id }),
      onRemix: (job, options) => {
        if (!remixIntoForm(job, options)) say('That job cannot be loaded into the form.')
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
      <ScreenHeader title="Images" subtitle={<GatewayLine output="images" />} />
      <div className="studio-layout">
        <GenerateForm />
        <ResultsList
          kind="image"
          title="Results"
          empty={{
            title: 'No images yet',
            text: 'Write a prompt, pick a model and press Generate. Every image is saved to your library as it arrives.'
          }}
          actions={actions}
        />
      </div>
      {viewer && viewerJob && (
        <ImageViewer
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
