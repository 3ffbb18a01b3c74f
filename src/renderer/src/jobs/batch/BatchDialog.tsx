import { useDeferredValue, useMemo, useState, type ChangeEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { expandBatch, type BatchExpansion } from '@shared/batches'
import { MAX_SOURCE_CHARS } from '@shared/batches/spec'
import type { ProfileExtras } from '@shared/gateway/preflight'
import { formatMoney, toMicros } from '@shared/money'
import type { AppError } from '@shared/result'
import type { JobGroupScreen } from '@shared/schemas/jobGroups'
import type { JobRequest } from '@shared/schemas/jobs'
import type { ModelView } from '@shared/schemas/profiles'
import { useConnection } from '../../store/app'
import { selectActiveProfile, useProfilesStore } from '../../store/profiles'
import { Dialog } from '../../ui/Dialog'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import { endpointWords } from '../../ui/words'
import { estimateBatch } from '../money/estimate'
import { usePriceTable } from '../money/usePriceTable'
import { batchIssueWords, rowIssueWords, specOf, type BuilderState, type SeedChoice } from './builder'
import './batch.css'
import type { PromptStyle } from '@shared/text'

/** Lines as the file has them: a last line break ends the last line, it does not start another. */
const linesIn = (text: string): number => (text === '' ? 0 : text.replace(/\r?\n$/, '').split('\n').length)

/** Issues and rows shown in the preview; the rest are counted (the backend refuses the same rows). */
const SHOWN_ISSUES = 20
const SHOWN_ROWS = 8

/**
 * The batch builder: prompts (typed or a .txt/.csv file) × the models ticked × seeds × sizes, combined
 * every way or row by row, expanded live with the same code the backend runs on submit, so the counts,
 * the first rows and every refused row with its reason are what will happen. Nothing is sent before Send.
 */
export function BatchDialog({
  screen,
  base,
  models,
  profile,
  onClose,
  onSent,
  style = null
}: {
  screen: JobGroupScreen
  /** The form's request: its endpoint and fields are each model's base; its prompt is replaced per row. */
  base: JobRequest
  /** The models the gateway lists on the base's endpoint. */
  models: readonly ModelView[]
  profile: ProfileExtras | undefined
  onClose: () => void
  onSent: (sent: { count: number; name: string }) => void
  /** The form's chosen style: every row's prompt is sent with it, as the form's own send would be. */
  style?: PromptStyle | null
}): ReactElement {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const activeProfile = useProfilesStore(selectActiveProfile)
  const priceTable = usePriceTable(activeProfile?.id)
  const [capText, setCapText] = useState('')
  const [state, setState] = useState<BuilderState>({
    source: { kind: 'lines', text: base.body.prompt ? `${base.body.prompt}\n` : '' },
    linesFile: null,
    models: [base.body.model],
    seeds: { kind: 'none' },
    sizes: '',
    combine: 'every'
  })
  const [name, setName] = useState('')
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const update = (patch: Partial<BuilderState>): void => setState((current) => ({ ...current, ...patch }))

  // Typing stays quick on a 10,000-line batch: the preview follows when the browser has time.
  const deferred = useDeferredValue(state)
  const built = useMemo(() => specOf(deferred, base, style), [deferred, base, style])
  const expansion = useMemo<BatchExpansion | null>(() => {
    if (!built.ok) return null
    const listed = new Map(models.map((model) => [model.id, model]))
    return expandBatch(built.spec, {
      lookupModel: (id) => {
        const model = listed.get(id)
        return model && { id: model.id, supported_endpoints: model.supportedEndpoints }
      },
      profile
    })
  }, [built, models, profile])

  const capMicros = capText.trim() === '' ? null : (toMicros(capText) ?? undefined)
  const capInvalid = capMicros === undefined
  const estimate = useMemo(() => {
    if (!expansion || !priceTable) return null
    const requests = expansion.rows.flatMap((row) => (row.request ? [row.request] : []))
    return estimateBatch(requests, priceTable, capMicros ?? null)
  }, [expansion, priceTable, capMicros])
  const money = (micros: number): string =>
    formatMoney(Math.min(micros, Number.MAX_SAFE_INTEGER), priceTable?.currency ?? 'USD', i18n.language)

  const pickFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (file.size > MAX_SOURCE_CHARS)
      return setFileProblem(t('batches.builder.fileTooLarge', { name: file.name }))
    let text: string
    try {
      text = await file.text()
    } catch {
      return setFileProblem(t('batches.builder.fileUnreadable', { name: file.name }))
    }
    setFileProblem(null)
    if (/\.csv$/i.test(file.name))
      update({ source: { kind: 'csv', text, fileName: file.name }, linesFile: null })
    else update({ source: { kind: 'lines', text }, linesFile: file.name })
    if (!name) setName(file.name)
  }

  const fileName = state.source.kind === 'csv' ? state.source.fileName : state.linesFile
  const summary = expansion?.summary
  const valid = summary?.valid ?? 0
  const invalid = summary?.invalid ?? 0
  const issues = [
    ...(expansion?.issues.map((issue) => batchIssueWords(t, issue)) ?? []),
    ...(expansion?.rows ?? [])
      .filter((row) => row.issues.length > 0)
      .flatMap((row) => row.issues.map((issue) => rowIssueWords(t, issue, row.source.line)))
  ]
  const shownName =
    name.trim() ||
    fileName ||
    state.source.text.trim().split('\n')[0]?.slice(0, 60) ||
    t('batches.builder.title')

  const send = async (): Promise<void> => {
    if (!built.ok || valid === 0 || sending || capInvalid) return
    setSending(true)
    setError(null)
    const result = await api.call('batches.submit', {
      name: shownName,
      screen,
      spec: built.spec,
      fileName,
      ...(capMicros !== null ? { capMicros } : {})
    })
    setSending(false)
    if (!result.ok) return setError(result.error)
    onSent({ count: result.value.sent, name: shownName })
  }

  const seedKinds: SeedChoice['kind'][] = ['none', 'variations', 'list']
  const seedLabel = { none: 'seedsNone', variations: 'seedsVariations', list: 'seedsList' } as const
  return (
    <Dialog title={t('batches.builder.title')} onClose={onClose} className="wide batch-dialog">
      <p className="muted">{t('batches.builder.intro')}</p>
      <div className="batch-grid">
        <div className="batch-axes">
          <fieldset>
            <legend>{t('batches.builder.prompts')}</legend>
            {state.source.kind === 'lines' ? (
              <Field label={t('batches.builder.typed')} hint={t('batches.builder.promptsHint')}>
                <textarea
                  rows={7}
                  data-autofocus
                  value={state.source.text}
                  onChange={(event) =>
                    update({ source: { kind: 'lines', text: event.target.value }, linesFile: null })
                  }
                />
              </Field>
            ) : (
              <p>
                {t('batches.builder.fileRead', {
                  name: state.source.fileName,
                  count: linesIn(state.source.text)
                })}
              </p>
            )}
            <label className="button small batch-file">
              {t('batches.builder.pickFile')}
              <input
                type="file"
                accept=".txt,.csv,text/plain,text/csv"
                className="visually-hidden"
                onChange={(event) => void pickFile(event)}
              />
            </label>
            {state.source.kind === 'csv' && (
              <button
                type="button"
                className="button small"
                onClick={() => update({ source: { kind: 'lines', text: '' } })}
              >
                {t('batches.builder.typed')}
              </button>
            )}
            <p className="field-hint">{fileProblem ?? t('batches.builder.fileHint')}</p>
          </fieldset>
          <fieldset>
            <legend>{t('batches.builder.models')}</legend>
            <p className="field-hint">
              {t('batches.builder.modelsHint', { endpoint: endpointWords(t, base.endpoint) })}
            </p>
            <ul className="batch-models">
              {models.map((model) => (
                <li key={model.id}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={state.models.includes(model.id)}
                      onChange={(event) =>
                        update({
                          models: event.target.checked
                            ? [...state.models, model.id]
                            : state.models.filter((id) => id !== model.id)
                        })
                      }
                    />
                    <code>{model.id}</code>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset>
            <legend>{t('batches.builder.seeds')}</legend>
            <div className="radio-row">
              {seedKinds.map((kind) => (
                <label key={kind} className="radio">
                  <input
                    type="radio"
                    name="batch-seeds"
                    checked={state.seeds.kind === kind}
                    onChange={() =>
                      update({
                        seeds:
                          kind === 'none'
                            ? { kind }
                            : kind === 'variations'
                              ? { kind, count: '4' }
                              : { kind, text: '1, 2, 3' }
                      })
                    }
                  />
                  {t(`batches.builder.${seedLabel[kind]}`)}
                </label>
              ))}
            </div>
            {state.seeds.kind === 'variations' && (
              <Field
                label={t('batches.builder.variationsLabel')}
                error={
                  !built.ok && built.problem === 'badVariations'
                    ? t('batches.builder.badVariations')
                    : undefined
                }
              >
                <input
                  inputMode="numeric"
                  value={state.seeds.count}
                  onChange={(event) => update({ seeds: { kind: 'variations', count: event.target.value } })}
                />
              </Field>
            )}
            {state.seeds.kind === 'list' && (
              <Field
                label={t('batches.builder.seedsListLabel')}
                error={!built.ok && built.problem === 'badSeeds' ? t('batches.builder.badSeeds') : undefined}
              >
                <input
                  value={state.seeds.text}
                  onChange={(event) => update({ seeds: { kind: 'list', text: event.target.value } })}
                />
              </Field>
            )}
          </fieldset>
          <Field label={t('batches.builder.sizes')} hint={t('batches.builder.sizesHint')}>
            <input
              value={state.sizes}
              placeholder={t('batches.builder.sizesPlaceholder')}
              onChange={(event) => update({ sizes: event.target.value })}
            />
          </Field>
          <fieldset className="radio-row">
            <legend>{t('batches.builder.combine')}</legend>
            {(['every', 'rows'] as const).map((combine) => (
              <label key={combine} className="radio">
                <input
                  type="radio"
                  name="batch-combine"
                  checked={state.combine === combine}
                  onChange={() => update({ combine })}
                />
                {t(`batches.builder.${combine}`)}
              </label>
            ))}
          </fieldset>
        </div>
        <section className="batch-preview" aria-labelledby="batch-preview-title" aria-live="polite">
          <h3 id="batch-preview-title">{t('batches.builder.preview')}</h3>
          <p className="batch-count">
            {t('batches.builder.jobs', { count: valid })}
            {/* A video job makes one video: only image batches count images apart from jobs. */}
            {screen !== 'video' && ` · ${t('batches.builder.images', { count: summary?.images ?? 0 })}`}
          </p>
          {valid > 0 && !priceTable && <p className="muted">{t('money.estimate.batchNoPrices')}</p>}
          {estimate && estimate.priced > 0 && (
            <p className="batch-estimate">
              {estimate.exact
                ? t('money.estimate.batchTotal', { amount: money(estimate.micros) })
                : t('money.estimate.batchAbout', { amount: money(estimate.micros) })}
            </p>
          )}
          {estimate && estimate.unpriced > 0 && (
            <p className="muted">{t('money.estimate.batchUnpriced', { count: estimate.unpriced })}</p>
          )}
          {estimate && estimate.fit !== null && estimate.fit < valid && (
            <p className="notice notice-warn batch-cap-passes">
              {t('money.estimate.capPasses', { fit: estimate.fit, count: valid })}
            </p>
          )}
          {summary && summary.byModel.length > 0 && (
            <ul className="batch-by-model">
              {summary.byModel.map((entry) => (
                <li key={`${entry.model}-${entry.endpoint}`}>
                  {t('batches.builder.byModel', {
                    model: entry.model,
                    endpoint: endpointWords(t, entry.endpoint),
                    count: entry.valid
                  })}
                </li>
              ))}
            </ul>
          )}
          {issues.length > 0 && (
            <div className="notice notice-warn batch-issues">
              {invalid > 0 && (
                <p className="notice-title">{t('batches.builder.invalid', { count: invalid })}</p>
              )}
              <ul>
                {issues.slice(0, SHOWN_ISSUES).map((words, index) => (
                  <li key={index}>{words}</li>
                ))}
              </ul>
              {issues.length > SHOWN_ISSUES && (
                <p>{t('batches.builder.moreIssues', { count: issues.length - SHOWN_ISSUES })}</p>
              )}
            </div>
          )}
          {valid > 0 && expansion && (
            <table className="model-table batch-rows">
              <caption>{t('batches.builder.firstRows')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('batches.builder.row')}</th>
                  <th scope="col">{t('batches.builder.prompt')}</th>
                  <th scope="col">{t('batches.builder.model')}</th>
                  <th scope="col">{t('batches.builder.seed')}</th>
                  <th scope="col">{t('batches.builder.size')}</th>
                </tr>
              </thead>
              <tbody>
                {expansion.rows
                  .filter((row) => row.request)
                  .slice(0, SHOWN_ROWS)
                  .map((row) => {
                    const body = row.request?.body as Record<string, unknown> | undefined
                    return (
                      <tr key={row.index}>
                        <td>{row.index + 1}</td>
                        <td>{row.prompt}</td>
                        <td>
                          <code>{row.model}</code>
                        </td>
                        <td>
                          {typeof body?.seed === 'number' ? body.seed : t('batches.builder.gatewayPicks')}
                        </td>
                        <td>{typeof body?.size === 'string' ? body.size : '—'}</td>
                      </tr>
                    )
                  })}
              </tbody>
            </table>
          )}
        </section>
      </div>
      <Field label={t('batches.builder.name')}>
        <input value={name} placeholder={shownName} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field
        label={
          priceTable
            ? t('money.estimate.capLabel', { currency: priceTable.currency })
            : t('money.estimate.capLabelPlain')
        }
        hint={priceTable ? t('money.estimate.capHint') : t('money.estimate.capNoPrices')}
        error={capInvalid ? t('money.estimate.capInvalid') : undefined}
      >
        <input
          inputMode="decimal"
          value={capText}
          disabled={!priceTable && capText === ''}
          onChange={(event) => setCapText(event.target.value)}
        />
      </Field>
      {error && <ErrorNotice error={error} />}
      <footer className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('batches.builder.cancel')}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={valid === 0 || sending || !built.ok || capInvalid}
          onClick={() => void send()}
        >
          {sending
            ? t('batches.builder.sending')
            : valid === 0
              ? t('batches.builder.nothing')
              : t('batches.builder.send', { count: valid })}
        </button>
      </footer>
    </Dialog>
  )
}
