import type { TFunction } from 'i18next'
import { DESCRIPTORS } from '@shared/gateway/endpoints'
import { ENDPOINT_ALIASES, ENDPOINTS, endpointName, type EndpointKey } from '@shared/gateway/spec'
import { i18n } from '../i18n'
import { numberFormat } from './intl'

/**
 * Words every screen shares: the app's `t` for code that is not a component, lists joined the way the
 * language joins them, endpoints by the names designers know, and `t` over keys built at run time.
 */

/**
 * The app's `t` in its current language, for helpers called outside a component. A component passes its
 * own `t` (from `useTranslation`), which also re-renders it when the language changes.
 */
export const currentT: TFunction = i18n.t.bind(i18n)

/** `t` over a key built at run time (a rule code, an endpoint key): the catalog's type cannot check it. */
export type Lookup = (key: string | string[], options?: Record<string, unknown>) => string
export const lookupOf = (t: TFunction): Lookup => t as unknown as Lookup

const CJK = /[\u3000-\u9fff\uff00-\uffef]/

/** Two pieces of text side by side: a space between them unless both sides are Chinese characters. */
const beside = (left: string, right: string): string =>
  CJK.test(left.slice(-1)) && CJK.test(right.charAt(0)) ? `${left}${right}` : `${left} ${right}`

/**
 * "1K, 2K or 4K" / "1K、2K 或 4K" / "流式组图和图片编辑": the last two joined by the language's word, the rest by
 * its separator, with a space wherever Latin letters or digits meet a Chinese word.
 */
export function listWords(t: TFunction, items: readonly string[], join: 'or' | 'and'): string {
  if (items.length < 2) return items.join('')
  const rest = items.slice(0, -1).join(t('ui.list.separator'))
  const last = items[items.length - 1] ?? ''
  return beside(beside(rest, join === 'or' ? t('ui.list.or') : t('ui.list.and')), last)
}

/** The endpoint key of a path or another spelling of it, or undefined for a path no endpoint has. */
function endpointKeyOf(path: string): EndpointKey | undefined {
  const wanted = path.trim().replace(/(.)\/+$/, '$1')
  return (Object.keys(ENDPOINTS) as EndpointKey[]).find((key) => {
    const aliases: readonly string[] = key === 'models' ? [] : (ENDPOINT_ALIASES[key] ?? [])
    return ENDPOINTS[key] === wanted || aliases.includes(wanted)
  })
}

/**
 * An endpoint by the name designers know it ("Streaming groups", 流式组图), from its key or its path; a
 * path no endpoint has is shown as it is.
 */
export function endpointWords(t: TFunction, keyOrPath: string): string {
  const key = keyOrPath in ENDPOINTS ? (keyOrPath as EndpointKey) : endpointKeyOf(keyOrPath)
  if (!key) return keyOrPath
  // An image or video endpoint's words are with the rest of its descriptor's (`images.endpoints`).
  const words = key in DESCRIPTORS ? `images.endpoints.${key}.name` : `ui.endpoints.${key}`
  return lookupOf(t)(words, { defaultValue: endpointName(ENDPOINTS[key]) })
}

/** The BCP 47 tag of the language `t` speaks, for `Intl` (each catalog names its own). */
export const languageOf = (t: TFunction): string => t('ui.locale')

/** A number as the language `t` speaks writes it. */
export const numberWords = (t: TFunction, value: number, options?: Intl.NumberFormatOptions): string =>
  numberFormat(languageOf(t), options).format(value)
