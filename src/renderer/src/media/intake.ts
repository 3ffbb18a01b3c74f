import type { TFunction } from 'i18next'
import type { ApiClient } from '@shared/client'
import { IMPORT_MAX_BYTES, type LibraryImage } from '@shared/schemas/library'
import { currentT } from '../ui/words'
import { failureLine } from '../ui/errorWords'

/** What the studio takes from a drop, a paste or the file picker; the backend sniffs the bytes again. */
export const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const ACCEPT_ATTRIBUTE = ACCEPTED_TYPES.join(',')

/** The files of a drop or paste (or a picker's list). */
export function filesOf(data: DataTransfer | FileList | null | undefined): File[] {
  if (!data) return []
  if ('files' in data) return [...data.files]
  return [...data]
}

export function hasFiles(data: DataTransfer | null): boolean {
  return !!data && [...data.types].includes('Files')
}

/** The file as base64 (without the data: prefix), read by the browser rather than in script. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : ''
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsDataURL(file)
  })
}

/**
 * Imports files into the library one by one; what could not be imported is said per file, in the language
 * in use (the backend's reason for refusing one, as it came).
 */
export async function importFiles(
  api: ApiClient,
  files: readonly File[],
  purpose: 'image' | 'mask' = 'image',
  t: TFunction = currentT
): Promise<{ images: LibraryImage[]; errors: string[] }> {
  const images: LibraryImage[] = []
  const errors: string[] = []
  for (const file of files) {
    const name = file.name || t('media.intake.pasted')
    if (file.type && !(ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
      errors.push(t('media.intake.notImage', { name }))
      continue
    }
    if (file.size > IMPORT_MAX_BYTES) {
      errors.push(t('media.intake.tooLarge', { name, size: IMPORT_MAX_BYTES / 1024 / 1024 }))
      continue
    }
    let data: string
    try {
      data = await fileToBase64(file)
    } catch {
      errors.push(t('media.intake.unreadable', { name }))
      continue
    }
    const result = await api.call('library.import', { data, purpose })
    if (result.ok) images.push(result.value)
    else errors.push(t('media.intake.refused', { name, reason: failureLine(t, result.error) }))
  }
  return { images, errors }
}
