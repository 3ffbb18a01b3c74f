import { useEffect, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { LocationView, TeamCleanUpOutcome } from '@shared/schemas/locations'
import { formatBytes } from '../../media/facts'
import { useConnection } from '../../store/app'
import { Dialog } from '../../ui/Dialog'
import { ProgressBar } from '../../ui/ProgressBar'
import { TeamFailureNotice } from '../../ui/TeamFailureNotice'

type Phase =
  | { kind: 'ask' }
  | { kind: 'running' }
  | { kind: 'done'; outcome: TeamCleanUpOutcome }
  | { kind: 'failed'; error: AppError }

const KINDS = ['images', 'thumbnails', 'snapshots', 'reviewPages', 'unfinished'] as const

/** What Clean up removed, by kind, and what it kept although unused (too recent, or of unknown age). */
function Summary({ outcome }: { outcome: TeamCleanUpOutcome }): ReactElement {
  const { t } = useTranslation()
  const files = (count: number): string => t('gallery.count.files', { count })
  const { removed, kinds, kept } = outcome
  return (
    <>
      <p>
        {removed.files === 0
          ? t('settings.locations.cleanedUp.nothing')
          : t('settings.locations.cleanedUp.removed', {
              files: files(removed.files),
              size: formatBytes(removed.bytes, t)
            })}
      </p>
      {removed.files > 0 && (
        <ul aria-label={t('settings.locations.cleanedUp.kindsLabel')}>
          {KINDS.filter((kind) => kinds[kind].files > 0).map((kind) => (
            <li key={kind}>
              {t(`settings.locations.cleanedUp.kinds.${kind}`, {
                files: files(kinds[kind].files),
                size: formatBytes(kinds[kind].bytes, t)
              })}
            </li>
          ))}
        </ul>
      )}
      {kept.recent.files > 0 && (
        <p>{t('settings.locations.cleanedUp.recent', { count: kept.recent.files })}</p>
      )}
      {kept.undated.files > 0 && (
        <p>{t('settings.locations.cleanedUp.undated', { count: kept.undated.files })}</p>
      )}
      {kept.unread.files > 0 && (
        <p>{t('settings.locations.cleanedUp.unread', { count: kept.unread.files })}</p>
      )}
    </>
  )
}

/**
 * "Clean up…" of a team location: says in plain words what goes (files of images the team deleted, older
 * copies of the library's index, taken-down review pages, what cut-off uploads left), what stays, and
 * that it needs credentials that may delete; then runs it and says what it removed and what it kept.
 * Cancel has the focus while the question is open; Done takes it once the answer is shown. The dialog may
 * not be closed while it runs: the work goes on at the location either way, and its summary is what the
 * user waits for.
 */
export function CleanUpDialog({
  location,
  onClose
}: {
  location: LocationView
  onClose: () => void
}): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' })
  const done = useRef<HTMLButtonElement>(null)
  const running = phase.kind === 'running'

  useEffect(() => {
    if (phase.kind === 'done') done.current?.focus()
  }, [phase.kind])

  const run = async (): Promise<void> => {
    if (running) return
    setPhase({ kind: 'running' })
    const result = await api.call('team.cleanUp', { id: location.id })
    setPhase(result.ok ? { kind: 'done', outcome: result.value } : { kind: 'failed', error: result.error })
  }
  const close = (): void => {
    if (!running) onClose()
  }

  const name = location.name
  return (
    <Dialog
      alert
      className="narrow clean-up"
      title={t('settings.locations.confirmCleanUp.title', { name })}
      description={
        phase.kind === 'done' ? undefined : (
          <>
            <p>{t('settings.locations.confirmCleanUp.intro')}</p>
            <ul>
              <li>{t('settings.locations.confirmCleanUp.images')}</li>
              <li>{t('settings.locations.confirmCleanUp.snapshots')}</li>
              <li>{t('settings.locations.confirmCleanUp.reviewPages')}</li>
              <li>{t('settings.locations.confirmCleanUp.unfinished')}</li>
            </ul>
            <p>{t('settings.locations.confirmCleanUp.kept')}</p>
            <p>{t('settings.locations.confirmCleanUp.credentials')}</p>
          </>
        )
      }
      onClose={close}
    >
      <div className="clean-up-state" role="status" aria-busy={running}>
        {running && (
          <>
            <p>{t('settings.locations.confirmCleanUp.running', { name })}</p>
            <ProgressBar
              progress={{ type: 'indeterminate', label: t('settings.locations.confirmCleanUp.runningLabel') }}
              label={t('settings.locations.confirmCleanUp.runningLabel')}
            />
          </>
        )}
        {phase.kind === 'done' && <Summary outcome={phase.outcome} />}
      </div>
      {phase.kind === 'failed' && (
        <TeamFailureNotice
          title={t('settings.locations.confirmCleanUp.failed', { name })}
          error={phase.error}
        />
      )}
      <div className="dialog-actions">
        {phase.kind === 'done' ? (
          <button ref={done} type="button" className="button primary" onClick={onClose}>
            {t('settings.locations.confirmCleanUp.done')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button"
              onClick={close}
              aria-disabled={running || undefined}
              data-autofocus
            >
              {t('settings.locations.confirmCleanUp.keep')}
            </button>
            <button
              type="button"
              className="button danger"
              // Not `disabled`: the button keeps the keyboard's focus while Clean up runs.
              aria-disabled={running || undefined}
              onClick={() => void run()}
            >
              {phase.kind === 'failed'
                ? t('settings.locations.confirmCleanUp.again')
                : t('settings.locations.confirmCleanUp.confirm')}
            </button>
          </>
        )}
      </div>
    </Dialog>
  )
}
