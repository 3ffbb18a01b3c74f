import type { TFunction } from 'i18next'
import { z } from 'zod'
import { GatewayErrorView, IssueView } from '@shared/gateway/errors'
import type { AppError, ErrorWordsRef } from '@shared/result'
import type { JobError } from '@shared/schemas/jobs'
import { errors as englishErrors } from '@shared/i18n/locales/en/errors'
import { issuesWords, type IssueWordsOptions } from './issueWords'
import { lookupOf } from './words'

/** What a failure notice says: our words in the reader's language, and the gateway's own as they came. */
export interface ErrorWords {
  title: string
  /** What happened, in our words; null when the gateway's own text says it. */
  message: string | null
  /** What to do, when the message does not already say it. */
  hint: string | null
  /** The gateway's own message, as it came: never translated. */
  said: string | null
  /** Everything the gateway sent, when it says more than `said`. */
  raw: string | null
  /** The gateway's failure view, when the failure came from the gateway. */
  view: GatewayErrorView | null
}

/** Kinds whose message the backend replaced by the gateway's text or by our pre-flight's issues. */
const REPLACED: readonly GatewayErrorView['kind'][] = ['invalid', 'mismatch', 'unknown']

/** Job errors the app words itself when the gateway gave no view, by their code. */
const OWN_CODES = [
  'outcome_unknown',
  'deadline',
  'no_result',
  'stream_incomplete',
  'cancelled_in_flight'
] as const
const TASK_ENDED = ['failed', 'expired', 'cancelled'] as const

/** The library's verdicts on a result's file, stored as `download_<kind>`. */
const DOWNLOAD_KINDS = ['expired', 'rejected', 'transient', 'storage'] as const

const Issues = z.object({ issues: z.array(IssueView).min(1) })

const MISSING = '\u0000missing'

/** Which part of the trip broke when it is unknown whether the gateway ran the request (as the backend says it). */
function outcomeWords(t: TFunction, view: GatewayErrorView): string {
  if (view.reason === undefined) return view.message
  if (view.reason === 'http' && view.status !== undefined)
    return t('errors.outcome.http', { status: view.status })
  if (view.reason === 'timeout') return t('errors.outcome.timeout')
  if (view.reason === 'invalid_response') return t('errors.outcome.invalid_response')
  return t('errors.outcome.connection')
}

function fromView(t: TFunction, view: GatewayErrorView, options: IssueWordsOptions): ErrorWords {
  const lookup = lookupOf(t)
  const kind = view.kind
  const title = lookup(`errors.kinds.${kind}.title`, { defaultValue: view.title })
  const replaced = REPLACED.includes(kind)
  const issues = view.issues && view.issues.length > 0 ? view.issues : null
  // Views stored before `said` kept the gateway's text as their message, with the whole answer in `raw`.
  const said = view.said ?? (replaced && !issues && view.raw !== undefined ? view.message : null)
  let message: string | null
  if (issues) message = issuesWords(t, issues, options)
  else if (replaced)
    message = said === null ? view.message : kind === 'unknown' ? t('errors.kinds.unknown.message') : null
  else if (kind === 'outcome_unknown') message = outcomeWords(t, view)
  else message = lookup(`errors.kinds.${kind}.message`, { defaultValue: view.message })
  const hint = replaced && view.action !== 'none' ? t(`errors.actions.${view.action}`) : null
  const raw = view.raw !== undefined && view.raw !== said && view.raw !== message ? view.raw : null
  return { title, message, hint, said, raw, view }
}

/** A file the library could not keep: our words by verdict, its technical detail (if any) as written. */
function downloadWords(t: TFunction, error: AppError): ErrorWords | null {
  const kind = DOWNLOAD_KINDS.find((verdict) => error.code === `download_${verdict}`)
  if (!kind) return null
  const ours = t(`errors.codes.download.${kind}.message`)
  const plain = error.message === t(`errors.codes.download.${kind}.message`, { lng: 'en' })
  return {
    title: t(`errors.codes.download.${kind}.title`),
    message: plain ? ours : t('errors.codes.download.detail', { message: ours, detail: error.message }),
    hint: null,
    said: null,
    raw: null,
    view: null
  }
}

/**
 * The words of any failure: a gateway failure from its kind and action, our pre-flight issues from their
 * rule codes, the app's own job errors from their codes; anything else keeps its English message (a code
 * this build does not know, or words the backend wrote).
 */
export function errorWords(t: TFunction, error: AppError, options: IssueWordsOptions = {}): ErrorWords {
  const view = GatewayErrorView.safeParse(error.details)
  if (view.success) return fromView(t, view.data, options)
  const plain = { hint: null, said: null, raw: null, view: null }
  const issues = Issues.safeParse(error.details)
  if (issues.success)
    return {
      ...plain,
      title: t('errors.fallbackTitle'),
      message: issuesWords(t, issues.data.issues, options)
    }
  const download = downloadWords(t, error)
  if (download) return download
  const lookup = lookupOf(t)
  const said = error.words ? saidWords(t, error.words) : null
  if (said !== null) return { ...plain, title: t('errors.fallbackTitle'), message: said }
  if ((OWN_CODES as readonly string[]).includes(error.code)) {
    const message = lookup(`errors.codes.${error.code}.message`, { defaultValue: MISSING })
    // Only the words the app writes under that code; other words under it keep their English.
    const english = lookup(`errors.codes.${error.code}.message`, { lng: 'en' })
    if (message !== MISSING && english === error.message)
      return { ...plain, title: lookup(`errors.codes.${error.code}.title`), message }
  }
  const ended = TASK_ENDED.find((status) => error.code === status)
  if (ended && error.message === t(`errors.codes.taskEnded.${ended}`, { lng: 'en' }))
    return {
      ...plain,
      title: t('errors.codes.taskEnded.title'),
      message: t(`errors.codes.taskEnded.${ended}`)
    }
  const sentence = backendSentence(error.message)
  const message = sentence ? t(`errors.backend.${sentence}`) : error.message
  return { ...plain, title: t('errors.fallbackTitle'), message }
}

/**
 * A sentence the backend sent by its code (`errors.backend.<code>`), filled with its values; null for a
 * code this build does not know, whose English `message` is then shown as it came.
 */
function saidWords(t: TFunction, words: ErrorWordsRef): string | null {
  if (!Object.hasOwn(englishErrors.backend, words.code)) return null
  return lookupOf(t)(`errors.backend.${words.code}`, { ...words.values })
}

/**
 * Which of the backend's own sentences (errors.backend) a message is, by its exact English: failures
 * stored before the backend sent codes (a job's, a chat reply's) carry only the English.
 */
function backendSentence(message: string): keyof typeof englishErrors.backend | undefined {
  const keys = Object.keys(englishErrors.backend) as (keyof typeof englishErrors.backend)[]
  return keys.find((key) => englishErrors.backend[key] === message && !message.includes('{{'))
}

/** A job's, task's or result's stored failure as the contract's error, for `errorWords`. */
export const jobAppError = (error: JobError): AppError => ({
  code: error.code,
  message: error.message,
  ...(error.view ? { details: error.view } : {}),
  ...(error.words ? { words: error.words } : {})
})

/**
 * A failure on one line (a notice, a refusal beside a field): our words, then the gateway's own text
 * exactly as it came. Words the backend stored or sent without a code are shown as they came.
 */
export function failureLine(t: TFunction, error: AppError): string {
  const words = errorWords(t, error)
  const reason = words.message ?? t('errors.line.title', { title: words.title })
  return words.said === null ? reason : t('errors.line.said', { reason, said: words.said })
}

/** A job's, task's or result's stored failure on one line (see `failureLine`). */
export const errorLine = (t: TFunction, error: JobError): string => failureLine(t, jobAppError(error))
