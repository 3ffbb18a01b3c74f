import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  type DragEvent,
  type FormEvent,
  type ReactElement
} from 'react'
import { useTranslation } from 'react-i18next'
import type { LibraryImage } from '@shared/schemas/library'
import { billingLabel } from '../../../jobs/billing'
import { estimateLabel, estimateOf } from '../../../jobs/money/estimate'
import { usePriceTable } from '../../../jobs/money/usePriceTable'
import { filesOf, hasFiles, importFiles } from '../../../media/intake'
import { LibraryDialog } from '../../../media/LibraryDialog'
import { useConnection } from '../../../store/app'
import { useJobsStore } from '../../../store/jobs'
import { selectActiveProfile, useProfilesStore } from '../../../store/profiles'
import { ErrorNotice } from '../../../ui/ErrorNotice'
import { shortcutProps } from '../../../ui/shortcuts'
import { useClearUnlisted, useModels } from '../../../ui/useModels'
import { PresetBar } from '../../../jobs/presets/PresetBar'
import { styledPrompt } from '../../../jobs/presets/style'
import { imagesPresets } from '../presets'
import {
  buildRequest,
  endpointInfo,
  GEN_ENDPOINTS,
  imageEndpointsOf,
  referenceLimits,
  type GenEndpoint
} from '../../../jobs/imageForm/form'
import { settingsNoticeText } from '../settingsWords'
import { noStreamKey, useImagesStore } from '../store'
import { EndpointFields } from './EndpointFields'
import { IssueField, IssuesContext, useControl, type FormField } from './issues'
import { ModelField } from './ModelField'
import { References } from './References'
import { BatchDialog } from '../../../jobs/batch/BatchDialog'

/** A label as it reads after a " · ": its first letter in lower case (Chinese, and names such as Token, kept). */
const midSentence = (label: string): string => label.charAt(0).toLowerCase() + label.slice(1)

const toRef = (image: LibraryImage) =>
  ({ kind: 'media', mediaId: image.mediaId, width: image.width, height: image.height }) as const

function PromptField({
  value,
  onChange
}: {
  value: string
  onChange: (value: string) => void
}): ReactElement {
  const { t } = useTranslation()
  const control = useControl('prompt', 'images-prompt')
  return (
    <IssueField field="prompt" id="images-prompt" label={t('images.form.prompt')}>
      <textarea
        {...control}
        className="prompt-input"
        rows={4}
        value={value}
        placeholder={t('images.form.promptPlaceholder')}
        onChange={(event) => onChange(event.target.value)}
      />
    </IssueField>
  )
}

/**
 * The generate form: prompt, a model picker built from the listing (grouped by image endpoint; the
 * endpoint follows the model), the endpoint's parameters validated as one types, reference images, and
 * Generate, disabled with the reason while something stops the request.
 */
export function GenerateForm(): ReactElement {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const profile = useProfilesStore(selectActiveProfile)
  const priceTable = usePriceTable(profile?.id)
  const { models, loading: modelsLoading, error: modelsError, refresh, ready, gateway } = useModels([])
  const draft = useImagesStore((state) => state.draft)
  const setPrompt = useImagesStore((state) => state.setPrompt)
  const selectModel = useImagesStore((state) => state.selectModel)
  const addReferences = useImagesStore((state) => state.addReferences)
  const submitting = useImagesStore((state) => state.submitting)
  const submitError = useImagesStore((state) => state.submitError)
  const notice = useImagesStore((state) => state.notice)
  const noStream = useImagesStore((state) => state.noStream)
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(() => new Set())
  const [attempted, setAttempted] = useState(false)
  const [dragging, setDragging] = useState(false)
  const [importing, setImporting] = useState(false)
  const [importErrors, setImportErrors] = useState<string[]>([])
  const [libraryOpen, setLibraryOpen] = useState(false)
  const [batchOpen, setBatchOpen] = useState(false)

  const groups = useMemo(
    () =>
      GEN_ENDPOINTS.map((endpoint) => ({
        endpoint,
        models: models.filter((model) => imageEndpointsOf(model).includes(endpoint))
      })).filter((group) => group.models.length > 0),
    [models]
  )
  const model = models.find((m) => m.id === draft.model)
  const modelEndpoints = model ? imageEndpointsOf(model) : []
  const endpoint: GenEndpoint | null =
    draft.endpoint && modelEndpoints.includes(draft.endpoint) ? draft.endpoint : (modelEndpoints[0] ?? null)
  const style = useImagesStore((state) => state.style)
  // A chosen style is part of the prompt that is sent (and of the job's record of it).
  const effective = { ...draft, endpoint, prompt: styledPrompt(draft.prompt, style) }
  const refusedBefore = !!profile && !!model && noStream.includes(noStreamKey(profile.id, model.id))
  const built = buildRequest(effective, model, t, {
    modelStreams: refusedBefore ? false : undefined,
    profile: profile && {
      // Messages name the profile: the built-in demo gateway in the reader's language.
      name: profile.kind === 'demo' ? t('gateways.demoName') : profile.name,
      extraFields: profile.extraFields,
      fieldMap: profile.fieldMap
    }
  })

  const profileExtras = profile && {
    name: profile.kind === 'demo' ? t('gateways.demoName') : profile.name,
    extraFields: profile.extraFields,
    fieldMap: profile.fieldMap
  }
  // A batch's base is the form as it is, whatever its prompt: each row brings its own.
  const batchBase = buildRequest({ ...draft, endpoint, prompt: draft.prompt.trim() || 'batch' }, model, t, {
    modelStreams: refusedBefore ? false : undefined,
    profile: profileExtras
  }).request
  const batchModels = endpoint ? models.filter((each) => imageEndpointsOf(each).includes(endpoint)) : []

  // A model picked on another gateway, or with another key, is let go with a notice.
  const [modelNotice, setModelNotice] = useState<string | null>(null)
  const clearModel = useCallback(
    (notice: string) => {
      selectModel('', null)
      setModelNotice(notice)
    },
    [selectModel]
  )
  useClearUnlisted(draft.model, { models, ready, gateway }, clearModel)

  // A new user finds a model chosen; a model that left the listing is let go above, never silently replaced.
  useEffect(() => {
    const first = groups[0]
    if (draft.model === '' && first?.models[0]) selectModel(first.models[0].id, first.endpoint)
  }, [draft.model, groups, selectModel])

  const touch = useCallback((field: FormField) => {
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])))
  }, [])
  const issuesContext = {
    visible: (field: FormField) =>
      attempted || touched.has(field) || field === 'references' || field === 'stream' || field === 'model'
        ? built.issues.find((issue) => issue.field === field)
        : undefined,
    touch
  }

  const limits = endpoint ? referenceLimits(endpoint) : { max: 0, urlOnly: false }
  const acceptsFiles = limits.max > 0 && !limits.urlOnly
  const room = Math.max(0, limits.max - draft.references.length)

  const takeFiles = useCallback(
    async (files: File[]): Promise<void> => {
      if (files.length === 0) return
      setImporting(true)
      const kept = files.slice(0, Math.max(0, room))
      const { images, errors } = await importFiles(api, kept)
      if (files.length > kept.length) errors.push(t('images.references.leftOut', { count: room }))
      addReferences(images.map(toRef))
      touch('references')
      setImportErrors(errors)
      setImporting(false)
    },
    [api, room, addReferences, touch, t]
  )

  // Pasting an image anywhere on the screen adds it as a reference (text pastes are left alone).
  useEffect(() => {
    const onPaste = (event: ClipboardEvent): void => {
      const files = filesOf(event.clipboardData).filter((file) => file.type.startsWith('image/'))
      if (files.length === 0 || !acceptsFiles) return
      event.preventDefault()
      void takeFiles(files)
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  }, [acceptsFiles, takeFiles])

  const onDrop = (event: DragEvent<HTMLFormElement>): void => {
    if (!hasFiles(event.dataTransfer)) return
    event.preventDefault()
    setDragging(false)
    if (!acceptsFiles) {
      setImportErrors([limits.urlOnly ? t('images.references.byAddressOnly') : t('images.references.none')])
      return
    }
    void takeFiles(filesOf(event.dataTransfer))
  }

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setAttempted(true)
    if (!built.request || submitting) return
    const store = useImagesStore.getState()
    store.setSubmitting(true)
    store.setNotice(null)
    const result = await api.call('jobs.submit', { request: built.request })
    store.setSubmitting(false)
    if (result.ok) {
      useJobsStore.getState().upsert(result.value)
      store.setSubmitError(null)
    } else store.setSubmitError(result.error)
  }

  const firstIssue = built.issues[0]
  const estimate = estimateLabel(
    t,
    estimateOf(built.request, priceTable),
    priceTable?.currency,
    i18n.language
  )
  const reason = submitting ? t('images.form.sending') : firstIssue ? firstIssue.message : null
  return (
    <IssuesContext.Provider value={issuesContext}>
      <form
        className="studio-form"
        aria-label={t('images.form.label')}
        noValidate
        onSubmit={(event) => void submit(event)}
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
        <div className="form-scroll">
          <PresetBar adapter={imagesPresets} />
          <PromptField
            value={draft.prompt}
            onChange={(prompt) => {
              setPrompt(prompt)
              touch('prompt')
            }}
          />
          <ModelField
            models={models}
            model={model}
            endpoint={endpoint}
            loading={modelsLoading}
            failed={modelsError !== null}
            ready={ready}
            gateway={gateway}
            invalid={issuesContext.visible('model') !== undefined}
            notice={modelNotice}
            onNotice={setModelNotice}
            onPicked={() => touch('model')}
          />
          {modelsError && (
            <ErrorNotice error={modelsError}>
              <button type="button" className="button small" onClick={refresh}>
                {t('images.form.tryAgain')}
              </button>
            </ErrorNotice>
          )}
          {model && modelEndpoints.length > 1 && (
            <fieldset className="endpoint-choice">
              <legend>{t('images.form.endpoint')}</legend>
              <div className="radio-row">
                {modelEndpoints.map((ep) => (
                  <label key={ep} className="radio">
                    <input
                      type="radio"
                      name="images-endpoint"
                      checked={endpoint === ep}
                      onChange={() => selectModel(model.id, ep)}
                    />
                    {endpointInfo(ep, t).label} <code>{endpointInfo(ep, t).path}</code>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {endpoint && (
            <section className="params" aria-label={t('images.form.parameters')}>
              <EndpointFields
                draft={effective}
                streamRefused={refusedBefore}
                onRetryStream={() =>
                  profile && model && useImagesStore.getState().forgetNoStream(profile.id, model.id)
                }
              />
            </section>
          )}
          {endpoint && (
            <References
              endpoint={endpoint}
              references={draft.references}
              dragging={dragging}
              busy={importing}
              onPickLibrary={() => setLibraryOpen(true)}
              onFiles={(files) => void takeFiles(files)}
            />
          )}
          {importErrors.length > 0 && (
            <div className="notice notice-warn" role="alert">
              {importErrors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
        </div>
        <div className="form-foot">
          {submitError && <ErrorNotice error={submitError} model={draft.model} />}
          <div className="generate-row">
            <button
              type="submit"
              className="button primary"
              disabled={!built.request || submitting}
              aria-describedby="images-generate-reason"
              {...shortcutProps('submit', t('images.form.generate'), t)}
            >
              {submitting ? t('images.form.sending') : t('images.form.generate')}
            </button>
            <button type="button" className="button" disabled={!batchBase} onClick={() => setBatchOpen(true)}>
              {t('batches.builder.open')}
            </button>
            <p className="generate-facts">
              {t('images.form.imageCount', { count: built.images })}
              {/* How the model bills is the shared billing's words (jobs/billing), kept apart from ours. */}
              {model && (
                <span className="generate-billing"> · {midSentence(billingLabel(model.billingUnit))}</span>
              )}
              {estimate && (
                <span className="generate-estimate">
                  {' · '}
                  <span className="visually-hidden">{t('money.estimate.label')} </span>
                  <span>{estimate}</span>
                </span>
              )}
            </p>
          </div>
          <p
            id="images-generate-reason"
            className={`generate-reason ${reason && !submitting ? 'blocked' : ''}`}
          >
            {reason ?? t('images.form.ready')}
          </p>
          {notice && (
            <p className="form-notice" role="status">
              {'key' in notice
                ? t(`images.notices.${notice.key}`, { name: '', prompt: '', ...notice.values })
                : 'settings' in notice
                  ? settingsNoticeText(t, notice.settings)
                  : notice.text}
            </p>
          )}
        </div>
      </form>
      {batchOpen && batchBase && (
        <BatchDialog
          style={style}
          screen="images"
          base={{ ...batchBase, body: { ...batchBase.body, prompt: draft.prompt } } as typeof batchBase}
          models={batchModels}
          profile={profileExtras}
          onClose={() => setBatchOpen(false)}
          onSent={({ count, name }) => {
            setBatchOpen(false)
            useImagesStore.getState().setNotice({ text: t('batches.builder.sent', { count, name }) })
          }}
        />
      )}
      {libraryOpen && (
        <LibraryDialog
          title={t('images.references.pick')}
          limit={Math.max(1, room)}
          onClose={() => setLibraryOpen(false)}
          onPick={(images) => {
            addReferences(images.map(toRef))
            touch('references')
            setLibraryOpen(false)
          }}
        />
      )}
    </IssuesContext.Provider>
  )
}
