/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react'
import { modelSupports } from '@shared/gateway/preflight'
import { billingLabel } from '../../jobs/billing'
import { useConnection } from '../../store/app'
import { useJobsStore } from '../../store/jobs'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { useClearUnlisted, useModels } from '../../ui/useModels'
import { bytesToBase64, encodePng } from './maskPng'
import { buildEdit, EDIT_OUTPUT_FORMATS, type EditIssue } from './editRequest'
import type { MaskEditor } from './MaskEditor'
import { useEditorRevision } from './MaskToolbar'
import { useEditStore } from './store'

function Message({ issue, id }: { issue: EditIssue | undefined; id: string }): ReactElement | null {
  return issue ? (
    <p className="field-error" id={id}>
      {issue.message}
    </p>
  ) : null
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
 * mask is exported (PNG of the image's exact size, transparent where painted) and imported on send.
 */
export function EditForm(): ReactElement {
  const { api } = useConnection()
  const { models: all, loading, ready, gateway } = useModels([])
  const models = useMemo(() => all.filter((m) => modelSupports(m.supportedEndpoints, 'imageEdits')), [all])
  const source = useEditStore((state) => state.source)
  const editor = useEditStore((state) => state.editor)
  const prompt = useEditStore((state) => state.prompt)
  const modelId = useEditStore((state) => state.model)
  const options = useEditStore((state) => state.options)
  const submitting = useEditStore((state) => state.submitting)
  const submitError = useEditStore((state) => state.submitError)
  const notice = useEditStore((state) => state.notice)
  const mask = useMaskFacts(editor)
  const model = models.find((m) => m.id === modelId)

  // A model picked on another gateway, or with another key, is let go with a notice (issue 15).
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

  const { request, issues } = buildEdit({ source, prompt, model, options, maskEmpty: mask.empty })
  const issue = (field: EditIssue['field']): EditIssue | undefined => issues.find((i) => i.field === field)
  const promptIssue = prompt !== '' || submitError ? issue('prompt') : undefined

  const send = async (): Promise<void> => {
    if (!request || !editor || !source) return
    const store = useEditStore.getState()
    store.setSubmitting(true)
    store.setNotice(null)
    try {
      const png = await encodePng(editor.toMaskRgba(), editor.width, editor.height)
      const imported = await api.call('library.import', { data: bytesToBase64(png), purpose: 'mask' })
      if (!imported.ok) {
        store.setSubmitError(imported.error)
        return
      }
      const result = await api.call('jobs.submit', {
        request: { ...request, mask: { mediaId: imported.value.mediaId } }
      })
      if (result.ok) {
        useJobsStore.getState().upsert(result.value)
        store.setSubmitError(null)
        store.setNotice('Edit sent. The result appears below the image.')
      } else store.setSubmitError(result.error)
    } catch (error) {
      store.setSubmitError({
        code: 'mask_export',
        message: `The mask could not be prepared: ${error instanceof Error ? error.message : String(error)}`
      })
    } finally {
      store.setSubmitting(false)
    }
  }

  const reason = submitting ? 'Sending…' : (issues[0]?.message ?? null)
  return (
    <form
      className="edit-form"
      aria-label="Edit request"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <div className="field">
        <label htmlFor="edit-prompt">What should change?</label>
        <textarea
          id="edit-prompt"
          className="prompt-input"
          rows={4}
          value={prompt}
          placeholder="e.g. Turn the sky into a sunset"
          aria-invalid={promptIssue ? true : undefined}
          aria-describedby={promptIssue ? 'edit-prompt-error' : undefined}
          onChange={(event) => useEditStore.getState().setPrompt(event.target.value)}
        />
        <Message issue={promptIssue} id="edit-prompt-error" />
      </div>
      <div className="field">
        <label htmlFor="edit-model">Model</label>
        <select
          id="edit-model"
          value={model ? model.id : ''}
          onChange={(event) => {
            setModelNotice(null)
            useEditStore.getState().setModel(event.target.value)
          }}
        >
          {!model && <option value="">{loading ? 'Loading models…' : 'No edit-capable model'}</option>}
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.id}
            </option>
          ))}
        </select>
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
        {!loading && models.length === 0 && (
          <p className="field-hint">No model of this gateway lists /v1/images/edits for your key.</p>
        )}
      </div>
      <div className="param-grid">
        <div className="field">
          <label htmlFor="edit-n">Images</label>
          <input
            id="edit-n"
            type="text"
            inputMode="numeric"
            placeholder="1"
            value={options.n}
            aria-invalid={issue('n') ? true : undefined}
            aria-describedby={issue('n') ? 'edit-n-error' : undefined}
            onChange={(event) => useEditStore.getState().setOptions({ n: event.target.value })}
          />
          <Message issue={issue('n')} id="edit-n-error" />
        </div>
        <div className="field">
          <label htmlFor="edit-format">Output format</label>
          <select
            id="edit-format"
            value={options.outputFormat}
            onChange={(event) => useEditStore.getState().setOptions({ outputFormat: event.target.value })}
          >
            <option value="">Default</option>
            {EDIT_OUTPUT_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </div>
      </div>
      {source && (
        <p className={`mask-facts ${mask.empty ? '' : 'painted'}`} aria-live="polite">
          {mask.empty
            ? 'Nothing painted yet: the painted area is what changes.'
            : `Painted: ${(mask.share * 100).toFixed(mask.share < 0.01 ? 2 : 1)}% of the image will change.`}
        </p>
      )}
      <div className="form-foot">
        {submitError && <ErrorNotice error={submitError} model={modelId} />}
        <div className="generate-row">
          <button
            type="submit"
            className="button primary"
            disabled={!request || submitting}
            aria-describedby="edit-send-reason"
          >
            {submitting ? 'Sending…' : 'Send edit'}
          </button>
        </div>
        <p id="edit-send-reason" className={`generate-reason ${reason && !submitting ? 'blocked' : ''}`}>
          {reason ?? 'Ready. The mask is sent at the image’s exact size.'}
        </p>
        {notice && (
          <p className="form-notice" role="status">
            {notice}
          </p>
        )}
      </div>
    </form>
  )
}
