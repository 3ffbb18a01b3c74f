import { useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { LinkStatus } from '../api/link'
import { useAppStore } from '../store/app'

const clock = (at: number): string =>
  new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })

function RetryCountdown({ retryAt }: { retryAt: number | null }): ReactElement | null {
  const { t } = useTranslation()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500)
    return () => clearInterval(timer)
  }, [])
  if (retryAt === null) return null
  const seconds = Math.ceil((retryAt - now) / 1000)
  return <span> {seconds > 0 ? t('connection.retryIn', { seconds }) : t('connection.retrying')}</span>
}

/**
 * The line at the top of the window while the backend cannot be reached: what happened and
 * since when, that actions wait, and a countdown to the next try (with "Try now"). That it is back is
 * said by a toast once the state has been read again (`shell/bridge.ts`).
 */
export function ConnectionBanner(): ReactElement | null {
  const link = useAppStore((state) => state.link)
  const connection = useAppStore((state) => state.connection)
  if (link.state === 'open') return null
  return <DownBanner link={link} onRetry={connection?.reconnectNow} />
}

function DownBanner({
  link,
  onRetry
}: {
  link: Exclude<LinkStatus, { state: 'open' }>
  onRetry: (() => void) | undefined
}): ReactElement {
  const { t } = useTranslation()
  return (
    <div className="link-banner link-down" role="alert">
      <div className="link-text">
        <p className="link-title">
          {link.state === 'refused'
            ? t('connection.refused')
            : t('connection.lostSince', { time: clock(link.since) })}
        </p>
        <p>
          {link.reason} {t('connection.paused')}
          {link.state === 'lost' && <RetryCountdown retryAt={link.retryAt} />}
        </p>
      </div>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('connection.tryNow')}
        </button>
      )}
    </div>
  )
}
