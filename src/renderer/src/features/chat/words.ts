import type { TFunction } from 'i18next'
import type { ChatStyle } from '@shared/schemas/chat'
import { useTranslation } from 'react-i18next'
import { useProfilesStore } from '../../store/profiles'
import { dateFormat, numberFormat } from '../../ui/intl'

/** A request style's name in the current language (the shared STYLE_LABELS are the backend's English). */
export const styleLabel = (t: TFunction, style: ChatStyle): string => t(`chat.styles.${style}`)

/** The usage rows `usageParts` names, as catalog keys; a row it may add later shows under its own name. */
const USAGE_KEYS = {
  Prompt: 'chat.usage.prompt',
  Completion: 'chat.usage.completion',
  Input: 'chat.usage.input',
  Output: 'chat.usage.output',
  Total: 'chat.usage.total',
  Cached: 'chat.usage.cached',
  'Cache write': 'chat.usage.cacheWrite',
  'Cache read': 'chat.usage.cacheRead',
  Reasoning: 'chat.usage.reasoning'
} as const

export const usageLabel = (t: TFunction, label: string): string =>
  label in USAGE_KEYS ? t(USAGE_KEYS[label as keyof typeof USAGE_KEYS]) : label

/**
 * The name a gateway goes by on this screen: the built-in demo's in the current language (the backend
 * records it in English), any other as its owner named it, and for a profile since deleted the name the
 * conversation recorded, or "a removed gateway".
 */
export function useGatewayName(profileId: string | undefined, recorded?: string | null): string {
  const { t } = useTranslation()
  const profile = useProfilesStore((state) => state.profiles.find((p) => p.id === profileId))
  if (profile?.kind === 'demo') return t('gateways.demoName')
  return profile?.name ?? recorded ?? t('chat.removedGateway')
}

/** Dates and times as the current language writes them: the time for today, else the day. */
export function when(ms: number, language: string): string {
  const date = new Date(ms)
  const now = new Date()
  if (date.toDateString() === now.toDateString())
    return dateFormat(language, { hour: '2-digit', minute: '2-digit' }).format(date)
  return dateFormat(language, {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {})
  }).format(date)
}

export const formatNumber = (value: number, language: string): string => numberFormat(language).format(value)
