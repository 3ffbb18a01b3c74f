import { useEffect, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, fromMicros, toMicros } from '@shared/money'
import type { AppError } from '@shared/result'
import type { CapsView } from '@shared/schemas/money'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'

type Scope = 'day' | 'month'
const SCOPES: readonly Scope[] = ['day', 'month']

const textOf = (micros: number | null): string => (micros === null ? '' : fromMicros(micros))
/** An input's text as a cap: null when empty (no cap), undefined when it is no amount. */
const capOf = (text: string): number | null | undefined => (text.trim() === '' ? null : toMicros(text))

/**
 * Settings › a gateway › Spending caps (RELIABILITY P50): a cap per local day and month, in the price
 * table's currency (empty: none), beside what was spent and what unfinished jobs reserve, kept live by
 * `spend.changed`.
 */
export function SpendingCaps({ profileId }: { profileId: string }): ReactElement {
  const { api } = useConnection()
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const [view, setView] = useState<CapsView | null>(null)
  const [texts, setTexts] = useState<Record<Scope, string>>({ day: '', month: '' })
  const [invalid, setInvalid] = useState(false)
  const [saved, setSaved] = useState(false)
  const [error, setError] = useState<AppError | null>(null)

  useEffect(() => {
    if (!open) return
    let live = true
    void api.call('caps.get', { profileId }).then((result) => {
      if (!live) return
      if (!result.ok) return setError(result.error)
      setView(result.value)
      setTexts({ day: textOf(result.value.day), month: textOf(result.value.month) })
    })
    // Live figures; the inputs keep what is being typed.
    const off = api.on('spend.changed', (next) => {
      if (next.profileId === profileId) setView(next)
    })
    return () => {
      live = false
      off()
    }
  }, [open, api, profileId])

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setSaved(false)
    const day = capOf(texts.day)
    const month = capOf(texts.month)
    if (day === undefined || month === undefined) return setInvalid(true)
    const caps: Record<Scope, number | null> = { day, month }
    setInvalid(false)
    let last: CapsView | null = null
    for (const scope of SCOPES) {
      if (view && view[scope] === caps[scope]) continue
      const result = await api.call('caps.set', { profileId, scope, capMicros: caps[scope] })
      if (!result.ok) return setError(result.error)
      last = result.value
    }
    setError(null)
    if (last) {
      setView(last)
      setTexts({ day: textOf(last.day), month: textOf(last.month) })
    }
    setSaved(true)
  }

  const currency = view?.currency ?? null
  const money = (micros: number): string => formatMoney(micros, currency ?? 'USD', i18n.language)
  return (
    <details className="advanced" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('money.caps.title')}</summary>
      <p className="muted">{t('money.caps.intro')}</p>
      {error && <ErrorNotice error={error} />}
      {view && currency === null && <p className="muted">{t('money.caps.noTable')}</p>}
      {view && currency !== null && (
        <form onSubmit={(event) => void save(event)} noValidate>
          {SCOPES.map((scope) => (
            <Field
              key={scope}
              label={t(`money.caps.${scope}`, { currency })}
              error={invalid && capOf(texts[scope]) === undefined ? t('money.caps.invalid') : undefined}
            >
              <input
                inputMode="decimal"
                placeholder={t('money.caps.none')}
                value={texts[scope]}
                onChange={(event) => setTexts((all) => ({ ...all, [scope]: event.target.value }))}
              />
            </Field>
          ))}
          <ul className="caps-figures" aria-live="polite">
            <li>{t('money.caps.spentToday', { amount: money(view.spentToday) })}</li>
            <li>{t('money.caps.reservedToday', { amount: money(view.reservedToday) })}</li>
            <li>{t('money.caps.spentThisMonth', { amount: money(view.spentThisMonth) })}</li>
            <li>{t('money.caps.reservedThisMonth', { amount: money(view.reservedThisMonth) })}</li>
          </ul>
          <div className="editor-actions">
            <button type="submit" className="button primary">
              {t('money.caps.save')}
            </button>
            {saved && (
              <span role="status" className="muted">
                {t('money.caps.saved')}
              </span>
            )}
          </div>
        </form>
      )}
    </details>
  )
}
