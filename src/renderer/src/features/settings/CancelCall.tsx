import type { ReactElement } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { ProfileView } from '@shared/schemas/profiles'

/** The cancel call providers use for a video task; the spec shows none, so it is only ever opted into. */
export const PROVIDER_CANCEL = { method: 'DELETE', path: '/v1/videos/generations/tasks/{id}' } as const

/** Sets (or, with null, removes) `video.cancel` in the field names being edited; null if they do not read. */
export function withCancelCall(fieldMapText: string, cancel: typeof PROVIDER_CANCEL | null): string | null {
  try {
    const map = JSON.parse(fieldMapText) as Record<string, unknown>
    const video = { ...((map['video'] as Record<string, unknown> | undefined) ?? {}) }
    if (cancel) video['cancel'] = { ...cancel }
    else delete video['cancel']
    return JSON.stringify({ ...map, video }, null, 2)
  } catch {
    return null
  }
}

/**
 * What Cancel does on this gateway, documented where it is set: without a cancel call the app
 * can only stop following a task, which the gateway may still run and bill.
 */
export function CancelCall({
  profile,
  fieldMapText,
  onFieldMap
}: {
  profile: ProfileView
  fieldMapText: string
  onFieldMap: (text: string) => void
}): ReactElement {
  const saved = profile.fieldMap.video.cancel
  const { t } = useTranslation()
  const code = { code: <code /> }
  const apply = (cancel: typeof PROVIDER_CANCEL | null): void => {
    const next = withCancelCall(fieldMapText, cancel)
    if (next !== null) onFieldMap(next)
  }
  return (
    <section className="cancel-call" aria-labelledby={`cancel-call-${profile.id}`}>
      <h4 id={`cancel-call-${profile.id}`}>{t('cancelCall.title')}</h4>
      {saved ? (
        <p>
          <Trans
            i18nKey="cancelCall.set"
            values={{ call: `${saved.method} ${saved.path}` }}
            components={code}
          />
        </p>
      ) : (
        <p>{t('cancelCall.unset')}</p>
      )}
      <p className="muted">
        <Trans
          i18nKey="cancelCall.howTo"
          values={{ call: `${PROVIDER_CANCEL.method} …/tasks/{id}` }}
          components={code}
        />
      </p>
      <pre className="cancel-call-example">{JSON.stringify({ cancel: PROVIDER_CANCEL })}</pre>
      <p className="muted">
        <Trans i18nKey="cancelCall.idHint" components={code} />
      </p>
      <div className="cancel-call-actions">
        <button type="button" className="button" onClick={() => apply(PROVIDER_CANCEL)}>
          {t('cancelCall.fill')}
        </button>
        {(saved || fieldMapText.includes('"cancel"')) && (
          <button type="button" className="button quiet" onClick={() => apply(null)}>
            {t('cancelCall.remove')}
          </button>
        )}
      </div>
    </section>
  )
}
