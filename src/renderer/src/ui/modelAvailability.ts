import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useShallow } from 'zustand/react/shallow'
import type { JobView } from '@shared/schemas/jobs'
import { useJobsStore } from '../store/jobs'
import { selectActiveProfile, useProfilesStore } from '../store/profiles'
import { useNow } from './useNow'
import { dateFormat } from './intl'

/**
 * The listing does not say whether a model can be called right now; the gateway says it when asked, with
 * a 503 (unavailable) or a 403 (this key has no access). So the picker learns it from the last answers.
 */
export interface ModelAttempt {
  model: string
  at: number
  /** The failure's kind (`unavailable`, `permission`, …); null when the call went through. */
  failure: string | null
}

/** A 503 says "right now": after this long the model is offered again, as the gateway may be back. */
export const UNAVAILABLE_FOR_MS = 10 * 60_000

export type UnavailableReason = { kind: 'unavailable'; at: number } | { kind: 'permission' }

/**
 * The models the gateway last refused, from the newest answer per model: a later call that went through
 * clears an earlier refusal; an unavailable answer older than UNAVAILABLE_FOR_MS no longer counts.
 */
export function refusedModels(
  attempts: readonly ModelAttempt[],
  now: number
): Map<string, UnavailableReason> {
  const latest = new Map<string, ModelAttempt>()
  for (const attempt of attempts) {
    const known = latest.get(attempt.model)
    if (!known || known.at <= attempt.at) latest.set(attempt.model, attempt)
  }
  const out = new Map<string, UnavailableReason>()
  for (const [model, attempt] of latest) {
    if (attempt.failure === 'permission') out.set(model, { kind: 'permission' })
    if (attempt.failure === 'unavailable' && now - attempt.at < UNAVAILABLE_FOR_MS)
      out.set(model, { kind: 'unavailable', at: attempt.at })
  }
  return out
}

/** What a job says about its model: refused (and why), went through, or nothing yet. */
export function attemptOfJob(job: JobView): ModelAttempt | null {
  const at = job.finishedAt ?? job.updatedAt
  if (job.status === 'succeeded' || job.status === 'incomplete')
    return { model: job.model, at, failure: null }
  if (job.status !== 'failed' || !job.error) return null
  return { model: job.model, at, failure: job.error.view?.kind ?? job.error.code.replace(/^gateway\./, '') }
}

/**
 * The refusals as plain values (an unavailable answer's time, or `permission`), so that a store change
 * leaving them as they were compares equal and the pickers do not render again: a streamed group sends
 * an event per image, and a picker is among the costliest parts of a screen to render.
 */
function refusalsIn(
  byId: Record<string, JobView>,
  profileId: string | undefined,
  extra: readonly ModelAttempt[],
  now: number
): Map<string, number | 'permission'> {
  const attempts = Object.values(byId)
    .filter((job) => job.profileId === profileId)
    .flatMap((job) => attemptOfJob(job) ?? [])
  const out = new Map<string, number | 'permission'>()
  for (const [model, reason] of refusedModels([...attempts, ...extra], now))
    out.set(model, reason.kind === 'permission' ? 'permission' : reason.at)
  return out
}

/**
 * Why each model of the gateway in use cannot be picked right now, in the reader's words, from the jobs
 * the app knows of and any answers a screen adds (chat replies).
 */
export function useUnavailableModels(extra: readonly ModelAttempt[] = []): ReadonlyMap<string, string> {
  const { t, i18n } = useTranslation()
  const profileId = useProfilesStore(selectActiveProfile)?.id
  const now = useNow(false)
  const refusals = useJobsStore(useShallow((state) => refusalsIn(state.byId, profileId, extra, now)))
  return useMemo(() => {
    const time = dateFormat(i18n.language, { hour: '2-digit', minute: '2-digit' })
    const out = new Map<string, string>()
    for (const [model, at] of refusals)
      out.set(
        model,
        at === 'permission'
          ? t('ui.modelPicker.noAccess')
          : t('ui.modelPicker.unavailable', {
              time: time.format(at),
              until: time.format(at + UNAVAILABLE_FOR_MS)
            })
      )
    return out
  }, [refusals, t, i18n.language])
}
