import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { gallery } from '@shared/i18n/locales/en/gallery'
import type { ImportSkip } from '@shared/schemas/imports'
import { useProfilesStore } from '../../store/profiles'
import { importedWords } from './imports/words'

/** What the last bulk action did, kept as figures so the words follow a change of language. */
export type GalleryNotice =
  | { type: 'deleted'; deleted: number; filesRemoved: number; filesKept: number }
  | { type: 'board'; how: 'add' | 'remove'; changed: number; board: string }
  /** Files picked, dropped or pasted: how many came in, and each one left out with why. */
  | { type: 'imported'; added: number; skipped: ImportSkip[]; notSent: number }
  /** A board shared with a team location after its dialog was closed. */
  | { type: 'shared'; board: string; location: string }
  /** Stars given (0: taken off) from the keyboard. */
  | { type: 'rated'; images: number; rating: number }

export function noticeText(t: TFunction, notice: GalleryNotice): string {
  if (notice.type === 'imported') return importedWords(t, notice)
  if (notice.type === 'shared')
    return t('gallery.team.sharedNotice', { board: notice.board, location: notice.location })
  if (notice.type === 'rated') {
    const images = t('gallery.count.images', { count: notice.images })
    return notice.rating === 0
      ? t('gallery.notices.unrated', { images })
      : t('gallery.notices.rated', { images, stars: t('gallery.marks.stars', { count: notice.rating }) })
  }
  if (notice.type === 'deleted') {
    const values = {
      images: t('gallery.count.images', { count: notice.deleted }),
      files: t('gallery.count.files', { count: notice.filesRemoved }),
      kept: t('gallery.count.files', { count: notice.filesKept })
    }
    return notice.filesKept > 0
      ? t('gallery.notices.deletedKept', values)
      : t('gallery.notices.deleted', values)
  }
  const values = { images: t('gallery.count.images', { count: notice.changed }), board: notice.board }
  if (notice.how === 'remove') return t('gallery.notices.removed', values)
  return notice.changed > 0 ? t('gallery.notices.added', values) : t('gallery.notices.alreadyOn', values)
}

/**
 * A gateway's name on this screen: the built-in demo's in the current language (the backend names it, and a
 * removed one, in English), any other as its owner named it, and one no longer among the profiles as
 * "Removed gateway". Before the profiles are known, the name the backend recorded.
 */
export function useGatewayName(): (profileId: string, recorded: string | null | undefined) => string {
  const { t } = useTranslation()
  const profiles = useProfilesStore((state) => state.profiles)
  return (profileId, recorded) => {
    const profile = profiles.find((p) => p.id === profileId)
    if (profile) return profile.kind === 'demo' ? t('gateways.demoName') : profile.name
    return profiles.length === 0 && recorded ? recorded : t('gallery.detail.removedGateway')
  }
}

/** How the model bills, as the detail's pill says it. */
export const billedWords = (t: TFunction, unit: string): string =>
  unit === 'token' || unit === 'image'
    ? t(`gallery.detail.billed.${unit}`)
    : t('gallery.detail.billed.other', { unit })

/** A job's stored status in words; a status this catalog does not know yet reads as stored. */
export function jobStatusWords(t: TFunction, status: string): string {
  // Keys in camel case: i18next reads what follows an underscore as a context.
  const key = status.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())
  return Object.hasOwn(gallery.jobStatus, key)
    ? t(`gallery.jobStatus.${key as keyof typeof gallery.jobStatus}`)
    : status.replace('_', ' ')
}
