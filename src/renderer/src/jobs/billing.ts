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
