import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import {
  fromMicros,
  priceFileFormatOf,
  readAmount,
  PRICE_UNITS,
  type ModelPriceFile,
  type PriceTableFile,
  type PriceUnit
} from '@shared/money'
import type { AppError } from '@shared/result'
import type { PriceTableView } from '@shared/schemas/money'
import { pricesChanged } from '../../jobs/money/usePriceTable'
import { useConnection } from '../../store/app'
import { useProfilesStore } from '../../store/profiles'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import { fileTiers, problemWords, sizeName, sizeProblems, SizePrices, type SizeTier } from './SizePrices'

type UnitChoice = PriceUnit | 'none'

/** One model's price as its inputs hold it: decimal text, as the price file writes amounts. */
interface Row {
  unit: UnitChoice
  price: string
  input: string
  output: string
  /** A per-image price's sizes that cost otherwise, as typed (SizePrices). */
  bySize: SizeTier[]
  /** What the form does not edit, kept as the table had it: cached input per token. */
  cachedInput: string | undefined
}

const EMPTY_ROW: Row = { unit: 'none', price: '', input: '', output: '', bySize: [], cachedInput: undefined }
const CURRENCY = /^[A-Z]{3}$/
const DEFAULT_CURRENCY = 'USD'

function rowsOf(table: PriceTableView | null): Record<string, Row> {
  const rows: Record<string, Row> = {}
  for (const [model, price] of Object.entries(table?.models ?? {})) {
    if (price.unit === 'tokens')
      rows[model] = {
        ...EMPTY_ROW,
        unit: 'tokens',
        input: fromMicros(price.inputPerMillion),
        output: fromMicros(price.outputPerMillion),
        cachedInput:
          price.cachedInputPerMillion === undefined ? undefined : fromMicros(price.cachedInputPerMillion)
      }
    else
      rows[model] = {
        ...EMPTY_ROW,
        unit: price.unit,
        price: fromMicros(price.price),
        bySize:
          price.unit === 'image'
            ? price.bySize.map((tier) => ({ size: tier.size, price: fromMicros(tier.price) }))
            : []
      }
  }
  return rows
}

/** The row as the price file writes it, or undefined for a model with no price. */
function priceOf(row: Row): ModelPriceFile | undefined {
  switch (row.unit) {
    case 'none':
      return undefined
    case 'image':
      return { unit: 'image', price: row.price.trim(), bySize: fileTiers(row.bySize) }
    case 'tokens':
      return {
        unit: 'tokens',
        inputPerMillion: row.input.trim(),
        outputPerMillion: row.output.trim(),
        ...(row.cachedInput !== undefined ? { cachedInputPerMillion: row.cachedInput } : {})
      }
    case 'video':
    case 'second':
      return { unit: row.unit, price: row.price.trim() }
  }
}

/**
 * Settings › a gateway › Prices (RELIABILITY P50): the currency and, per model the gateway lists (and any
 * model the table prices that it no longer lists), a unit and its amounts as decimal text. Saved whole with
 * `prices.set`; a price file is imported (`prices.import`, each problem with its line) or exported.
 */
export function PricesSection({ profileId }: { profileId: string }): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const stored = useProfilesStore((state) => state.catalogs[profileId])
  const [open, setOpen] = useState(false)
  const [fetched, setFetched] = useState<string[] | null>(null)
  const [currency, setCurrency] = useState(DEFAULT_CURRENCY)
  const [rows, setRows] = useState<Record<string, Row>>({})
  const [loaded, setLoaded] = useState(false)
  const [problems, setProblems] = useState<string[]>([])
  /** Set by a refused save: from then on each size tier's problems show under it as they are fixed. */
  const [checked, setChecked] = useState(false)
  const [fileIssues, setFileIssues] = useState<string[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [format, setFormat] = useState<'json' | 'csv'>('json')
  const [download, setDownload] = useState<{ url: string; name: string } | null>(null)
  const file = useRef<HTMLInputElement>(null)

  const take = (table: PriceTableView | null): void => {
    setCurrency(table?.currency ?? DEFAULT_CURRENCY)
    setRows(rowsOf(table))
    setChecked(false)
    setLoaded(true)
  }

  useEffect(() => {
    if (!open) return
    let live = true
    void api.call('prices.get', { profileId }).then((result) => {
      if (!live) return
      if (result.ok) take(result.value.table)
      else setError(result.error)
    })
    if (!stored)
      void api.call('models.list', { profileId }).then((result) => {
        if (live && result.ok) setFetched(result.value.models.map((model) => model.id))
      })
    return () => {
      live = false
    }
  }, [open, api, profileId, stored])
  // A download link made for one export is let go when the next one is made, or the section goes.
  useEffect(() => () => void (download && URL.revokeObjectURL(download.url)), [download])

  const listed = stored ? stored.models.map((model) => model.id) : (fetched ?? [])
  const models = [...listed, ...Object.keys(rows).filter((id) => !listed.includes(id))]
  const rowOf = (model: string): Row => rows[model] ?? EMPTY_ROW
  const edit = (model: string, patch: Partial<Row>): void =>
    setRows((all) => ({ ...all, [model]: { ...(all[model] ?? EMPTY_ROW), ...patch } }))

  /** What is wrong with the form, in words; empty when it can be saved. */
  const check = (): string[] => {
    const found: string[] = []
    if (!CURRENCY.test(currency.trim())) found.push(t('money.prices.invalidCurrency'))
    for (const model of models) {
      const row = rowOf(model)
      const amounts = row.unit === 'none' ? [] : row.unit === 'tokens' ? [row.input, row.output] : [row.price]
      for (const amount of amounts) {
        const reading = readAmount(amount)
        if (!reading.ok) {
          found.push(
            t('money.prices.invalidAmount', {
              model,
              problem: t(`money.prices.amountProblems.${reading.problem}`)
            })
          )
          break
        }
      }
      if (row.unit === 'image')
        for (const problem of sizeProblems(row.price, row.bySize))
          found.push(
            t('money.prices.sizes.invalid', {
              model,
              size: sizeName(t, row.bySize, problem.index),
              problem: problemWords(t, problem)
            })
          )
    }
    return found
  }

  const done = (table: PriceTableView | null, words: string): void => {
    take(table)
    setNotice(words)
    setError(null)
    pricesChanged(profileId)
  }

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setNotice(null)
    const found = check()
    setProblems(found)
    setChecked(found.length > 0)
    if (found.length > 0) return
    const priced: PriceTableFile['models'] = {}
    for (const model of models) {
      const price = priceOf(rowOf(model))
      if (price) priced[model] = price
    }
    const result = await api.call('prices.set', {
      profileId,
      table: { version: 1, currency: currency.trim(), models: priced }
    })
    if (!result.ok) return setError(result.error)
    done(result.value.table, t('money.prices.saved'))
  }

  const remove = async (): Promise<void> => {
    setNotice(null)
    const result = await api.call('prices.set', { profileId, table: null })
    if (!result.ok) return setError(result.error)
    done(null, t('money.prices.removed'))
  }

  const importFile = async (chosen: File | undefined): Promise<void> => {
    if (file.current) file.current.value = ''
    if (!chosen) return
    setNotice(null)
    setFileIssues([])
    const text = await chosen.text()
    const fileFormat = priceFileFormatOf(chosen.name) ?? 'json'
    const result = await api.call('prices.import', {
      profileId,
      text,
      format: fileFormat,
      ...(fileFormat === 'csv' && CURRENCY.test(currency.trim()) ? { currency: currency.trim() } : {})
    })
    if (!result.ok) return setError(result.error)
    if (!result.value.ok) {
      setFileIssues(result.value.issues.map((issue) => t(`money.issues.${issue.code}`, issue.values)))
      return
    }
    const table = result.value.table
    done(table, t('money.prices.imported', { count: Object.keys(table.models).length }))
  }

  const exportFile = async (): Promise<void> => {
    const result = await api.call('prices.export', { profileId, format })
    if (!result.ok) return setError(result.error)
    const type = format === 'json' ? 'application/json' : 'text/csv'
    setDownload({
      url: URL.createObjectURL(new Blob([result.value.text], { type })),
      name: result.value.fileName
    })
  }

  const amountInput = (label: string, value: string, onChange: (value: string) => void): ReactElement => (
    <input
      className="price-amount"
      inputMode="decimal"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )

  return (
    <details className="advanced" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('money.prices.title')}</summary>
      <p className="muted">{t('money.prices.intro')}</p>
      {error && <ErrorNotice error={error} />}
      {loaded && (
        <form onSubmit={(event) => void save(event)} noValidate>
          <Field label={t('money.prices.currency')} hint={t('money.prices.currencyHint')}>
            <input
              className="price-currency"
              value={currency}
              maxLength={3}
              onChange={(event) => setCurrency(event.target.value.toUpperCase())}
            />
          </Field>
          {models.length === 0 ? (
            <p className="muted">{t('money.prices.noModels')}</p>
          ) : (
            <table className="model-table price-table" aria-label={t('money.prices.table')}>
              <thead>
                <tr>
                  <th scope="col">{t('money.prices.model')}</th>
                  <th scope="col">{t('money.prices.unit')}</th>
                  <th scope="col">{t('money.prices.price')}</th>
                </tr>
              </thead>
              <tbody>
                {models.map((model) => {
                  const row = rowOf(model)
                  return (
                    <tr key={model}>
                      <th scope="row">
                        <code>{model}</code>
                      </th>
                      <td>
                        <select
                          aria-label={t('money.prices.unitFor', { model })}
                          value={row.unit}
                          onChange={(event) => edit(model, { unit: event.target.value as UnitChoice })}
                        >
                          {(['none', ...PRICE_UNITS] as const).map((unit) => (
                            <option key={unit} value={unit}>
                              {t(`money.prices.units.${unit}`)}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>
                        {row.unit === 'tokens' ? (
                          <span className="price-tokens">
                            {t('money.prices.tokensIn')}{' '}
                            {amountInput(t('money.prices.inputFor', { model }), row.input, (input) =>
                              edit(model, { input })
                            )}{' '}
                            {t('money.prices.tokensOut')}{' '}
                            {amountInput(t('money.prices.outputFor', { model }), row.output, (output) =>
                              edit(model, { output })
                            )}
                          </span>
                        ) : row.unit !== 'none' ? (
                          amountInput(t('money.prices.priceFor', { model }), row.price, (price) =>
                            edit(model, { price })
                          )
                        ) : null}
                        {row.unit === 'image' && (
                          <SizePrices
                            model={model}
                            tiers={row.bySize}
                            problems={checked ? sizeProblems(row.price, row.bySize) : []}
                            onChange={(bySize) => edit(model, { bySize })}
                          />
                        )}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          )}
          {problems.length > 0 && (
            <ul role="alert" className="field-error">
              {problems.map((words, index) => (
                <li key={index}>{words}</li>
              ))}
            </ul>
          )}
          <div className="editor-actions">
            <button type="submit" className="button primary">
              {t('money.prices.save')}
            </button>
            <button type="button" className="button danger-quiet" onClick={() => void remove()}>
              {t('money.prices.remove')}
            </button>
          </div>
        </form>
      )}
      {notice && (
        <p role="status" className="muted">
          {notice}
        </p>
      )}
      {fileIssues.length > 0 && (
        <div className="notice notice-warn" role="alert">
          <p className="notice-title">{t('money.prices.importProblems')}</p>
          <ul>
            {fileIssues.map((words, index) => (
              <li key={index}>{words}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="editor-actions">
        <button type="button" className="button" onClick={() => file.current?.click()}>
          {t('money.prices.import')}
        </button>
        <input
          ref={file}
          type="file"
          accept=".json,.csv,.tsv,application/json,text/csv"
          hidden
          aria-label={t('money.prices.import')}
          onChange={(event) => void importFile(event.target.files?.[0])}
        />
        <select
          aria-label={t('money.prices.exportFormat')}
          value={format}
          onChange={(event) => setFormat(event.target.value as 'json' | 'csv')}
        >
          <option value="json">{t('money.prices.formats.json')}</option>
          <option value="csv">{t('money.prices.formats.csv')}</option>
        </select>
        <button type="button" className="button" onClick={() => void exportFile()}>
          {t('money.prices.export')}
        </button>
        {download && (
          <a className="button primary" href={download.url} download={download.name}>
            {t('money.prices.download', { name: download.name })}
          </a>
        )}
      </div>
    </details>
  )
}
