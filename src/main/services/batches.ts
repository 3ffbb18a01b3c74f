import { expandBatch, type BatchModel } from '../../shared/batches'
import type { ProfileExtras } from '../../shared/gateway/preflight'
import type { BatchIssue } from '../../shared/batches'
import { BatchSpec } from '../../shared/batches/spec'
import { batches as batchWords } from '../../shared/i18n/locales/en/batches'
import type { JobRequest } from '../../shared/schemas/jobs'
import type { BatchSheet, Verdict } from '../../shared/schemas/batches'
import type { JobGroupView } from '../../shared/schemas/jobGroups'
import { fill, say } from '../../shared/sentences'
import type { CommandHandlers } from '../contract/dispatch'
import { AppFailure } from '../contract/failure'
import type { JobEngine } from '../jobs/engine'
import type { JobGroups } from '../jobs/groups'

type BatchCommands = 'batches.submit' | 'batches.source' | 'batches.sheet' | 'results.setVerdict'

/**
 * Batches: the builder's spec expanded here again with the preview's own code (so what is sent is what
 * was shown, against the models the backend knows now), then made a group of jobs by the engine.
 */
export function createBatchHandlers(deps: {
  engine: JobEngine
  groups: JobGroups
  activeProfileId: () => string
  lookupModel: (profileId: string, modelId: string) => BatchModel | undefined
  profileExtras: (profileId: string) => ProfileExtras | undefined
  sheet: (group: JobGroupView) => BatchSheet
  setVerdicts: (ids: readonly string[], verdict: Verdict | null) => number
}): Pick<CommandHandlers, BatchCommands> {
  return {
    'batches.submit': ({ profileId, name, screen, spec, fileName, capMicros }) => {
      const profile = profileId ?? deps.activeProfileId()
      const expansion = expandBatch(spec, {
        lookupModel: (modelId) => deps.lookupModel(profile, modelId),
        profile: deps.profileExtras(profile)
      })
      const problem = expansion.issues[0]
      if (problem || expansion.summary.valid === 0) {
        // The preview shows the same issues in the designer's words; this names the first for anyone else.
        const first = problem ?? expansion.rows.find((row) => row.issues.length > 0)?.issues[0]
        const text = first ? ('message' in first ? first.message : issueInEnglish(first)) : ''
        throw new AppFailure('invalid_input', say('batchNothingToSend', { problem: text }))
      }
      const requests: JobRequest[] = []
      const rowOf: number[] = []
      const refused: number[] = []
      for (const row of expansion.rows) {
        if (row.request) {
          requests.push(row.request)
          rowOf.push(row.index)
        } else refused.push(row.index)
      }
      const { summary } = expansion
      const settings = {
        kind: 'batch',
        fileName,
        combine: spec.combine,
        models: summary.byModel.map(({ model, endpoint, jobs }) => ({ model, endpoint, jobs })),
        jobs: summary.jobs,
        images: summary.images
      }
      const made = deps.engine.submitBatch(
        profileId,
        { name, screen, settings, capMicros },
        { fileName, spec },
        requests
      )
      // A row the engine's own check refused (a catalog that changed between the two) is refused too.
      for (const index of made.refused) refused.push(rowOf[index] as number)
      return { group: made.group, sent: made.sent, refused: refused.sort((a, b) => a - b) }
    },
    'batches.source': ({ id }) => {
      const stored = deps.groups.source(id)
      const spec = BatchSpec.safeParse(stored?.spec)
      if (!stored || !spec.success) throw new AppFailure('not_found', say('groupGone'))
      return { fileName: stored.fileName, spec: spec.data }
    },
    'batches.sheet': ({ id }) => {
      const group = deps.groups.view(id)
      if (!group) throw new AppFailure('not_found', say('groupGone'))
      return deps.sheet(group)
    },
    'results.setVerdict': ({ ids, verdict }) => ({ changed: deps.setVerdicts(ids, verdict) })
  }
}

/** A batch issue in the English catalog's words (its values are flat strings and numbers, `issues.ts`). */
const issueInEnglish = (issue: BatchIssue): string => fill(batchWords.issues[issue.code], issue.values)
