import { useEffect, useMemo, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { JobStage, type ViewerTarget } from '../../media/JobStage'
import type { JobActions } from '../../media/JobCard'
import { useConnection } from '../../store/app'
import { offerAsReference, openInEditor, remixInImages } from '../../store/handoff'
import { useJobsStore } from '../../store/jobs'
import { copyPrompt } from '../../ui/clipboard'
import { GatewayLine } from '../../ui/GatewayLine'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { CompareCell } from './CompareCell'
import { CompareForm } from './CompareForm'
import { restoreLast } from './send'
import { useCompareStore } from './store'
import '../../styles/studio.css'
import './compare.css'

/**
 * One prompt on several image models side by side: the form on the left, one column per model
 * on the right, each an ordinary job that arrives as the gateway answers it. Remix hands a column to the
 * Images screen; Keep stars its images.
 */
export function CompareScreen(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const run = useCompareStore((state) => state.run)
  const [viewer, setViewer] = useState<ViewerTarget | null>(null)
  const [copied, setCopied] = useState<string | null>(null)
  const viewerJob = useJobsStore((state) => (viewer ? state.byId[viewer.jobId] : undefined))

  useEffect(() => {
    void restoreLast(api)
  }, [api])

  const actions = useMemo<JobActions>(
    () => ({
      onOpen: (job, result) => setViewer({ jobId: job.id, resultId: result.id }),
      onRemix: (job) => remixInImages(job),
      onCopyPrompt: (text) => void copyPrompt(text, setCopied)
    }),
    []
  )

  return (
    <section className="screen studio compare" aria-labelledby="screen-title">
      <ScreenHeader title={t('compare.title')} subtitle={<GatewayLine output="images" />} />
      <div className="studio-layout">
        <CompareForm />
        <section className="compare-results" aria-label={t('compare.grid.title')}>
          {run ? (
            <>
              <header className="compare-run">
                <h2>{t('compare.grid.title')}</h2>
                <p className="compare-run-prompt" title={run.prompt}>
                  {run.prompt}
                </p>
                {copied && (
                  <p className="muted" role="status">
                    {copied}
                  </p>
                )}
              </header>
              <ul
                className="compare-grid"
                aria-label={t('compare.grid.label')}
                style={{ gridTemplateColumns: `repeat(${run.cells.length}, minmax(200px, 1fr))` }}
              >
                {run.cells.map((cell) => (
                  <CompareCell key={`${cell.endpoint}|${cell.model}`} cell={cell} actions={actions} />
                ))}
              </ul>
            </>
          ) : (
            <div className="empty-state compare-empty">
              <p className="empty-title">{t('compare.grid.emptyTitle')}</p>
              <p className="muted">{t('compare.grid.emptyText')}</p>
            </div>
          )}
        </section>
      </div>
      {viewer && viewerJob && (
        <JobStage
          job={viewerJob}
          resultId={viewer.resultId}
          onNavigate={(resultId) => setViewer({ jobId: viewer.jobId, resultId })}
          onClose={() => setViewer(null)}
          actions={{
            onRemix: actions.onRemix,
            onCopyPrompt: actions.onCopyPrompt,
            // Here, a result becomes a reference for the next compare (not the Images screen's).
            onUseAsReference: (result) => {
              setViewer(null)
              offerAsReference(result, 'compare')
            },
            onEdit: openInEditor
          }}
        />
      )}
    </section>
  )
}
