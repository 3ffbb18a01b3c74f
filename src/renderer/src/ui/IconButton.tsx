import type { ButtonHTMLAttributes, ReactElement } from 'react'
import { Icon, type IconName } from './icons'

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label' | 'title'> & {
  icon: IconName
  /** The button's name: shown beside the icon with `showLabel`, else its accessible name and tooltip. */
  label: string
  showLabel?: boolean
}

/**
 * A button drawn as an icon that still has a name a screen reader and a speech-control user can say, and
 * a tooltip for the sighted mouse user who does not know the glyph.
 */
export function IconButton({ icon, label, showLabel = false, className, ...rest }: Props): ReactElement {
  const classes = ['icon-button', showLabel ? 'with-label' : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <button
      type="button"
      {...rest}
      className={classes}
      aria-label={showLabel ? undefined : label}
      title={showLabel ? undefined : label}
    >
      <Icon name={icon} size={18} />
      {showLabel && <span>{label}</span>}
    </button>
  )
}
