import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModelView } from '@shared/schemas/profiles'
import { billingLabel } from '../jobs/billing'
import {
  byProvider,
  filterGroups,
  flatOptions,
  groupModels,
  initialActive,
  moveActive,
  type GroupOf
} from './modelGroups'
import './modelPicker.css'

export interface ModelPickerProps {
  /** The input's id, for the screen's own `<label htmlFor>`. */
  id: string
  models: readonly ModelView[]
  /** The chosen model's id; null or '' when none. */
  value: string | null
  onChange: (model: ModelView) => void
  /** Where each model is listed; by provider unless the screen groups otherwise (Images: by endpoint). */
  groupOf?: (model: ModelView) => GroupOf | null
  /** Models the gateway refused lately, with the reason to show: listed, but cannot be picked. */
  unavailable?: ReadonlyMap<string, string>
  /** Shown in the empty field: "Loading models…", "Choose a model". */
  placeholder: string
  /** What the closed field reads when the chosen model is not in the list ("x (checking…)"). */
  unlistedText?: string
  describedBy?: string
  invalid?: boolean
  disabled?: boolean
}

/**
 * The model picker every screen shares: an editable combobox (ARIA 1.2, list autocomplete)
 * over a grouped listbox. Typing filters by id, provider, group or billing unit; the arrow keys move (onto
 * disabled models too, so their reason is heard), Enter picks, Escape closes and restores, Tab leaves.
 * Focus stays in the field; the active option is announced through aria-activedescendant.
 */
export function ModelPicker(props: ModelPickerProps): ReactElement {
  const { id, models, value, onChange, unavailable, placeholder, unlistedText, describedBy } = props
  const { t } = useTranslation()
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(-1)

  const groupOf = props.groupOf ?? byProvider(t('ui.modelPicker.noProvider'))
  const groups = useMemo(
    () => groupModels(models, groupOf, unavailable),
    // groupOf is a plain function of the words in use; the listing and refusals are what change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [models, unavailable, t]
  )
  const shown = useMemo(() => filterGroups(groups, query ?? ''), [groups, query])
  const options = flatOptions(shown)
  const chosen = models.find((m) => m.id === value)
  const optionId = (modelId: string): string => `${listId}-o-${modelId}`
  const activeOption = open ? options[active] : undefined

  useEffect(() => {
    if (!activeOption) return
    document.getElementById(optionId(activeOption.model.id))?.scrollIntoView?.({ block: 'nearest' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeOption])

  const openList = (nextQuery: string | null): void => {
    const list = flatOptions(filterGroups(groups, nextQuery ?? ''))
    setOpen(true)
    setQuery(nextQuery)
    setActive(nextQuery ? list.findIndex((o) => o.disabledReason === null) : initialActive(list, value))
  }
  const close = (): void => {
    setOpen(false)
    setQuery(null)
    setActive(-1)
  }
  const pick = (index: number): void => {
    const option = options[index]
    if (!option || option.disabledReason !== null) return
    onChange(option.model)
    close()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault()
        if (!open) return openList(query)
        if (event.altKey && event.key === 'ArrowUp') return close()
        setActive(moveActive(options.length, active, event.key === 'ArrowDown' ? 1 : -1))
        return
      }
      case 'PageDown':
      case 'PageUp':
        if (!open) return
        event.preventDefault()
        setActive(event.key === 'PageDown' ? options.length - 1 : 0)
        return
      case 'Enter':
        // Never submits the form around it: a picker's Enter is a choice, as a native select's is.
        event.preventDefault()
        if (open) pick(active)
        else openList(query)
        return
      case 'Escape':
        if (!open && query === null) return
        // Kept from dialogs around it: this Escape only closes the list.
        event.preventDefault()
        event.stopPropagation()
        close()
        return
      case 'Tab':
        if (open) close()
        return
    }
  }

  const closedText = chosen ? chosen.id : value ? (unlistedText ?? value) : ''
  const activeReason = activeOption?.disabledReason
  const listed = open && options.length > 0
  return (
    <div className={`model-picker ${open ? 'open' : ''}`}>
      <input
        id={id}
        type="text"
        role="combobox"
        className="model-picker-input"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listed ? listId : undefined}
        aria-activedescendant={activeOption ? optionId(activeOption.model.id) : undefined}
        aria-describedby={describedBy}
        aria-invalid={props.invalid ? true : undefined}
        disabled={props.disabled}
        placeholder={placeholder}
        value={query ?? closedText}
        onChange={(event) => openList(event.target.value)}
        onKeyDown={onKeyDown}
        onClick={() => (open ? close() : openList(null))}
        onBlur={close}
      />
      <span className="model-picker-chevron" aria-hidden="true" />
      {/* The list exists only while open: a closed picker holds no second copy of every model's words. */}
      {listed && (
        <div
          id={listId}
          role="listbox"
          className="model-picker-list"
          aria-label={t('ui.modelPicker.list')}
          // Keeps focus (and the open list) in the field while an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          {shown.map((group) => (
            <div
              key={group.key}
              role="group"
              aria-labelledby={`${listId}-g-${group.key}`}
              className="model-picker-group"
            >
              <div role="presentation" id={`${listId}-g-${group.key}`} className="model-picker-heading">
                {group.label}
              </div>
              {group.options.map((option) => {
                const index = options.indexOf(option)
                const oid = optionId(option.model.id)
                return (
                  <div
                    key={option.model.id}
                    id={oid}
                    role="option"
                    aria-selected={option.model.id === value}
                    aria-disabled={option.disabledReason !== null ? true : undefined}
                    className={`model-picker-option ${index === active ? 'active' : ''}`}
                    onMouseMove={() => index !== active && setActive(index)}
                    onClick={() => pick(index)}
                  >
                    {/*
                     * Named by all it shows (id, billing, why unavailable), read from its content: a name
                     * must hold the visible text. The spaces keep the words apart in that name (a flex row
                     * draws none); the tick is drawn by CSS from aria-selected, so it is not read.
                     */}
                    <span className="model-picker-check" aria-hidden="true" />
                    <span id={`${oid}-name`} className="model-picker-id">
                      {option.model.id}
                    </span>{' '}
                    <span id={`${oid}-facts`} className="model-picker-facts">
                      <span
                        className={
                          option.model.billingUnit ? 'model-picker-unit' : 'model-picker-unit unknown'
                        }
                      >
                        {billingLabel(option.model.billingUnit, t)}
                      </span>{' '}
                      {option.disabledReason && (
                        <span className="model-picker-reason">{option.disabledReason}</span>
                      )}
                    </span>
                  </div>
                )
              })}
            </div>
          ))}
        </div>
      )}
      {open && options.length === 0 && (
        <p className="model-picker-empty">
          {models.length === 0
            ? t('ui.modelPicker.none')
            : t('ui.modelPicker.noMatch', { query: query ?? '' })}
        </p>
      )}
      <p className="model-picker-status" aria-live="polite">
        {open
          ? activeReason
            ? t('ui.modelPicker.cannotPick', { reason: activeReason })
            : t('ui.modelPicker.count', { count: options.length })
          : ''}
      </p>
    </div>
  )
}
