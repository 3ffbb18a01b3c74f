import { useCallback, useMemo, useState, type FormEvent, type ReactElement } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { ENDPOINTS } from '@shared/gateway/spec'
import { estimateLabel, estimateOf } from '../../jobs/money/estimate'
import { PresetBar } from '../../jobs/presets/PresetBar'
import { styledPrompt } from '../../jobs/presets/style'
import { usePriceTable } from '../../jobs/money/usePriceTable'
import { useConnection } from '../../store/app'
import { useJobsStore } from '../../store/jobs'
import { notify } from '../../store/notifications'
import { selectActiveProfile, useProfilesStore } from '../../store/profiles'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { shortcutProps } from '../../ui/shortcuts'
import { useClearUnlisted, useModels } from '../../ui/useModels'
import { Field } from '../../ui/Field'
import { buildVideoForm, SIZE_PRESETS, type VideoDraft } from './form'
import { MoreOptions } from './MoreOptions'
import { videoPresets } from './presets'
import { useVideoStore } from './store'
import { VideoModelPicker } from './VideoModelPicker'
import { BatchDialog } from '../../jobs/batch/BatchDialog'

const VIDEO_ENDPOINTS = [ENDPOINTS.videos]

export function VideoForm(): ReactElement {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const profile = useProfilesStore(selectActiveProfile)
  const priceTable = usePriceTable(profile?.id)
  const { models, loading, ready, gateway, error: modelsError, refresh } = useModels(VIDEO_ENDPOINTS)
  const draft = useVideoStore((state) => state.draft)
  const touched = useVideoStore((state) => state.touched)
  const attempted = useVideoStore((state) => state.attempted)
  const submitting = useVideoStore((state) => state.submitting)
  const submitError = useVideoStore((state) => state.error)
  const modelNotice = useVideoStore((state) => state.modelNotice)
  const style = useVideoStore((state) => state.style)
  const { edit, touch, setAttempted, setSubmitting, finishSubmit, setMoreOpen } = useVideoStore.getState()
  // A model picked on another gateway, or with another key, is let go with a notice.
  const clearModel = useCallback((notice: string) => {
    useVideoStore.getState().edit({ model: '' })
    useVideoStore.getState().setModelNotice(notice)
  }, [])
  useClearUnlisted(draft.model, { models, ready, gateway }, clearModel)

  const modelId = models.some((model) => model.id === draft.model) ? draft.model : (models[0]?.id ?? '')
  const model = models.find((m) => m.id === modelId)
  // A chosen style is part of the prompt that is sent (and of the job's record of it).
  const form = useMemo(
    () => buildVideoForm({ ...draft, model: modelId, prompt: styledPrompt(draft.prompt, style) }, model, t),
    [draft, modelId, model, style, t]
  )
  const shown = (field: string, dirty: boolean): string | undefined =>
    attempted || touched[field] || dirty ? form.issues[field] : undefined
  const blocking = Object.keys(form.issues).length > 0
  const estimate = blocking
    ? null
    : estimateLabel(t, estimateOf(form.request, priceTable), priceTable?.currency, i18n.language)
  const [batchOpen, setBatchOpen] = useState(false)
  // A batch's base is the form as it is, whatever its prompt: each row brings its own (from the prompt as
  // typed), and the builder puts the chosen style around each row's prompt as this form's send would.
  const batchBase = useMemo(() => {
    const built = buildVideoForm(
      { ...draft, model: modelId, prompt: draft.prompt.trim() || 'batch' },
      model,
      t
    )
    if (!model || Object.keys(built.issues).length > 0) return null
    return { ...built.request, body: { ...built.request.body, prompt: draft.prompt } }
  }, [draft, modelId, model, t])

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
    <>
      <form
        className="card vid-form"
        aria-labelledby="video-form-title"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <h2 id="video-form-title">{t('video.form.title')}</h2>
        {models.length === 0 && !loading ? (
          <div className="notice notice-warn" role="status">
            <p className="notice-title">{t('video.form.noModelTitle')}</p>
            <p>
              <Trans
                i18nKey="video.form.noModelText"
                values={{ endpoint: ENDPOINTS.videos }}
                components={{ code: <code /> }}
              />
            </p>
            <div>
              <button type="button" className="button" onClick={refresh}>
                {t('video.form.checkAgain')}
              </button>
            </div>
          </div>
        ) : null}
        {modelsError && <ErrorNotice error={modelsError} />}
        <Field label={t('video.form.model')} error={shown('model', false)}>
          {(props) => (
            <VideoModelPicker
              fieldProps={props}
              models={models}
              modelId={modelId}
              loading={loading}
              ready={ready}
              gateway={gateway}
            />
          )}
        </Field>
        {modelNotice && (
          <p className="model-notice" role="status">
            {modelNotice}
          </p>
        )}
        <PresetBar adapter={videoPresets} />
        <Field label={t('video.form.prompt')} error={shown('prompt', false)}>
          {(props) => (
            <textarea
              {...props}
              className="vid-prompt"
              rows={4}
              value={draft.prompt}
              placeholder={t('video.form.promptPlaceholder')}
              onChange={set('prompt')}
              onBlur={() => touch('prompt')}
            />
          )}
        </Field>
        <Field label={t('video.form.duration')} error={shown('duration', true)} className="vid-duration">
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
          <legend>{t('video.form.size')}</legend>
          <div className="vid-size-inputs">
            <input
              type="number"
              min={1}
              step={1}
              aria-label={t('video.form.width')}
              placeholder={t('video.form.width')}
              value={draft.width}
              aria-invalid={sizeIssue ? true : undefined}
              onChange={set('width')}
            />
            <span aria-hidden="true">×</span>
            <input
              type="number"
              min={1}
              step={1}
              aria-label={t('video.form.height')}
              placeholder={t('video.form.height')}
              value={draft.height}
              aria-invalid={sizeIssue ? true : undefined}
              onChange={set('height')}
            />
            <select
              aria-label={t('video.form.sizePreset')}
              value={preset >= 0 ? String(preset) : draft.width || draft.height ? 'custom' : ''}
              onChange={(event) => {
                const chosen = SIZE_PRESETS[Number(event.target.value)]
                if (event.target.value === '') edit({ width: '', height: '' })
                else if (chosen) edit({ width: String(chosen.width), height: String(chosen.height) })
              }}
            >
              <option value="">{t('video.form.gatewayDefault')}</option>
              {SIZE_PRESETS.map((p, index) => (
                <option key={p.shape} value={String(index)}>
                  {t(`video.form.presets.${p.shape}`, { width: p.width, height: p.height })}
                </option>
              ))}
              {preset < 0 && (draft.width || draft.height) && (
                <option value="custom">{t('video.form.custom')}</option>
              )}
            </select>
          </div>
          {sizeIssue && (
            <p id="video-size-issue" className="field-error">
              {sizeIssue}
            </p>
          )}
        </fieldset>
        <MoreOptions draft={draft} shown={shown} />
        {submitError && <ErrorNotice error={submitError} model={modelId} />}
        <div className="vid-submit">
          <button
            type="submit"
            className="button primary"
            disabled={submitting || models.length === 0}
            {...shortcutProps('submit', t('video.form.generate'), t)}
          >
            {submitting ? t('video.form.starting') : t('video.form.generate')}
          </button>
          <button type="button" className="button" disabled={!batchBase} onClick={() => setBatchOpen(true)}>
            {t('batches.builder.open')}
          </button>
          <p className="vid-hint">
            {model?.billingUnit
              ? t('video.form.runsAsTaskBilled', { unit: model.billingUnit })
              : t('video.form.runsAsTask')}
            {estimate && (
              <span className="vid-estimate">
                {' · '}
                <span className="visually-hidden">{t('money.estimate.label')} </span>
                <span>{estimate}</span>
              </span>
            )}
          </p>
        </div>
      </form>
      {batchOpen && batchBase && (
        <BatchDialog
          style={style}
          screen="video"
          base={batchBase}
          models={models}
          profile={undefined}
          onClose={() => setBatchOpen(false)}
          onSent={({ count, name }) => {
            setBatchOpen(false)
            notify({
              id: `batch:${name}`,
              tone: 'info',
              title: t('batches.builder.title'),
              body: t('batches.builder.sent', { count, name })
            })
          }}
        />
      )}
    </>
  )
}
