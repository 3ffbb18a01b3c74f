import type { TFunction } from 'i18next'
import { descriptorOf, type DescriptorKey } from '@shared/gateway/endpoints'
import { endpointWords as endpointName } from '../../ui/words'

/**
 * The words of the endpoint descriptors (src/shared/gateway/endpoints) in the current language. The
 * descriptors say them in English; the catalog (`images.endpoints`, `images.fields`) repeats that English
 * and translates it, under the endpoint's key where one endpoint says a field differently, else under the
 * field's key. A text the catalog lacks shows as the descriptor wrote it (a test fails on every one).
 */

/** The parts of a descriptor field people read, named as in the catalog. */
export type FieldPart =
  | 'label'
  | 'hint'
  | 'placeholder'
  | 'empty'
  | 'words'
  | 'required'
  | 'invalid'
  | 'whenHint'
  | 'whenPlaceholder'
  | 'text'

/** Option values shown as they are in every language: file formats and the answer encodings the API names. */
export const AS_IS_OPTIONS: ReadonlySet<string> = new Set(['png', 'jpeg', 'webp', 'url', 'b64_json'])

/** Whether a descriptor text has words to translate: values such as 2K, 16:9 or 1024x1024 have none. */
export const hasWords = (text: string): boolean => /\p{L}{2,}/u.test(text)

/** Where a field's text may be in the catalog: the endpoint's own words first, then the field key's. */
export const fieldKeys = (endpoint: string, key: string, part: string): string[] => [
  `images.endpoints.${endpoint}.fields.${key}.${part}`,
  `images.fields.${key}.${part}`
]

/** The catalog key of an option's words, or null for a value shown as it is. */
export const optionPart = (value: string): string | null =>
  AS_IS_OPTIONS.has(value) || !hasWords(value) ? null : `options.${value}`

/** `t` over keys built at run time (the descriptors' keys are data, not the catalog's type). */
type Lookup = (keys: string | string[], options: Record<string, unknown>) => string
const lookupOf = (t: TFunction): Lookup => t as unknown as Lookup

export interface FieldWords {
  /** A field's text; `english` is the descriptor's, shown when the catalog has none. */
  text(key: string, part: FieldPart, english: string, values?: Record<string, unknown>): string
  /** How a select names one of its values. */
  option(key: string, value: string): string
  /** How messages name a field: its `words`, else its label in lower case. */
  words(spec: { key: string; label: string; words?: string }): string
}

/** The descriptor words of one endpoint's form. */
export function fieldWords(t: TFunction, endpoint: string): FieldWords {
  const lookup = lookupOf(t)
  const text: FieldWords['text'] = (key, part, english, values = {}) =>
    hasWords(english) ? lookup(fieldKeys(endpoint, key, part), { ...values, defaultValue: english }) : english
  return {
    text,
    option: (key, value) => {
      const part = optionPart(value)
      return part ? lookup(fieldKeys(endpoint, key, part), { defaultValue: value }) : value
    },
    words: (spec) =>
      spec.words !== undefined
        ? text(spec.key, 'words', spec.words)
        : text(spec.key, 'label', spec.label).toLowerCase()
  }
}

/**
 * An endpoint's name (the one every screen calls it, ui/words), the line under it in the picker, and its
 * path (never translated).
 */
export function endpointWords(
  t: TFunction,
  endpoint: DescriptorKey
): { name: string; blurb: string; path: string } {
  const lookup = lookupOf(t)
  const descriptor = descriptorOf(endpoint)
  const blurb = descriptor.form?.blurb ?? ''
  return {
    name: endpointName(t, endpoint),
    blurb: blurb && lookup(`images.endpoints.${endpoint}.blurb`, { defaultValue: blurb }),
    path: descriptor.path
  }
}

/** Why an endpoint wants reference images as addresses only, or undefined when it takes library images. */
export function urlOnlyWords(t: TFunction, endpoint: DescriptorKey): string | undefined {
  const english = descriptorOf(endpoint).references?.urlOnly
  return english && lookupOf(t)(`images.endpoints.${endpoint}.urlOnly`, { defaultValue: english })
}

/** How messages name a request field that a form's `issueAliases` puts next to another field. */
export const aliasWords = (t: TFunction, wire: string, english: string): string =>
  lookupOf(t)(`images.issueAliases.${wire}`, { defaultValue: english })
