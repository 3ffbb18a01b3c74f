import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { ENDPOINTS } from '@shared/gateway/spec'
import { modelSupports } from '@shared/gateway/preflight'
import { BatchDialog } from '../../jobs/batch/BatchDialog'
import { billingLabel } from '../../jobs/billing'
import { PresetBar } from '../../jobs/presets/PresetBar'
import { styledPrompt } from '../../jobs/presets/style'
import { useConnection } from '../../store/app'
import { selectActiveProfile, useProfilesStore } from '../../store/profiles'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { shortcutProps } from '../../ui/shortcuts'
import { Field } from '../../ui/Field'
import { useClearUnlisted, useModels } from '../../ui/useModels'
import { buildEdit, EDIT_OUTPUT_FORMATS, type EditIssue } from './editRequest'
import { EditModelPicker } from './EditModelPicker'
import type { MaskEditor } from './MaskEditor'
import { InputImages } from './InputImages'
import { useEditorRevision } from './MaskToolbar'
import { editPresets } from './presets'
import { sendEdit, withImportedMask, type EditRequest } from './sendEdit'
import { useEditStore } from './store'
import { numberFormat } from '../../ui/intl'

/** Format names as designers know them; the value sent is the gateway's lowercase id. */
const FORMAT_NAMES: Record<(typeof EDIT_OUTPUT_FORMATS)[number], string> = {
  png: 'PNG',
  webp: 'WebP',
  jpeg: 'JPEG'
}

function useMaskFacts(editor: MaskEditor | null): { empty: boolean; share: number } {
  const revision = useEditorRevision(editor)
  return useMemo(() => {
    void revision
    if (!editor) return { empty: true, share: 0 }
    const painted = editor.paintedCount()
    return { empty: painted === 0, share: painted / (editor.width * editor.height) }
  }, [editor, revision])
}

/**
 * What to ask of the edit endpoint: prompt, an edit-capable model, the optional fields, and Send; the
 * mask is exported (PNG of the image's exact size, transparent where painted) and imported on send. Batch…
 * opens the batch builder on the same request, its mask exported and imported first.
 */
export function EditForm(): ReactElement {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const { models: all, loading, ready, gateway } = useModels([])
  const models = useMemo(() => all.filter((m) => modelSupports(m.supportedEndpoints, 'imageEdits')), [all])
  const source = useEditStore((state) => state.source)
  const editor = useEditStore((state) => state.editor)
  const prompt = useEditStore((state) => state.prompt)
  const modelId = useEditStore((state) => state.model)
  const options = useEditStore((state) => state.options)
  const style = useEditStore((state) => state.style)
  const submitting = useEditStore((state) => state.submitting)
  const submitError = useEditStore((state) => state.submitError)
  // A finished edit is on the canvas: sending now would send the original again, unseen under the result.
  const comparing = useEditStore((state) => state.compare !== null)
  const notice = useEditStore((state) => state.notice)
  const mode = useEditStore((state) => state.mode)
  const inputs = useEditStore((state) => state.inputs)
  const mask = useMaskFacts(editor)
  const model = models.find((m) => m.id === modelId)
  const profile = useProfilesStore(selectActiveProfile)

  // A model picked on another gateway, or with another key, is let go with a notice.
  const [modelNotice, setModelNotice] = useState<string | null>(null)
  const clearModel = useCallback((notice: string) => {
    useEditStore.getState().setModel('')
    setModelNotice(notice)
  }, [])
  useClearUnlisted(modelId, { models, ready, gateway }, clearModel)

  useEffect(() => {
    const first = models[0]
    if (modelId === '' && first) useEditStore.getState().setModel(first.id)
  }, [modelId, models])

  // A chosen style is part of the prompt that is sent (and of the job's record of it).
  const { request, issues } = buildEdit(
    { source, prompt: styledPrompt(prompt, style), model, options, maskEmpty: mask.empty, mode, inputs },
    t
  )
  const issue = (field: EditIssue['field']): EditIssue | undefined => issues.find((i) => i.field === field)
  const promptIssue = prompt !== '' || submitError ? issue('prompt') : undefined

  // A batch's base is the form as it is, whatever its prompt: each row brings its own (from the prompt as
  // typed), and the builder puts the chosen style around each row's prompt as this form's send would.
  const batchRequest = buildEdit(
    { source, prompt: prompt.trim() || 'batch', model, options, maskEmpty: mask.empty, mode, inputs },
    t
  ).request
  const profileExtras = profile && {
    name: profile.kind === 'demo' ? t('gateways.demoName') : profile.name,
    extraFields: profile.extraFields,
    fieldMap: profile.fieldMap
  }
  // The builder's base, with the mask exported and imported once as it opens; null while it is closed.
  const [batchBase, setBatchBase] = useState<EditRequest | null>(null)
  const [preparingBatch, setPreparingBatch] = useState(false)
  const openBatch = async (): Promise<void> => {
    if (!batchRequest || !editor || comparing || preparingBatch) return
    setPreparingBatch(true)
    const masked = await withImportedMask(api, batchRequest, editor, t)
    setPreparingBatch(false)
    // The same error Send edit shows when the mask cannot be exported or imported; no builder then.
    if (!masked.ok) return useEditStore.getState().setSubmitError(masked.error)
    setBatchBase({ ...masked.value, body: { ...masked.value.body, prompt } })
  }

  const send = async (): Promise<void> => {
    // Send edit stays enabled while sending (see below), so a second press or Ctrl+Enter ends here.
    if (request && editor && !useEditStore.getState().submitting) await sendEdit(api, request, editor, t)
  }

  const reason = submitting
    ? t('edit.form.sending')
    : comparing
      ? t('edit.form.decideFirst')
      : (issues[0]?.message ?? null)
  const share = numberFormat(i18n.language, {
    style: 'percent',
    minimumFractionDigits: mask.share < 0.01 ? 2 : 1,
    maximumFractionDigits: mask.share < 0.01 ? 2 : 1
  }).format(mask.share)
  return (
    <>
      <form
        className="edit-form"
        aria-label={t('edit.form.label')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <PresetBar adapter={editPresets} />
        <Field label={t('edit.form.prompt')} error={promptIssue?.message}>
          <textarea
            className="prompt-input"
            rows={4}
            value={prompt}
            placeholder={t('edit.form.promptPlaceholder')}
            onChange={(event) => useEditStore.getState().setPrompt(event.target.value)}
          />
        </Field>
        <Field
          label={t('edit.form.model')}
          hint={
            !loading && models.length === 0 ? (
              <Trans
                i18nKey="edit.form.noModelHint"
                values={{ endpoint: ENDPOINTS.imageEdits }}
                components={{ code: <code /> }}
              />
            ) : undefined
          }
        >
          {(props) => (
            <EditModelPicker
              fieldProps={props}
              models={models}
              loading={loading}
              ready={ready}
              gateway={gateway}
              onNotice={setModelNotice}
            />
          )}
        </Field>
        {modelNotice && (
          <p className="model-notice" role="status">
            {modelNotice}
          </p>
        )}
        {model && (
          <div className="model-facts">
            <span className={`pill ${model.billingUnit ? 'pill-accent' : 'pill-warn'}`}>
              {billingLabel(model.billingUnit)}
            </span>
          </div>
        )}
        <div className="param-grid">
          <Field label={t('edit.form.images')} error={issue('n')?.message}>
            <input
              type="text"
              inputMode="numeric"
              placeholder="1"
              value={options.n}
              onChange={(event) => useEditStore.getState().setOptions({ n: event.target.value })}
            />
          </Field>
          <Field label={t('edit.form.outputFormat')}>
            <select
              value={options.outputFormat}
              onChange={(event) => useEditStore.getState().setOptions({ outputFormat: event.target.value })}
            >
              <option value="">{t('edit.form.defaultFormat')}</option>
              {EDIT_OUTPUT_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {FORMAT_NAMES[format]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {source && <InputImages />}
        {source && (
          <p className={`mask-facts ${mode === 'whole' || !mask.empty ? 'painted' : ''}`} aria-live="polite">
            {mode === 'whole'
              ? t('edit.form.wholeImage')
              : mask.empty
                ? t('edit.form.nothingPainted')
                : t('edit.form.painted', { share })}
          </p>
        )}
        <div className="form-foot">
          {submitError && <ErrorNotice error={submitError} model={modelId} />}
          <div className="generate-row">
            <button
              type="submit"
              className="button primary"
              // Not disabled while sending: a disabled button drops the keyboard's focus to the page.
              disabled={!request || comparing}
              aria-disabled={submitting || undefined}
              aria-describedby="edit-send-reason"
              {...shortcutProps('submit', t('edit.form.send'), t)}
            >
              {submitting ? t('edit.form.sending') : t('edit.form.send')}
            </button>
            <button
              type="button"
              className="button"
              // As Send edit: enabled while the mask is prepared, so the keyboard's focus stays on it.
              disabled={!batchRequest || comparing}
              aria-disabled={preparingBatch || undefined}
              onClick={() => void openBatch()}
            >
              {t('batches.builder.open')}
            </button>
          </div>
          <p id="edit-send-reason" className={`generate-reason ${reason && !submitting ? 'blocked' : ''}`}>
            {reason ?? (mode === 'whole' ? t('edit.form.readyWhole') : t('edit.form.ready'))}
          </p>
          {notice && (
            <p className="form-notice" role="status">
              {'key' in notice ? t(`edit.notices.${notice.key}`) : notice.text}
            </p>
          )}
        </div>
      </form>
      {batchBase && (
        <BatchDialog
          style={style}
          screen="edit"
          base={batchBase}
          models={models}
          profile={profileExtras}
          onClose={() => setBatchBase(null)}
          onSent={({ count, name }) => {
            setBatchBase(null)
            useEditStore.getState().setSubmitError(null)
            useEditStore.getState().setNotice({ text: t('batches.builder.sent', { count, name }) })
          }}
        />
      )}
    </>
  )
}
