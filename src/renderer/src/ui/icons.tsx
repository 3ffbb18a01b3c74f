import type { ReactElement } from 'react'

/** Small stroke icons drawn inline: no icon font or remote asset (the CSP allows neither). */
const paths = {
  chat: 'M4 5h16v10H8l-4 4z',
  images: 'M4 5h16v14H4z M4 15l4-4 4 4 3-3 5 5 M15 9.5a1.5 1.5 0 1 0 0.01 0',
  compare: 'M3 5h8v14H3z M13 5h8v14h-8z M5.5 15l2-2.5 2 2.5 M15.5 15l2-2.5 2 2.5',
  edit: 'M4 20h4L19 9l-4-4L4 16z M13 7l4 4',
  video: 'M3 7h12v10H3z M15 10.5l6-3.5v10l-6-3.5',
  queue: 'M5 6h14 M5 12h14 M5 18h9 M3 6h0 M3 12h0 M3 18h0',
  gallery: 'M4 4h7v7H4z M13 4h7v7h-7z M4 13h7v7H4z M13 13h7v7h-7z',
  bell: 'M6 16v-5a6 6 0 1 1 12 0v5l1.5 2h-15z M10 20h4',
  close: 'M6 6l12 12 M18 6L6 18',
  keyboard: 'M3 7h18v10H3z M6 10h1 M9 10h1 M12 10h1 M15 10h1 M18 10h0 M7 14h10',
  settings:
    'M12 9a3 3 0 1 0 0.01 0 M12 3v2 M12 19v2 M3 12h2 M19 12h2 M5.6 5.6l1.4 1.4 M17 17l1.4 1.4 M5.6 18.4L7 17 M17 7l1.4-1.4'
} satisfies Record<string, string>

export type IconName = keyof typeof paths

export function Icon({ name, size = 20 }: { name: IconName; size?: number }): ReactElement {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  )
}
