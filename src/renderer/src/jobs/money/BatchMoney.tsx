import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, fromMicros, toMicros } from '@shared/money'
import type { AppError } from '@shared/result'
import type { GroupCapView } from '@shared/schemas/money'
import { useConnection } from '../../store/app'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Field } from '../../ui/Field'
import './batchMoney.css'

/**
 * A batch's money on its Queue band and its contact sheet (RELIABILITY P50): what it spent against its own cap, what is on its way,
 * and the cap itself, changed in place. `version` is the batch's counts: a job answered may have settled.
 */
export function BatchMoney({ groupId, version }: { groupId: string; version: string }): ReactElement | null {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const [view, setView] = useState<GroupCapView | null>(null)
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [spendTick, setSpendTick] = useState(0)
  const input = useRef<HTMLInputElement>(null)

  // The field takes the keyboard as it opens: the user asked to type a cap.
  useEffect(() => {
    if (editing) input.current?.focus()
  }, [editing])
  useEffect(() => api.on('spend.changed', () => setSpendTick((tick) => tick + 1)), [api])
  useEffect(() => {
    let live = true
    void api.call('groups.cap', { id: groupId }).then((result) => {
      if (live && result.ok) setView(result.value)
    })
    return () => {
      live = false
    }
  }, [api, groupId, version, spendTick])

  // No price table: nothing to count in, and the builder said so when the batch was made.
  if (!view || view.currency === null) return null
  const currency = view.currency
  const money = (micros: number): string => formatMoney(micros, currency, i18n.language)

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    const capMicros = text.trim() === '' ? null : toMicros(text)
    if (capMicros === undefined) return setInvalid(true)
    setInvalid(false)
    const result = await api.call('groups.setCap', { id: groupId, capMicros })
    if (!result.ok) return setError(result.error)
    setError(null)
    setView(result.value)
    setEditing(false)
  }

  return (
    <div className="batch-money">
      <p className="batch-money-facts">
        {view.capMicros === null
          ? t('queue.batches.spentNoCap', { spent: money(view.spentMicros) })
          : t('queue.batches.spent', { spent: money(view.spentMicros), cap: money(view.capMicros) })}
        {view.reservedMicros > 0 &&
          ` · ${t('queue.batches.reserved', { amount: money(view.reservedMicros) })}`}
        {!editing && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setText(view.capMicros === null ? '' : fromMicros(view.capMicros))
              setEditing(true)
            }}
          >
            {view.capMicros === null ? t('queue.batches.setCap') : t('queue.batches.changeCap')}
          </button>
        )}
      </p>
      {editing && (
        <form className="batch-cap" onSubmit={(event) => void save(event)} noValidate>
          <Field
            label={t('queue.batches.capLabel', { currency })}
            hint={t('queue.batches.capHint')}
            error={invalid ? t('queue.batches.capInvalid') : undefined}
          >
            <input
              inputMode="decimal"
              ref={input}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(false)
              }}
            />
          </Field>
          <div className="editor-actions">
            <button type="submit" className="button small primary">
              {t('queue.batches.capSave')}
            </button>
            <button type="button" className="button small" onClick={() => setEditing(false)}>
              {t('queue.batches.capKeep')}
            </button>
          </div>
        </form>
      )}
      {error && <ErrorNotice error={error} />}
    </div>
  )
}
