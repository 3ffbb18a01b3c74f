import { useEffect, useId, useState, type ReactElement, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '@shared/money'
import type { AppError } from '@shared/result'
import type { SpendSummaryRow } from '@shared/schemas/money'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { numberFormat } from '../../ui/intl'
import { formatDay } from './format'
import { SpendingChart } from './SpendingChart'
import {
  BATCH_ROWS,
  differenceOf,
  firstDayOf,
  loadSpending,
  localDay,
  totalsByCurrency,
  type SpendingReport,
  type SpendTotal
} from './spending'
import { useGatewayName } from './words'

type Format = (micros: number, currency: string) => string

/** Amounts in the UI language: `signed` writes a rise with its "+", as a difference reads. */
function useMoney(): { money: Format; signed: Format } {
  const { i18n } = useTranslation()
  const money: Format = (micros, currency) => formatMoney(micros, currency, i18n.language)
  return {
    money,
    signed: (micros, currency) => (micros > 0 ? `+${money(micros, currency)}` : money(micros, currency))
  }
}

/** The actual cost of a row: a dash before any is known, and how many sends it covers when not all. */
function ActualCell({ row }: { row: SpendTotal }): ReactElement {
  const { t } = useTranslation()
  const { money } = useMoney()
  if (row.actualSends === 0)
    return (
      <td className="num muted" title={t('gallery.usage.spending.notReported')}>
        —
      </td>
    )
  return (
    <td className="num">
      {money(row.actualMicros, row.currency)}
      {row.actualSends < row.sends && (
        <span className="muted" title={t('gallery.usage.spending.actualOfTitle', { known: row.actualSends })}>
          {' '}
          {t('gallery.usage.spending.actualOf', { count: row.sends, known: row.actualSends })}
        </span>
      )}
    </td>
  )
}

function SpendTable({
  title,
  keyLabel,
  rows,
  name,
  note,
  empty,
  perKept = false
}: {
  title: string
  keyLabel: string
  rows: SpendSummaryRow[]
  name: (key: string) => ReactNode
  note?: string
  /** Said instead of an empty table: a period can spend with no batch at all. */
  empty: string
  /** Adds the images kept and what each kept image cost (all the key's spending over the images kept). */
  perKept?: boolean
}): ReactElement {
  const { t, i18n } = useTranslation()
  const { money, signed } = useMoney()
  const number = numberFormat(i18n.language)
  return (
    <section className="card usage-card" aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <table className="usage-table spend-table">
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              <th scope="col" className="num" title={t('gallery.usage.spending.sendsTitle')}>
                {t('gallery.usage.spending.sendsColumn')}
              </th>
              <th scope="col" className="num" title={t('gallery.usage.spending.spentTitle')}>
                {t('gallery.usage.spending.spent')}
              </th>
              <th scope="col" className="num">
                {t('gallery.usage.spending.estimate')}
              </th>
              <th scope="col" className="num">
                {t('gallery.usage.spending.actual')}
              </th>
              <th scope="col" className="num" title={t('gallery.usage.spending.differenceTitle')}>
                {t('gallery.usage.spending.difference')}
              </th>
              {perKept && (
                <th scope="col" className="num">
                  {t('gallery.usage.spending.kept')}
                </th>
              )}
              {perKept && (
                <th scope="col" className="num" title={t('gallery.usage.spending.perKeptTitle')}>
                  {t('gallery.usage.spending.perKept')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const difference = differenceOf(row)
              return (
                // A key spends in each currency apart: one row per key and currency.
                <tr key={`${row.key} ${row.currency}`}>
                  <th scope="row">{name(row.key)}</th>
                  <td className="num">{number.format(row.sends)}</td>
                  <td className="num">{money(row.countedMicros, row.currency)}</td>
                  <td className="num">{money(row.estimateMicros, row.currency)}</td>
                  <ActualCell row={row} />
                  {difference === null ? (
                    <td className="num muted" title={t('gallery.usage.spending.notReported')}>
                      —
                    </td>
                  ) : (
                    <td className="num">{signed(difference, row.currency)}</td>
                  )}
                  {perKept && <td className="num">{number.format(row.keptImages)}</td>}
                  {perKept &&
                    (row.keptImages === 0 ? (
                      <td className="num muted" title={t('gallery.usage.spending.noneKept')}>
                        —
                      </td>
                    ) : (
                      <td className="num">
                        {money(Math.round(row.countedMicros / row.keptImages), row.currency)}
                      </td>
                    ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      {note && <p className="muted usage-note">{note}</p>}
    </section>
  )
}

/** A currency's sum: what counts against the caps, and how the actual costs known compare with their estimates. */
function TotalCard({ total }: { total: SpendTotal }): ReactElement {
  const { t } = useTranslation()
  const { money, signed } = useMoney()
  const difference = differenceOf(total)
  return (
    <div className="card usage-total">
      <span className="muted">{t('gallery.usage.spending.spent')}</span>
      <strong>{money(total.countedMicros, total.currency)}</strong>
      <span className="muted">
        {t('gallery.usage.spending.sends', { count: total.sends })}
        {total.reservedMicros > 0 &&
          ' · ' +
            t('gallery.usage.spending.running', { amount: money(total.reservedMicros, total.currency) })}
      </span>
      {difference !== null && (
        <span className="muted">
          {t('gallery.usage.spending.versus', { amount: signed(difference, total.currency) })}
        </span>
      )}
    </div>
  )
}

/**
 * What the period cost, from the ledger (RELIABILITY P50): per currency, per day as a chart and a table,
 * and per model, gateway and batch, each with the estimate made before sending beside the actual cost the
 * gateway's usage gave. Sums never mix currencies, so neither does any figure here.
 */
export function SpendingUsage({ days }: { days: number | null }): ReactElement {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const gatewayName = useGatewayName()
  const heading = useId()
  const [report, setReport] = useState<SpendingReport | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const first = firstDayOf(days)

  useEffect(() => {
    let live = true
    void loadSpending(api, first).then((result) => {
      if (!live) return
      if (result.ok) {
        setReport(result.value)
        setError(null)
      } else setError(result.error)
    })
    return () => {
      live = false
    }
  }, [api, first])

  const totals = report ? totalsByCurrency(report.byProfile) : []
  const batchName = (key: string): ReactNode => {
    const name = report?.batchNames[key]
    if (name === null) return <span className="muted">{t('gallery.usage.spending.deletedBatch')}</span>
    return name ?? key
  }

  return (
    <section className="usage-spending" aria-labelledby={heading}>
      <h2 id={heading}>{t('gallery.usage.spending.title')}</h2>
      {error && <ErrorNotice error={error} />}
      {report &&
        (totals.length === 0 ? (
          <p className="muted">{t('gallery.usage.spending.empty')}</p>
        ) : (
          <>
            <p className="muted">{t('gallery.usage.spending.intro')}</p>
            <div className="usage-totals" role="group" aria-label={t('gallery.usage.spending.totals')}>
              {totals.map((total) => (
                <TotalCard key={total.currency} total={total} />
              ))}
            </div>
            {totals.map(({ currency }) => (
              <SpendingChart
                key={currency}
                rows={report.byDay.filter((row) => row.currency === currency)}
                currency={currency}
                first={first}
                today={localDay(new Date())}
                named={totals.length > 1}
              />
            ))}
            <div className="usage-grid spend-grid">
              <SpendTable
                title={t('gallery.usage.spending.byDay')}
                keyLabel={t('gallery.usage.day')}
                rows={report.byDay}
                name={(key) => formatDay(key, i18n.language)}
                empty={t('gallery.usage.nothingRecorded')}
              />
              <SpendTable
                title={t('gallery.usage.spending.byModel')}
                keyLabel={t('gallery.usage.model')}
                rows={report.byModel}
                name={(key) => key}
                empty={t('gallery.usage.nothingRecorded')}
                perKept
              />
              <SpendTable
                title={t('gallery.usage.spending.byGateway')}
                keyLabel={t('gallery.usage.gateway')}
                rows={report.byProfile}
                name={(key) => gatewayName(key, null)}
                empty={t('gallery.usage.nothingRecorded')}
              />
              <SpendTable
                title={t('gallery.usage.spending.byBatch')}
                keyLabel={t('gallery.usage.spending.batch')}
                rows={report.byGroup}
                name={batchName}
                empty={t('gallery.usage.spending.noBatches')}
                note={
                  report.byGroup.length >= BATCH_ROWS
                    ? t('gallery.usage.spending.topBatches', { count: BATCH_ROWS })
                    : undefined
                }
              />
            </div>
          </>
        ))}
    </section>
  )
}
