import type { TFunction } from 'i18next'
import { endpointWords, listWords } from '../../ui/words'
import type { SettingName, SettingsFrom, SettingsNotice } from './settingsDraft'

/** The catalog's key of each tool (its words say "a"/"an" and the name as the language needs). */
const TOOL = {
  job: 'gatewayStudio',
  'gateway-studio': 'gatewayStudio',
  comfyui: 'comfyui',
  invokeai: 'invokeai',
  a1111: 'a1111'
} as const satisfies Record<SettingsFrom, string>

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

const namesOf = (t: TFunction, names: readonly SettingName[]): string =>
  listWords(
    t,
    names.map((name) => t(`images.fromFile.fields.${name}`)),
    'and'
  )

/**
 * What "Use these settings" did, in the reader's language: what the form took from which tool, then each
 * thing it could not take and why ("Its model, sd_xl_base_1.0, is not one of this gateway's.").
 */
export function settingsNoticeText(t: TFunction, notice: SettingsNotice): string {
  if (notice.how === 'promptOnly')
    return notice.endpoint
      ? t('images.fromFile.promptOnly', { endpoint: endpointWords(t, notice.endpoint) })
      : t('images.fromFile.promptOnlyUnread')
  const sentences = [
    notice.taken.length > 0
      ? t(`images.fromFile.takenFrom.${TOOL[notice.from]}`, { what: capitalise(namesOf(t, notice.taken)) })
      : t('images.fromFile.nothingTaken')
  ]
  const noField: SettingName[] = []
  for (const left of notice.left) {
    if (left.why === 'unlisted') sentences.push(t('images.fromFile.modelUnlisted', { model: left.value }))
    else if (left.why === 'unchecked')
      sentences.push(t('images.fromFile.modelUnchecked', { model: left.value }))
    else if (left.why === 'notOffered')
      sentences.push(t('images.fromFile.sizeNotOffered', { size: `${left.width} × ${left.height}` }))
    else noField.push(left.name)
  }
  if (noField.length > 0) sentences.push(t('images.fromFile.noField', { what: namesOf(t, noField) }))
  return sentences.join(t('ui.sentenceGap'))
}
