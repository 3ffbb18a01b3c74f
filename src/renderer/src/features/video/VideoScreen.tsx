import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  type FormEvent,
  type ReactElement,
  type ReactNode
} from 'react'
import { ENDPOINTS } from '@shared/gateway/spec'
import type { JobView } from '@shared/schemas/jobs'
import { useAppStore, useConnection } from '../../store/app'
import {
  elapsedMs,
  formatDuration,
  isActiveJob,
  isSaving,
  progressOf,
  statusText,
  statusTone
} from '../../jobs/status'
import { VideoPlayer } from '../../media/VideoPlayer'
import { upsertFresh, useJobsStore } from '../../store/jobs'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { useClearUnlisted, useModels } from '../../ui/useModels'
import { ProgressBar } from '../../ui/ProgressBar'
import { useNow } from '../../ui/useNow'
import { FirstFramePicker } from './FirstFramePicker'
import { buildVideoForm, RATIOS, RESOLUTIONS, SIZE_PRESETS, type TriState, type VideoDraft } from './form'
import { useVideoStore } from './store'
import './video.css'
import { GatewayLine } from '../../ui/GatewayLine'
import { ScreenHeader } from '../../ui/ScreenHeader'

const VIDEO_ENDPOINTS = [ENDPOINTS.videos]
const RECENT = 8

/** A labelled control with its issue underneath, wired for assistive tech (aria-invalid, -describedby). */
function Field({
  label,
  error,
  hint,
  className,
  children
}: {
  label: string
  error?: string | undefined
  hint?: string
  className?: string
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}): ReactElement {
  const id = useId()
  const noteId = `${id}-note`
  const note = error ?? hint
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(note ? { 'aria-describedby': noteId } : {})
      })}
      {note && (
        <p id={noteId} className={error ? 'field-error' : 'vid-hint'}>
          {note}
        </p>
      )}
    </div>
  )
}

const triLabels: Record<TriState, string> = { default: 'Gateway default', on: 'On', off: 'Off' }

function VideoForm(): ReactElement {
  const { api } = useConnection()
  const { models, loading, ready, gateway, error: modelsError, refresh } = useModels(VIDEO_ENDPOINTS)
  const draft = useVideoStore((state) => state.draft)
  const touched = useVideoStore((state) => state.touched)
  const attempted = useVideoStore((state) => state.attempted)
  const submitting = useVideoStore((state) => state.submitting)
  const submitError = useVideoStore((state) => state.error)
  const moreOpen = useVideoStore((state) => state.moreOpen)
  const modelNotice = useVideoStore((state) => state.modelNotice)
  const { edit, touch, setAttempted, setSubmitting, finishSubmit, setMoreOpen, setModelNotice } =
    useVideoStore.getState()
  // A model picked on another gateway, or with another key, is let go with a notice (issue 15).
  const clearModel = useCallback((notice: string) => {
    useVideoStore.getState().edit({ model: '' })
    useVideoStore.getState().setModelNotice(notice)
  }, [])
  useClearUnlisted(draft.model, { models, ready, gateway }, clearModel)

  const modelId = models.some((model) => model.id === draft.model) ? draft.model : (models[0]?.id ?? '')
  const model = models.find((m) => m.id === modelId)
  const form = useMemo(() => buildVideoForm({ ...draft, model: modelId }, model), [draft, modelId, model])
  const shown = (field: string, dirty: boolean): string | undefined =>
    attempted || touched[field] || dirty ? form.issues[field] : undefined
  const blocking = Object.keys(form.issues).length > 0

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setAttempted()
    // An issue inside "More options" must not stay hidden behind the fold.
    if (form.issues.extra ?? form.issues.seed ?? form.issues.firstFrame) setMoreOpen(true)
    if (blocking || submitting) return
    setSubmitting(true)
    const result = await api.call('jobs.submit', { request: form.request })
    if (result.ok) {
      useJobsStore.getState().upsert(result.value)
      finishSubmit({ jobId: result.value.id })
    } else finishSubmit({ error: result.error })
  }

  const set =
    (key: keyof VideoDraft) =>
    (event: { target: { value: string } }): void =>
      edit({ [key]: event.target.value })
  const sizeIssue = shown('size', draft.width !== '' || draft.height !== '')
  const preset = SIZE_PRESETS.findIndex(
    (p) => String(p.width) === draft.width.trim() && String(p.height) === draft.height.trim()
  )

  return (
    <form
      className="card vid-form"
      aria-labelledby="video-form-title"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 id="video-form-title">New video</h2>
      {models.length === 0 && !loading ? (
        <div className="notice notice-warn" role="status">
          <p className="notice-title">No video model on this gateway</p>
          <p>The gateway lists no model that supports {ENDPOINTS.videos}.</p>
          <div>
            <button type="button" className="button" onClick={refresh}>
              Check again
            </button>
          </div>
        </div>
      ) : null}
      {modelsError && <ErrorNotice error={modelsError} />}
      <Field label="Model" error={shown('model', false)}>
        {(props) => (
          <select
            {...props}
            value={modelId}
            onChange={(event) => {
              setModelNotice(null)
              edit({ model: event.target.value })
            }}
            disabled={models.length === 0}
          >
            {models.length === 0 && (
              <option value="">{loading ? 'Loading models…' : 'No video model'}</option>
            )}
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id}
              </option>
            ))}
          </select>
        )}
      </Field>
      {modelNotice && (
        <p className="model-notice" role="status">
          {modelNotice}
        </p>
      )}
      <Field label="Prompt" error={shown('prompt', false)}>
        {(props) => (
          <textarea
            {...props}
            className="vid-prompt"
            rows={4}
            value={draft.prompt}
            placeholder="A paper boat drifting down a rainy street, slow dolly shot"
            onChange={set('prompt')}
            onBlur={() => touch('prompt')}
          />
        )}
      </Field>
      <Field label="Duration (seconds)" error={shown('duration', true)} className="vid-duration">
        {(props) => (
          <input
            {...props}
            type="number"
            min={1}
            step={1}
            required
            value={draft.duration}
            onChange={set('duration')}
            onBlur={() => touch('duration')}
          />
        )}
      </Field>
      <fieldset className="vid-size" aria-describedby={sizeIssue ? 'video-size-issue' : undefined}>
        <legend>Size (optional)</legend>
        <div className="vid-size-inputs">
          <input
            type="number"
            min={1}
            step={1}
            aria-label="Width"
            placeholder="Width"
            value={draft.width}
            aria-invalid={sizeIssue ? true : undefined}
            onChange={set('width')}
          />
          <span aria-hidden="true">×</span>
          <input
            type="number"
            min={1}
            step={1}
            aria-label="Height"
            placeholder="Height"
            value={draft.height}
            aria-invalid={sizeIssue ? true : undefined}
            onChange={set('height')}
          />
          <select
            aria-label="Size preset"
            value={preset >= 0 ? String(preset) : draft.width || draft.height ? 'custom' : ''}
            onChange={(event) => {
              const chosen = SIZE_PRESETS[Number(event.target.value)]
              if (event.target.value === '') edit({ width: '', height: '' })
              else if (chosen) edit({ width: String(chosen.width), height: String(chosen.height) })
            }}
          >
            <option value="">Gateway default</option>
            {SIZE_PRESETS.map((p, index) => (
              <option key={p.label} value={String(index)}>
                {p.label}
              </option>
            ))}
            {preset < 0 && (draft.width || draft.height) && <option value="custom">Custom</option>}
          </select>
        </div>
        {sizeIssue && (
          <p id="video-size-issue" className="field-error">
            {sizeIssue}
          </p>
        )}
      </fieldset>
      <details
        className="vid-more"
        open={moreOpen}
        onToggle={(event) => setMoreOpen(event.currentTarget.open)}
      >
        <summary>More options</summary>
        <p className="vid-hint">
          Sent as extra fields with the names most video gateways use (resolution, ratio, seed, watermark,
          generate_audio, image). Leave a field on “Gateway default” to not send it.
        </p>
        <div className="vid-grid">
          <Field label="Resolution">
            {(props) => (
              <select {...props} value={draft.resolution} onChange={set('resolution')}>
                <option value="">Gateway default</option>
                {RESOLUTIONS.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Ratio">
            {(props) => (
              <select {...props} value={draft.ratio} onChange={set('ratio')}>
                <option value="">Gateway default</option>
                {RATIOS.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Seed" error={shown('seed', draft.seed !== '')}>
            {(props) => (
              <input
                {...props}
                type="number"
                step={1}
                placeholder="Random"
                value={draft.seed}
                onChange={set('seed')}
              />
            )}
          </Field>
          <Field label="Watermark">
            {(props) => (
              <select {...props} value={draft.watermark} onChange={set('watermark')}>
                {(Object.keys(triLabels) as TriState[]).map((value) => (
                  <option key={value} value={value}>
                    {triLabels[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Audio">
            {(props) => (
              <select {...props} value={draft.audio} onChange={set('audio')}>
                <option value="default">Gateway default</option>
                <option value="on">With sound</option>
                <option value="off">Silent</option>
              </select>
            )}
          </Field>
        </div>
        <FirstFramePicker
          value={draft.firstFrame}
          onChange={(firstFrame) => edit({ firstFrame })}
          error={shown('firstFrame', draft.firstFrame.type === 'url' && draft.firstFrame.url !== '')}
        />
        <Field
          label="Other fields (JSON)"
          error={shown('extra', draft.extraJson.trim() !== '')}
          hint='For anything else your gateway takes, e.g. {"camera_fixed": true}.'
        >
          {(props) => (
            <textarea
              {...props}
              rows={3}
              spellCheck={false}
              value={draft.extraJson}
              placeholder="{}"
              onChange={set('extraJson')}
            />
          )}
        </Field>
      </details>
      {submitError && <ErrorNotice error={submitError} model={modelId} />}
      <div className="vid-submit">
        <button type="submit" className="button primary" disabled={submitting || models.length === 0}>
          {submitting ? 'Starting…' : 'Generate video'}
        </button>
        <p className="vid-hint">
          Runs as a task on the gateway and keeps going if you leave this screen or close the app.
          {model?.billingUnit ? ` Billed by ${model.billingUnit}.` : ''}
        </p>
      </div>
    </form>
  )
}

function VideoCard({ job, now, fresh }: { job: JobView; now: number; fresh: boolean }): ReactElement {
  const setScreen = useAppStore((state) => state.setScreen)
  const stored = job.results.find((result) => result.status === 'stored' && result.mediaId)
  const progress = progressOf(job)
  const tone = statusTone(job.status)
  return (
    <li className={fresh ? 'vid-card card fresh' : 'vid-card card'}>
      {stored ? (
        <VideoPlayer result={stored} label={`Video: ${job.prompt.slice(0, 60)}`} />
      ) : (
        <div className={`vid-placeholder tone-${tone}`}>
          <span className={`tq-status tone-${tone}`}>{statusText(job)}</span>
          <ProgressBar progress={progress} label={`Progress of “${job.prompt.slice(0, 40)}”`} />
          {progress.type !== 'none' && <span className="tq-progress-label">{progress.label}</span>}
          {job.error && !isActiveJob(job) && <p className="vid-card-error">{job.error.message}</p>}
        </div>
      )}
      <div className="vid-card-text">
        <p className="vid-card-prompt" title={job.prompt}>
          {job.prompt}
        </p>
        <p className="tq-meta">
          <span>{job.model}</span>
          <span>
            {isActiveJob(job) ? 'running for ' : ''}
            {formatDuration(elapsedMs(job, now))}
          </span>
        </p>
      </div>
      <button type="button" className="button tq-btn quiet vid-card-link" onClick={() => setScreen('queue')}>
        Show in Queue
      </button>
    </li>
  )
}

function RecentVideos(): ReactElement {
  const { api } = useConnection()
  const lastJobId = useVideoStore((state) => state.lastJobId)
  const byId = useJobsStore((state) => state.byId)
  const order = useJobsStore((state) => state.order)
  const videos = useMemo(
    () =>
      order
        .map((id) => byId[id])
        .filter((job): job is JobView => job?.kind === 'video')
        .slice(0, RECENT),
    [order, byId]
  )
  const now = useNow(videos.some((job) => isActiveJob(job) || isSaving(job)))
  useEffect(() => {
    void api.call('jobs.list', { kind: ['video'], limit: RECENT }).then((result) => {
      if (result.ok) upsertFresh(result.value)
    })
  }, [api])
  return (
    <section className="vid-recent" aria-labelledby="recent-videos-title">
      <h2 id="recent-videos-title">Your videos</h2>
      {videos.length === 0 ? (
        <div className="vid-empty">
          <p className="empty-title">No videos yet</p>
          <p className="muted">Describe a shot and pick a duration; the video plays here when it is ready.</p>
        </div>
      ) : (
        <ul className="vid-cards" aria-label="Recent videos">
          {videos.map((job) => (
            <VideoCard key={job.id} job={job} now={now} fresh={job.id === lastJobId} />
          ))}
        </ul>
      )}
    </section>
  )
}

export function VideoScreen(): ReactElement {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeader title="Video" subtitle={<GatewayLine output="video" />} />
      <div className="screen-body vid-layout">
        <VideoForm />
        <RecentVideos />
      </div>
    </section>
  )
}
