import type { TFunction } from 'i18next'
import { currentT } from '../ui/words'

/** What a `<video>` reports when it cannot play (the browser's MediaError, or its absence). */
export interface MediaFailure {
  code: number
  message?: string | undefined
}

const MEDIA_ERR_ABORTED = 1
const MEDIA_ERR_NETWORK = 2
const MEDIA_ERR_DECODE = 3

/**
 * Why a stored video does not play, in words: an empty player said nothing. The browser's own
 * detail, when it gives one, follows in brackets as the browser wrote it.
 */
export function videoFailureWords(
  error: MediaFailure | null,
  mime: string | null,
  t: TFunction = currentT
): string {
  const detail = error?.message ? t('media.video.playerSays', { message: error.message }) : ''
  switch (error?.code) {
    case MEDIA_ERR_ABORTED:
      return t('media.video.aborted', { detail })
    case MEDIA_ERR_NETWORK:
      return t('media.video.network', { detail })
    case MEDIA_ERR_DECODE:
      return t('media.video.decode', { detail })
    default:
      return mime
        ? t('media.video.unsupported', { type: mime, detail })
        : t('media.video.unsupportedVideo', { detail })
  }
}

/** The same for an image in the full view. */
export const imageFailureWords = (t: TFunction = currentT): string => t('media.viewer.cannotShowWords')
