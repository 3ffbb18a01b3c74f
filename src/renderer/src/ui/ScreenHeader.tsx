import type { ReactElement, ReactNode } from 'react'

/**
 * Every screen's title bar: the heading the screen is labelled by, an optional line under it, and
 * optional actions on the right.
 */
export function ScreenHeader({
  title,
  subtitle,
  live = false,
  children
}: {
  title: string
  subtitle?: ReactNode
  /** Read the subtitle aloud when it changes (a live count). */
  live?: boolean
  children?: ReactNode
}): ReactElement {
  return (
    <header className="screen-header">
      <div className="screen-title-block">
        <h1 id="screen-title">{title}</h1>
        {subtitle !== undefined && subtitle !== null && subtitle !== false && (
          <p className="muted" {...(live ? { 'aria-live': 'polite' as const } : {})}>
            {subtitle}
          </p>
        )}
      </div>
      {children}
    </header>
  )
}
