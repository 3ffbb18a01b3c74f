import type { TFunction } from 'i18next'
import type { ImportSkip, ImportSkipReason } from '@shared/schemas/imports'

/** Why a file was left out, as a designer would say it ("already in the gallery"). */
export const reasonWords = (t: TFunction, reason: ImportSkipReason): string =>
  t(`gallery.imports.reasons.${reason}`)

/** One skipped file and why: "cat.png: already in the gallery". */
export const skippedWords = (t: TFunction, skip: ImportSkip): string =>
  t('gallery.imports.skippedFile', { name: skip.name, reason: reasonWords(t, skip.reason) })

/** What became of files picked, dropped or pasted: "12 images imported." / "10 imported, 2 skipped." */
export function importedWords(
  t: TFunction,
  outcome: { added: number; skipped: readonly ImportSkip[]; notSent: number }
): string {
  const { added, notSent } = outcome
  const skipped = outcome.skipped.length
  const sentences: string[] = []
  if (skipped === 0 && (added > 0 || notSent === 0))
    sentences.push(t('gallery.imports.done', { count: added }))
  else if (added === 0 && skipped > 0) sentences.push(t('gallery.imports.noneAdded', { count: skipped }))
  else if (skipped > 0) sentences.push(t('gallery.imports.doneSkipped', { added, skipped }))
  if (notSent > 0) sentences.push(t('gallery.imports.notSent', { count: notSent }))
  return sentences.join(t('ui.sentenceGap'))
}
