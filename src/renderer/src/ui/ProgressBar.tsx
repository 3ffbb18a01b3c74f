import type { ReactElement } from 'react'

/** What is known of how far something is: a measured fraction, only words, or nothing to show. */
export type Progress =
  | { type: 'determinate'; value: number; label: string }
  | { type: 'indeterminate'; label: string }
  | { type: 'none' }

/**
 * A bar that fills only when the gateway said how far along it is; otherwise an indeterminate sweep with
 * what is known in words ("Queued at the gateway", "1 of 2 done"), never a made-up percentage.
 */
export function ProgressBar({ progress, label }: { progress: Progress; label: string }): ReactElement | null {
  if (progress.type === 'none') return null
  const determinate = progress.type === 'determinate'
  return (
    <div
      className={determinate ? 'tq-progress' : 'tq-progress indeterminate'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      aria-valuenow={determinate ? Math.round(progress.value * 100) : undefined}
      aria-valuetext={progress.label}
    >
      <span
        className="tq-progress-fill"
        style={determinate ? { width: `${Math.round(progress.value * 100)}%` } : undefined}
      />
    </div>
  )
}
