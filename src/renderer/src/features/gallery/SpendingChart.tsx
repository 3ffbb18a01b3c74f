import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '@shared/money'
import type { SpendSummaryRow } from '@shared/schemas/money'
import { formatDay } from './format'
import { daysBetween } from './spending'

/** A chart of years would draw bars thinner than a pixel: all time shows its last year. */
const CHART_DAYS = 366
/** Each day's slot in the drawing's own units; the bar leaves a gap to tell neighbours apart. */
const SLOT = 10
const BAR = 8
const HEIGHT = 100
/** A day that spent a little still shows a sliver, so it does not read as a day with nothing. */
const MIN_BAR = 1.5

/**
 * What was spent each day of the period in one currency, as bars. The picture is a summary for the eye:
 * its label says the span, the total and the busiest day, and the table by day carries every figure.
 */
export function SpendingChart({
  rows,
  currency,
  first,
  today,
  named
}: {
  /** The day rows of `currency`. */
  rows: SpendSummaryRow[]
  currency: string
  /** The period's first day; undefined for all time (from the first day that spent). */
  first: string | undefined
  today: string
  /** Several currencies: each chart says its own. */
  named: boolean
}): ReactElement {
  const { t, i18n } = useTranslation()
  const money = (micros: number): string => formatMoney(micros, currency, i18n.language)
  const spent = new Map(rows.map((row) => [row.key, row.countedMicros]))
  const keys = [...spent.keys()].sort()
  // The backend's day may run ahead of this machine's when the web host is in another time zone.
  const last = [today, ...keys].sort().at(-1) ?? today
  const days = daysBetween(first ?? keys[0] ?? today, last).slice(-CHART_DAYS)
  const values = days.map((day) => spent.get(day) ?? 0)
  const max = Math.max(0, ...values)
  const total = values.reduce((sum, value) => sum + value, 0)
  const peakDay = days[values.indexOf(max)] ?? last
  const firstDay = formatDay(days[0] ?? last, i18n.language)
  const lastDay = formatDay(last, i18n.language)
  const summary =
    max === 0
      ? t('gallery.usage.spending.chartNothing', { first: firstDay, last: lastDay })
      : t('gallery.usage.spending.chartSummary', {
          first: firstDay,
          last: lastDay,
          total: money(total),
          peak: money(max),
          peakDay: formatDay(peakDay, i18n.language)
        })
  return (
    <figure className="card usage-card spend-chart">
      <figcaption>
        <h3>
          {named ? t('gallery.usage.spending.chartIn', { currency }) : t('gallery.usage.spending.chart')}
        </h3>
      </figcaption>
      <div className="spend-chart-plot">
        {max > 0 && (
          <span className="spend-chart-max muted" aria-hidden="true">
            {money(max)}
          </span>
        )}
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${days.length * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
        >
          {values.map((value, i) => {
            if (value === 0) return null
            const height = Math.max(MIN_BAR, (value / max) * HEIGHT)
            return (
              <rect
                key={days[i]}
                x={i * SLOT + (SLOT - BAR) / 2}
                y={HEIGHT - height}
                width={BAR}
                height={height}
              >
                <title>
                  {t('gallery.usage.spending.chartBar', {
                    day: formatDay(days[i] ?? '', i18n.language),
                    amount: money(value)
                  })}
                </title>
              </rect>
            )
          })}
        </svg>
      </div>
      <div className="spend-chart-axis muted" aria-hidden="true">
        <span>{firstDay}</span>
        <span>{lastDay}</span>
      </div>
    </figure>
  )
}
