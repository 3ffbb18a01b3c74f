import { useId, useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react'
import { rovingIndex } from './rovingKeys'

export type Segment<T extends string> = { value: T; label: ReactNode; disabled?: boolean }

/**
 * One choice out of a few, side by side: a radio group of native radios drawn as segments. Tab enters at
 * the chosen one, the arrow keys (and Home/End) choose the next one at once, as radios do; we move the
 * choice ourselves so it behaves the same in every browser and skips disabled segments.
 */
export function SegmentedControl<T extends string>({
  label,
  labelledBy,
  options,
  value,
  onChange,
  className
}: {
  /** The group's name, when no visible caption names it (else `labelledBy`). */
  label?: string
  labelledBy?: string
  options: readonly Segment<T>[]
  /** Null while nothing is chosen yet: Tab then enters at the first segment. */
  value: T | null
  onChange: (value: T) => void
  className?: string
}): ReactElement {
  const name = useId()
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const enabled = options.filter((option) => !option.disabled)

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const at = enabled.findIndex((option) => option.value === value)
    const next = rovingIndex(event.key, Math.max(at, 0), enabled.length)
    const option = next === null ? undefined : enabled[next]
    if (!option) return
    event.preventDefault()
    if (option.value !== value) onChange(option.value)
    inputs.current[options.indexOf(option)]?.focus()
  }

  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-labelledby={labelledBy}
      className={className ? `segmented ${className}` : 'segmented'}
      onKeyDown={onKeyDown}
    >
      {options.map((option, index) => (
        <label
          key={option.value}
          className={option.value === value ? 'segment selected' : 'segment'}
          aria-disabled={option.disabled || undefined}
        >
          <input
            ref={(element) => {
              inputs.current[index] = element
            }}
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  )
}
