import type { TFunction } from 'i18next'
import type { IssueView } from '@shared/gateway/errors'
import { endpointWords, listWords, lookupOf } from './words'

/** A pre-flight issue as the checks make it (`PreflightIssue`) or as it crossed the contract (`IssueView`). */
export type IssueLike = Pick<IssueView, 'message' | 'about' | 'notAccepted' | 'source' | 'profile'> & {
  rule?: string | undefined
  values?: Readonly<Record<string, string | number | readonly string[]>> | undefined
  supportedEndpoints?: readonly string[] | undefined
}

export interface IssueWordsOptions {
  /** How the bracket names a field, e.g. a form's label instead of the request's name for it. */
  fieldName?: (field: string) => string
  /** How a gateway profile is named, e.g. the demo gateway in the reader's language. */
  profileName?: (name: string) => string
}

/** Values joined as alternatives ("1K, 2K or 4K"); any other list is joined with "and". */
const ALTERNATIVES = new Set(['choices', 'tiers', 'formats'])

/** Stands in for a missing catalog entry, which no real text contains. */
const MISSING = '\u0000missing'

/**
 * A pre-flight issue in the reader's language, built from its rule code and values: the rule first, then
 * the field in brackets with the value it holds, and for a gateway profile's extra field where in Settings
 * to change it. An issue without a code, or with one the catalog lacks, keeps its English message. Field
 * names, values, model ids and formats are shown as they are.
 */
export function issueWords(t: TFunction, issue: IssueLike, options: IssueWordsOptions = {}): string {
  const lookup = lookupOf(t)
  const { rule, about } = issue
  if (!rule || !about) return issue.message
  const values: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(issue.values ?? {})) {
    values[name] =
      typeof value === 'object' ? listWords(t, value, ALTERNATIVES.has(name) ? 'or' : 'and') : value
  }
  if (rule === 'model_not_on_endpoint' || rule === 'model_lists_no_endpoints') {
    values['endpoint'] = endpointWords(t, String(issue.values?.['endpoint'] ?? ''))
    const names = [...new Set((issue.supportedEndpoints ?? []).map((path) => endpointWords(t, path)))]
    values['endpoints'] = listWords(t, names, 'and')
  }
  const ruleText = lookup(`errors.preflight.rules.${rule}`, { ...values, defaultValue: MISSING })
  if (ruleText === MISSING) return issue.message
  const field = options.fieldName?.(about.field) ?? about.field
  const value = about.value
  const bracket = value
    ? t('errors.preflight.aboutValue', {
        field,
        value: value.kind === 'text' ? value.text : t(`errors.preflight.shown.${value.kind}`)
      })
    : t('errors.preflight.about', { field })
  const sentence = t('errors.preflight.sentence', { rule: ruleText, about: bracket })
  if (issue.source !== 'profile' || !issue.profile) return sentence
  const { wireName, name } = issue.profile
  const where = name
    ? t('errors.preflight.where', { name: options.profileName?.(name) ?? name })
    : t('errors.preflight.whereUnnamed')
  if (issue.notAccepted) return t('errors.preflight.profileNotAccepted', { wire: wireName, where })
  return t('errors.preflight.profileSet', { issue: sentence.replace(/[.。]$/, ''), wire: wireName, where })
}

/** Several issues as one paragraph, in order. */
export const issuesWords = (
  t: TFunction,
  issues: readonly IssueLike[],
  options?: IssueWordsOptions
): string => issues.map((issue) => issueWords(t, issue, options)).join(t('ui.sentenceGap'))
