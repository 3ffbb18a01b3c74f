/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useEffect, useState, type ReactElement } from 'react'
import type { AppError } from '@shared/result'
import type { UsageReport, UsageRow } from '@shared/schemas/gallery'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { formatDay, plural } from './format'

const RANGES = [
  { key: '7', label: 'Last 7 days', days: 7 },
  { key: '30', label: 'Last 30 days', days: 30 },
  { key: '90', label: 'Last 90 days', days: 90 },
  { key: 'all', label: 'All time', days: null }
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
  format = (row) => row.label
}: {
  title: string
  rows: UsageRow[]
  keyLabel: string
  format?: (row: UsageRow) => string
}): ReactElement {
  const maxTokens = Math.max(1, ...rows.map((r) => r.tokens))
  const maxImages = Math.max(1, ...rows.map((r) => r.images))
  return (
    <section className="card usage-card" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">Nothing recorded in this period.</p>
      ) : (
        <table className="usage-table">
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              <th scope="col" className="num">
                Jobs
              </th>
              <th scope="col" className="num">
                Tokens
              </th>
              <th scope="col" className="num">
                Images
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{format(row)}</th>
                <td className="num">
                  {row.jobs.toLocaleString()}
                  {row.otherJobs > 0 && (
                    <span className="muted" title="Jobs whose model had no billing unit in the catalog">
                      {' '}
                      ({row.otherJobs} unbilled)
                    </span>
                  )}
                </td>
                <td className="num">
                  <span
                    className="usage-bar tokens"
                    style={{ width: `${(row.tokens / maxTokens) * 100}%` }}
                    aria-hidden="true"
                  />
                  {row.tokens.toLocaleString()}
                </td>
                <td className="num">
                  <span
                    className="usage-bar images"
                    style={{ width: `${(row.images / maxImages) * 100}%` }}
                    aria-hidden="true"
                  />
                  {row.images.toLocaleString()}
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
 * Totals from recorded usage: tokens for token-billed models, images for image-billed ones (the gateway's
 * count when it gives one, else the images we stored), by day, model and gateway.
 */
export function UsageView(): ReactElement {
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
        <label className="field">
          <span>Period</span>
          <select value={range} onChange={(event) => setRange(event.target.value as RangeKey)}>
            {RANGES.map((r) => (
              <option key={r.key} value={r.key}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <p className="muted">
          From the usage each job recorded. Token-billed models count tokens; image-billed models count
          images.
        </p>
      </div>
      {error && <ErrorNotice error={error} />}
      {report && (
        <>
          <div className="usage-totals" role="group" aria-label="Totals">
            <div className="card usage-total">
              <span className="muted">Tokens</span>
              <strong>{report.total.tokens.toLocaleString()}</strong>
            </div>
            <div className="card usage-total">
              <span className="muted">Images</span>
              <strong>{report.total.images.toLocaleString()}</strong>
            </div>
            <div className="card usage-total">
              <span className="muted">Jobs</span>
              <strong>{report.total.jobs.toLocaleString()}</strong>
            </div>
          </div>
          {report.total.jobs === 0 ? (
            <div className="empty-state">
              <p className="empty-title">No usage in this period</p>
              <p>Generate images or videos and their usage shows up here.</p>
            </div>
          ) : (
            <div className="usage-grid">
              <UsageTable
                title="By day"
                keyLabel="Day"
                rows={report.byDay}
                format={(row) => formatDay(row.key)}
              />
              <UsageTable title="By model" keyLabel="Model" rows={report.byModel} />
              <UsageTable title="By gateway" keyLabel="Gateway" rows={report.byProfile} />
            </div>
          )}
          <p className="muted usage-foot">
            {plural(report.total.jobs, 'job')} counted · days in {report.timeZone}
          </p>
        </>
      )}
    </div>
  )
}
