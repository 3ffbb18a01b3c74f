import type { TFunction } from 'i18next'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useConnection } from '../../../store/app'
import { syncWithTeam } from './actions'
import { TeamFailureNotice } from '../../../ui/TeamFailureNotice'
import { useTeamStore, type SyncSummary } from './store'

/**
 * What a sync did, in a designer's words: new images first, else whether anything moved at all; then the
 * images the team deleted, which left the gallery without anyone here asking.
 */
export function syncedWords(t: TFunction, summary: SyncSummary): string {
  const moved =
    summary.added > 0
      ? t('gallery.team.synced.added', { count: summary.added })
      : summary.pulled > 0
        ? t('gallery.team.synced.changes')
        : summary.pushed > 0
          ? t('gallery.team.synced.sent')
          : t('gallery.team.synced.upToDate')
  return summary.removed > 0
    ? `${moved} ${t('gallery.team.synced.removed', { count: summary.removed })}`
    : moved
}

/**
 * "Sync with team", beside the boards: each saved location in turn, then what came in (a live region, so
 * it is heard where it is seen). Shown only once a team location is saved; `small` beside the boards, full
 * size beside Import… in an empty gallery.
 */
export function SyncWithTeam({ small = true }: { small?: boolean } = {}): ReactElement | null {
  const { t } = useTranslation()
  const { api } = useConnection()
  const locations = useTeamStore((s) => s.locations)
  const syncing = useTeamStore((s) => s.syncing)
  const summary = useTeamStore((s) => s.summary)
  if (!locations || locations.length === 0) return null
  const status = syncing
    ? syncing.total > 1
      ? t('gallery.team.syncingOf', { location: syncing.name, at: syncing.at, total: syncing.total })
      : t('gallery.team.syncing', { location: syncing.name })
    : summary
      ? syncedWords(t, summary)
      : ''
  return (
    <div className="team-sync">
      <button
        type="button"
        className={small ? 'button small' : 'button'}
        // Not `disabled`: the focus stays on the button while it runs, and a second press does nothing.
        aria-disabled={syncing !== null}
        onClick={() => void syncWithTeam(api)}
      >
        {t('gallery.team.sync')}
      </button>
      <span className="team-sync-status" role="status">
        {status}
      </span>
    </div>
  )
}

/** The locations the last sync could not reach, each by name with our words for why. */
export function SyncFailures(): ReactElement | null {
  const { t } = useTranslation()
  const failures = useTeamStore((s) => s.failures)
  if (failures.length === 0) return null
  return (
    <div className="team-sync-failures">
      {failures.map((failure) => (
        <TeamFailureNotice
          key={failure.locationId}
          title={t('gallery.team.syncFailed', { location: failure.name })}
          error={failure.error}
        />
      ))}
      <button
        type="button"
        className="button small quiet"
        onClick={() => useTeamStore.setState({ failures: [] })}
      >
        {t('gallery.notices.ok')}
      </button>
    </div>
  )
}
