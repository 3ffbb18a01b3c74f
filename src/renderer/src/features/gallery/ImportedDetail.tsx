import type { TFunction } from 'i18next'
import { Fragment, useEffect, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { FileSettings, FileSettingsSource } from '@shared/schemas/fileSettings'
import type { GalleryDetail } from '@shared/schemas/gallery'
import { useConnection } from '../../store/app'
import { loadLocations } from './team/actions'
import { useTeamStore } from './team/store'

/** The catalog's key of each tool a file can say made it. */
const MADE_WITH = {
  'gateway-studio': 'gatewayStudio',
  comfyui: 'comfyui',
  invokeai: 'invokeai',
  a1111: 'a1111'
} as const satisfies Record<FileSettingsSource, string>

/** The settings a file says it was made with, as term and value; only what it said. */
function settingFacts(t: TFunction, settings: FileSettings): [string, string][] {
  const facts: [string, string | null][] = [
    [t('gallery.detail.model'), settings.model],
    [t('gallery.detail.seed'), settings.seed === null ? null : String(settings.seed)],
    [
      t('gallery.detail.size'),
      settings.width && settings.height ? `${settings.width} × ${settings.height}` : null
    ],
    [t('gallery.detail.steps'), settings.steps === null ? null : String(settings.steps)],
    [t('gallery.detail.guidance'), settings.guidance === null ? null : String(settings.guidance)],
    // A1111 names its noise schedule apart from the sampler; both describe one choice.
    [t('gallery.detail.sampler'), [settings.sampler, settings.scheduler].filter(Boolean).join(' · ') || null]
  ]
  return facts.filter((fact): fact is [string, string] => fact[1] !== null && fact[1] !== '')
}

/**
 * An image brought in from outside: the file it came from, the tool that made it and the settings its file
 * carried (prompt, negative prompt, model, seed, size, steps, CFG, sampler: only what it said), or that it
 * carried none.
 */
export function ImportedSettings({
  imported
}: {
  imported: NonNullable<GalleryDetail['imported']>
}): ReactElement {
  const { t } = useTranslation()
  const { settings } = imported
  const facts = settings ? settingFacts(t, settings) : []
  const said = !!settings && (!!settings.prompt || !!settings.negativePrompt || facts.length > 0)
  return (
    <section className="detail-section detail-imported" aria-label={t('gallery.detail.fileSettings')}>
      <h3>
        {settings
          ? t(`gallery.detail.madeWith.${MADE_WITH[settings.source]}`)
          : t('gallery.detail.fileSettings')}
      </h3>
      {/* A team image came from a teammate, not from a file (the panel says who under the picture). */}
      {!imported.team && (
        <p className="muted detail-file">{t('gallery.detail.importedFrom', { file: imported.file })}</p>
      )}
      {!said && <p>{t('gallery.detail.noSettings')}</p>}
      {settings?.prompt && (
        <>
          <h4>{t('gallery.detail.prompt')}</h4>
          <p className="detail-prompt">{settings.prompt}</p>
        </>
      )}
      {settings?.revisedPrompt && settings.revisedPrompt !== settings.prompt && (
        <>
          <h4>{t('gallery.detail.revisedPrompt')}</h4>
          <p className="detail-prompt muted">{settings.revisedPrompt}</p>
        </>
      )}
      {settings?.negativePrompt && (
        <>
          <h4>{t('gallery.detail.negativePrompt')}</h4>
          <p className="detail-prompt">{settings.negativePrompt}</p>
        </>
      )}
      {facts.length > 0 && (
        <dl className="facts detail-facts">
          {facts.map(([term, value]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </section>
  )
}

/**
 * An image a team sync brought in: who shared it, and through which location when this computer still
 * has it saved (the list is read once if the gallery has not read it yet).
 */
export function TeamOrigin({
  team
}: {
  team: NonNullable<NonNullable<GalleryDetail['imported']>['team']>
}): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const listed = useTeamStore((s) => s.locations !== null)
  const location = useTeamStore((s) => s.locations?.find((l) => l.id === team.locationId)?.name)
  useEffect(() => {
    if (!listed) void loadLocations(api)
  }, [api, listed])
  return (
    <p className="detail-team">
      {location === undefined
        ? t('gallery.team.from', { author: team.author })
        : t('gallery.team.fromVia', { author: team.author, location })}
    </p>
  )
}

/** The file carries content credentials (C2PA): said, with why the app leaves the file as it is. */
export function CredentialsNote(): ReactElement {
  const { t } = useTranslation()
  return (
    <div className="detail-credentials" role="note">
      <p>
        <strong>{t('gallery.detail.credentials')}</strong>
      </p>
      <p className="muted">{t('gallery.detail.credentialsText')}</p>
    </div>
  )
}
