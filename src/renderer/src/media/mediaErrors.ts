/** What a `<video>` reports when it cannot play (the browser's MediaError, or its absence). */
export interface MediaFailure {
  code: number
  message?: string | undefined
}

const MEDIA_ERR_ABORTED = 1
const MEDIA_ERR_NETWORK = 2
const MEDIA_ERR_DECODE = 3

/**
 * Why a stored video does not play, in words (issue 15): an empty player said nothing. The browser's own
 * detail, when it gives one, follows in brackets.
 */
export function videoFailureWords(error: MediaFailure | null, mime: string | null): string {
  const detail = error?.message ? ` (the player says: ${error.message})` : ''
  switch (error?.code) {
    case MEDIA_ERR_ABORTED:
      return `Loading the video was stopped before it could play${detail}.`
    case MEDIA_ERR_NETWORK:
      return `The video could not be read from the library${detail}. The file may have been moved or removed.`
    case MEDIA_ERR_DECODE:
      return `The file was read but could not be decoded: it is damaged, or encoded in a way this player does not read${detail}.`
    default:
      return `This player cannot open this file as ${mime ?? 'a video'}: it is damaged, or its format or codec is not supported here${detail}.`
  }
}

/** The same for an image in the full view. */
export const IMAGE_FAILURE_WORDS =
  'The image file could not be shown: it is damaged, or in a format this view cannot decode.'
