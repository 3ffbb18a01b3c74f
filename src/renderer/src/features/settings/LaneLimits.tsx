import { useEffect, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import {
  LaneLimits as LaneLimitsSchema,
  type LaneLimits as Limits,
  type LaneView
} from '@shared/schemas/lanes'
import type { AppError } from '@shared/result'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'

/** While the section is open, what each lane is doing is read again this often (ms). */
const REFRESH_MS = 2_000

/** The inputs' text as limits, or null when they hold something the lane cannot take. */
function limitsOf(atOnce: string, perMinute: string): Limits | null {
  const whole = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null)
  const parsed = LaneLimitsSchema.safeParse({
    concurrency: whole(atOnce),
    perMinute: perMinute.trim() === '' ? null : (whole(perMinute) ?? -1)
  })
  return parsed.success ? parsed.data : null
}

function LaneRow({ lane, onSaved }: { lane: LaneView; onSaved: (lane: LaneView) => void }): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const [atOnce, setAtOnce] = useState(String(lane.limits.concurrency))
  const [perMinute, setPerMinute] = useState(
    lane.limits.perMinute === null ? '' : String(lane.limits.perMinute)
  )
  const [error, setError] = useState<AppError | null>(null)
  const [invalid, setInvalid] = useState(false)
  const endpoint = t(`images.endpoints.${lane.endpoint}.name`)
  const limits = limitsOf(atOnce, perMinute)
  const changed =
    limits === null ||
    limits.concurrency !== lane.limits.concurrency ||
    limits.perMinute !== lane.limits.perMinute

  const save = async (next: Limits | null): Promise<void> => {
    const result = await api.call('lanes.set', {
      profileId: lane.profileId,
      endpoint: lane.endpoint,
      limits: next
    })
    if (!result.ok) {
      setError(result.error)
      return
    }
    setError(null)
    setAtOnce(String(result.value.limits.concurrency))
    setPerMinute(result.value.limits.perMinute === null ? '' : String(result.value.limits.perMinute))
    onSaved(result.value)
  }
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    setInvalid(limits === null)
    if (limits !== null) void save(limits)
  }
  const now =
    lane.holdUntil !== null
      ? t('sending.held', { time: new Date(lane.holdUntil).toLocaleTimeString() })
      : lane.slowedTo !== null
        ? t('sending.slowed', { count: lane.slowedTo })
        : lane.running + lane.waiting === 0
          ? t('sending.idle')
          : t('sending.busy', { running: lane.running, waiting: lane.waiting })

  // The inputs sit in their own cells and belong to the form in the last one (the `form` attribute).
  const formId = `lane-${lane.profileId}-${lane.endpoint}`
  return (
    <tr>
      <th scope="row">{endpoint}</th>
      <td>
        <input
          form={formId}
          className="lane-number"
          inputMode="numeric"
          aria-label={t('sending.atOnceFor', { endpoint })}
          aria-invalid={invalid || undefined}
          value={atOnce}
          onChange={(event) => setAtOnce(event.target.value)}
        />
      </td>
      <td>
        <input
          form={formId}
          className="lane-number"
          inputMode="numeric"
          aria-label={t('sending.perMinuteFor', { endpoint })}
          aria-invalid={invalid || undefined}
          placeholder={t('sending.noLimit')}
          value={perMinute}
          onChange={(event) => setPerMinute(event.target.value)}
        />
      </td>
      <td>
        <form id={formId} onSubmit={submit}>
          {changed && (
            <button type="submit" className="button small primary">
              {t('sending.save')}
            </button>
          )}
          {lane.custom && !changed && (
            <button type="button" className="button small" onClick={() => void save(null)}>
              {t('sending.useDefaults')}
            </button>
          )}
        </form>
        {invalid && (
          <p role="alert" className="field-error">
            {t('sending.invalid')}
          </p>
        )}
        {error && <ErrorNotice error={error} />}
      </td>
      <td className="muted">
        {now}
        <br />
        <small>
          {lane.custom ? t('sending.yours') : t('sending.defaults', { atOnce: lane.defaults.concurrency })}
        </small>
      </td>
    </tr>
  )
}

/** Settings › a gateway › Sending: each endpoint's lane, its limits and what it is doing (P49). */
export function LaneLimits({ profileId }: { profileId: string }): ReactElement {
  const { api } = useConnection()
  const { t } = useTranslation()
  const [lanes, setLanes] = useState<LaneView[] | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    if (!open) return
    const load = (): void =>
      void api.call('lanes.list', { profileId }).then((result) => {
        if (result.ok) setLanes(result.value)
        else setError(result.error)
      })
    load()
    const timer = setInterval(load, REFRESH_MS)
    return () => clearInterval(timer)
  }, [open, api, profileId])

  const saved = (lane: LaneView): void =>
    setLanes((all) => all?.map((each) => (each.endpoint === lane.endpoint ? lane : each)) ?? null)

  return (
    <details className="advanced" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('sending.title')}</summary>
      <p className="muted">{t('sending.intro')}</p>
      {error && <ErrorNotice error={error} />}
      {lanes && (
        <table className="model-table lane-table" aria-label={t('sending.table')}>
          <thead>
            <tr>
              <th scope="col">{t('sending.endpoint')}</th>
              <th scope="col">{t('sending.atOnce')}</th>
              <th scope="col">{t('sending.perMinute')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('sending.save')}</span>
              </th>
              <th scope="col">{t('sending.now')}</th>
            </tr>
          </thead>
          <tbody>
            {lanes.map((lane) => (
              <LaneRow key={lane.endpoint} lane={lane} onSaved={saved} />
            ))}
          </tbody>
        </table>
      )}
    </details>
  )
}
