import type { TFunction } from 'i18next'
import { currentT } from '../ui/words'

/**
 * How a model says it bills, in words for the line under a model picker (Images, Edit). A unit the app
 * does not know is the gateway's own word, shown as it came.
 */
export function billingLabel(unit: string | null | undefined, t: TFunction = currentT): string {
  if (!unit) return t('ui.jobs.billing.unknown')
  if (unit === 'image') return t('ui.jobs.billing.image')
  if (unit === 'token') return t('ui.jobs.billing.token')
  return t('ui.jobs.billing.other', { unit })
}

/** The same as the end of a line of facts ("… · billed per image", "… · 按张计费"). */
export function billedLine(unit: string, t: TFunction = currentT): string {
  const words = billingLabel(unit, t)
  return words.charAt(0).toLowerCase() + words.slice(1)
}
