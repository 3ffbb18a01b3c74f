import type { TFunction } from 'i18next'
import { isBatchIssue, type BatchIssue, type RowIssue } from '@shared/batches'
import { BatchSpec, MAX_BATCH_JOBS, type Combine, type PromptSource } from '@shared/batches/spec'
import type { JobRequest } from '@shared/schemas/jobs'
import type { PromptStyle } from '@shared/text'
import { issueWords } from '../../ui/issueWords'
import { endpointWords } from '../../ui/words'

/** How the builder's seed choice is set: none (the gateway picks), n variations, or a list typed. */
export type SeedChoice =
  { kind: 'none' } | { kind: 'variations'; count: string } | { kind: 'list'; text: string }

/** Everything the builder's controls hold, as typed; `specOf` turns it into what is sent. */
export interface BuilderState {
  source: { kind: 'lines'; text: string } | { kind: 'csv'; text: string; fileName: string }
  /** The file a `lines` source came from (a .txt), or null when typed. */
  linesFile: string | null
  models: readonly string[]
  seeds: SeedChoice
  sizes: string
  combine: Combine
}

export type SpecResult = { ok: true; spec: BatchSpec } | { ok: false; problem: 'badSeeds' | 'badVariations' }

const WHOLE = /^-?\d+$/

/**
 * The builder's state as a batch spec for the base request of the form, one base per model ticked, with the
 * form's style (if one is chosen) around every row's prompt.
 */
export function specOf(state: BuilderState, base: JobRequest, style: PromptStyle | null = null): SpecResult {
  let seeds: BatchSpec['seeds']
  if (state.seeds.kind === 'variations') {
    const count = state.seeds.count.trim()
    if (!WHOLE.test(count) || Number(count) < 1 || Number(count) > MAX_BATCH_JOBS)
      return { ok: false, problem: 'badVariations' }
    seeds = { kind: 'variations', count: Number(count) }
  } else if (state.seeds.kind === 'list') {
    const parts = state.seeds.text
      .split(/[,\s]+/)
      .map((part) => part.trim())
      .filter(Boolean)
    if (parts.length === 0 || !parts.every((part) => WHOLE.test(part) && Number.isSafeInteger(Number(part))))
      return { ok: false, problem: 'badSeeds' }
    seeds = { kind: 'list', seeds: parts.map(Number) }
  }
  const sizes = state.sizes
    .split(',')
    .map((size) => size.trim())
    .filter(Boolean)
  const prompts: PromptSource =
    state.source.kind === 'csv' ? { kind: 'csv', text: state.source.text } : state.source
  const parsed = BatchSpec.safeParse({
    bases: state.models.map((model) => ({ ...base, body: { ...base.body, model, prompt: '' } })),
    prompts,
    ...(seeds ? { seeds } : {}),
    ...(sizes.length > 0 ? { sizes } : {}),
    combine: state.combine,
    ...(style ? { style: { prefix: style.prefix, suffix: style.suffix } } : {})
  })
  // What the controls cannot make (a seed list too long, a size too long) reads as the control's problem.
  if (!parsed.success)
    return { ok: false, problem: state.seeds.kind === 'list' ? 'badSeeds' : 'badVariations' }
  return { ok: true, spec: parsed.data }
}

/** A batch issue in the reader's language: endpoint keys by their names, axes with their lengths. */
export function batchIssueWords(t: TFunction, issue: BatchIssue): string {
  const values: Record<string, string | number> = { ...(issue.values as Record<string, string | number>) }
  if (typeof values.endpoint === 'string') values.endpoint = endpointWords(t, values.endpoint)
  if (issue.code === 'rows_unequal') {
    values.first = t(`batches.axes.${issue.values.first}`, { count: issue.values.firstLength })
    values.second = t(`batches.axes.${issue.values.second}`, { count: issue.values.secondLength })
  }
  return t(`batches.issues.${issue.code}`, values)
}

/** A row's issue: a batch issue in its words, or a pre-flight issue with the line it is on. */
export function rowIssueWords(t: TFunction, issue: RowIssue, line: number | undefined): string {
  if (isBatchIssue(issue)) return batchIssueWords(t, issue)
  const words = issueWords(t, issue)
  return line === undefined ? words : t('batches.line', { line, issue: words })
}
