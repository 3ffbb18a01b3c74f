import { useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { UsageReport, UsageRow } from '@shared/schemas/gallery'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import { formatDay, formatZone } from './format'
import { SpendingUsage } from './SpendingUsage'
import { useGatewayName } from './words'
import { numberFormat } from '../../ui/intl'

const RANGES = [
  { key: '7', days: 7 },
  { key: '30', days: 30 },
  { key: '90', days: 90 },
  { key: 'all', days: null }
] as const
type RangeKey = (typeof RANGES)[number]['key']

function startOf(days: number | null): number | undefined {
  if (days === null) return undefined
  const today = new Date()
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1)).getTime()
}

function UsageTable({
  title,
  rows,
  keyLabel,
  format = (row) => row.label ?? ''
}: {
  title: string
  rows: UsageRow[]
  keyLabel: string
  format?: (row: UsageRow) => string
}): ReactElement {
  const { t, i18n } = useTranslation()
  const number = numberFormat(i18n.language)
  const maxTokens = Math.max(1, ...rows.map((r) => r.tokens))
  const maxImages = Math.max(1, ...rows.map((r) => r.images))
  return (
    <section className="card usage-card" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('gallery.usage.nothingRecorded')}</p>
      ) : (
        <table className="usage-table">
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              <th scope="col" className="num">
                {t('gallery.usage.jobs')}
              </th>
              <th scope="col" className="num">
                {t('gallery.usage.tokens')}
              </th>
              <th scope="col" className="num">
                {t('gallery.usage.images')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{format(row)}</th>
                <td className="num">
                  {number.format(row.jobs)}
                  {row.otherJobs > 0 && (
                    <span className="muted" title={t('gallery.usage.unbilledTitle')}>
                      {' '}
                      {t('gallery.usage.unbilled', { count: row.otherJobs })}
                    </span>
                  )}
                </td>
                <td className="num">
                  <span
                    className="usage-bar tokens"
                    style={{ width: `${(row.tokens / maxTokens) * 100}%` }}
                    aria-hidden="true"
                  />
                  {number.format(row.tokens)}
                </td>
                <td className="num">
                  <span
                    className="usage-bar images"
                    style={{ width: `${(row.images / maxImages) * 100}%` }}
                    aria-hidden="true"
                  />
                  {number.format(row.images)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/**
 * What the period cost in money (`SpendingUsage`, from the ledger), then totals from recorded usage: tokens
 * for token-billed models, images for image-billed ones (the gateway's count when it gives one, else the
 * images we stored), by day, model and gateway.
 */
export function UsageView(): ReactElement {
  const { t, i18n } = useTranslation()
  const gatewayName = useGatewayName()
  const number = numberFormat(i18n.language)
  const { api } = useConnection()
  const [range, setRange] = useState<RangeKey>('30')
  const [report, setReport] = useState<UsageReport | null>(null)
  const [error, setError] = useState<AppError | null>(null)

  useEffect(() => {
    let live = true
    const days = RANGES.find((r) => r.key === range)?.days ?? null
    const from = startOf(days)
    void api
      .call('usage.report', {
        ...(from === undefined ? {} : { from }),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone
      })
      .then((result) => {
        if (!live) return
        if (result.ok) {
          setReport(result.value)
          setError(null)
        } else setError(result.error)
      })
    return () => {
      live = false
    }
  }, [api, range])

  return (
    <div className="screen-body usage-view">
      <div className="usage-toolbar">
        <Field label={t('gallery.usage.period')}>
          <select value={range} onChange={(event) => setRange(event.target.value as RangeKey)}>
            {RANGES.map((r) => (
              <option key={r.key} value={r.key}>
                {r.days === null
                  ? t('gallery.usage.allTime')
                  : t('gallery.usage.lastDays', { count: r.days })}
              </option>
            ))}
          </select>
        </Field>
        <p className="muted">{t('gallery.usage.intro')}</p>
      </div>
      <SpendingUsage days={RANGES.find((r) => r.key === range)?.days ?? null} />
      {error && <ErrorNotice error={error} />}
      {report && (
        <>
          <div className="usage-totals" role="group" aria-label={t('gallery.usage.totals')}>
            <div className="card usage-total">
              <span className="muted">{t('gallery.usage.tokens')}</span>
              <strong>{number.format(report.total.tokens)}</strong>
            </div>
            <div className="card usage-total">
              <span className="muted">{t('gallery.usage.images')}</span>
              <strong>{number.format(report.total.images)}</strong>
            </div>
            <div className="card usage-total">
              <span className="muted">{t('gallery.usage.jobs')}</span>
              <strong>{number.format(report.total.jobs)}</strong>
            </div>
          </div>
          {report.total.jobs === 0 ? (
            <div className="empty-state">
              <p className="empty-title">{t('gallery.usage.emptyTitle')}</p>
              <p>{t('gallery.usage.emptyText')}</p>
            </div>
          ) : (
            <div className="usage-grid">
              <UsageTable
                title={t('gallery.usage.byDay')}
                keyLabel={t('gallery.usage.day')}
                rows={report.byDay}
                format={(row) => formatDay(row.key, i18n.language)}
              />
              <UsageTable
                title={t('gallery.usage.byModel')}
                keyLabel={t('gallery.usage.model')}
                rows={report.byModel}
              />
              <UsageTable
                title={t('gallery.usage.byGateway')}
                keyLabel={t('gallery.usage.gateway')}
                rows={report.byProfile}
                format={(row) => gatewayName(row.key, row.label)}
              />
            </div>
          )}
          <p className="muted usage-foot">
            {t('gallery.usage.foot', {
              jobs: t('gallery.count.jobs', { count: report.total.jobs }),
              zone: formatZone(report.timeZone, i18n.language)
            })}
          </p>
        </>
      )}
    </div>
  )
}
