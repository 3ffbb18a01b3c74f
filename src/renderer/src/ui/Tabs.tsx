import { useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react'
import { rovingIndex } from './rovingKeys'

export type Tab<T extends string> = { value: T; label: ReactNode }

/** The ids Tabs gives a tab and its panel, so the panel can be rendered where the layout wants it. */
export const tabIdOf = (idBase: string, value: string): string => `${idBase}-tab-${value}`
export const panelIdOf = (idBase: string, value: string): string => `${idBase}-panel-${value}`

/**
 * A tab list (WAI-ARIA tabs, automatic activation): only the selected tab is in the Tab order, the arrow
 * keys and Home/End move to and select a neighbour. The caller renders the one panel with `TabPanel`.
 */
export function Tabs<T extends string>({
  idBase,
  label,
  tabs,
  value,
  onChange,
  className
}: {
  idBase: string
  label: string
  tabs: readonly Tab<T>[]
  value: T
  onChange: (value: T) => void
  className?: string
}): ReactElement {
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const at = tabs.findIndex((tab) => tab.value === value)
    const next = rovingIndex(event.key, Math.max(at, 0), tabs.length)
    const tab = next === null ? undefined : tabs[next]
    if (next === null || !tab) return
    event.preventDefault()
    onChange(tab.value)
    buttons.current[next]?.focus()
  }
  return (
    <div
      role="tablist"
      aria-label={label}
      className={className ? `tabs ${className}` : 'tabs'}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab, index) => (
        <button
          key={tab.value}
          ref={(element) => {
            buttons.current[index] = element
          }}
          type="button"
          role="tab"
          id={tabIdOf(idBase, tab.value)}
          aria-selected={tab.value === value}
          aria-controls={panelIdOf(idBase, tab.value)}
          tabIndex={tab.value === value ? 0 : -1}
          className="tab"
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}

/** The selected tab's panel, named by its tab. */
export function TabPanel({
  idBase,
  value,
  className,
  children
}: {
  idBase: string
  value: string
  className?: string
  children: ReactNode
}): ReactElement {
  return (
    <div
      role="tabpanel"
      id={panelIdOf(idBase, value)}
      aria-labelledby={tabIdOf(idBase, value)}
      className={className}
    >
      {children}
    </div>
  )
}
