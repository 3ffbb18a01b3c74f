import type { TFunction } from 'i18next'
import type { GalleryDetail } from '@shared/schemas/gallery'
import { dateFormat } from '../ui/intl'
import { endpointWords, languageOf } from '../ui/words'

/** The request's fields said on their own lines above, left out of the parameters' line. */
const SAID = new Set(['prompt', 'model'])

/** The request's other fields as one line of JSON, or null when there are none. */
function parametersOf(params: unknown): string | null {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null
  const rest = Object.entries(params).filter(([key]) => !SAID.has(key))
  return rest.length > 0 ? JSON.stringify(Object.fromEntries(rest)) : null
}

/**
 * An image's story as readable text, for the clipboard beside its picture (which keeps no metadata): the
 * prompt on its own, then one "term: value" line per setting known, in the reader's language, then who
 * made it. Only what is known is said; an imported file says what its file carried.
 */
export function storyText(t: TFunction, detail: GalleryDetail): string {
  const imported = detail.imported ?? null
  const settings = imported?.settings ?? null
  const seed = detail.seed ?? settings?.seed ?? null
  const size = detail.width && detail.height ? `${detail.width} × ${detail.height}` : detail.sizeLabel
  const facts: [string, string | null | undefined][] = [
    [t('gallery.detail.revisedPrompt'), detail.revisedPrompt !== detail.prompt ? detail.revisedPrompt : null],
    [t('gallery.detail.negativePrompt'), settings?.negativePrompt],
    [t('gallery.detail.model'), detail.model],
    [t('gallery.detail.endpoint'), detail.endpoint ? endpointWords(t, detail.endpoint) : null],
    [t('gallery.detail.gateway'), imported ? null : detail.profileName],
    [t('gallery.detail.size'), size],
    [t('gallery.detail.seed'), seed === null ? null : String(seed)],
    [t('gallery.detail.steps'), settings?.steps?.toString()],
    [t('gallery.detail.guidance'), settings?.guidance?.toString()],
    [t('gallery.detail.sampler'), [settings?.sampler, settings?.scheduler].filter(Boolean).join(' · ')],
    [t('gallery.detail.allParameters'), parametersOf(detail.params)],
    [
      imported ? t('gallery.detail.imported') : t('gallery.detail.created'),
      dateFormat(languageOf(t), { dateStyle: 'medium', timeStyle: 'short' }).format(detail.createdAt)
    ],
    [t('gallery.detail.job'), imported ? null : detail.jobId]
  ]
  const lines = facts
    .filter((fact): fact is [string, string] => typeof fact[1] === 'string' && fact[1] !== '')
    .map(([label, value]) => t('gallery.exit.storyLine', { label, value }))
  const origin = imported
    ? t('gallery.detail.importedFrom', { file: imported.file })
    : t('gallery.detail.madeWith.gatewayStudio')
  return [...(detail.prompt ? [detail.prompt, ''] : []), ...lines, '', origin].join('\n')
}
