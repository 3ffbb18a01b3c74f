import type { z } from 'zod'
import { FIELD_NAME_PATTERN, JSON_PATH_PATTERN, TASK_PATH_PATTERN } from '../../shared/gateway/fieldNames'
import { say, type Said, type SentenceCode } from '../../shared/sentences'

/** The two advanced settings of a gateway the Settings screen sends as JSON. */
export type AdvancedSection = 'fieldNames' | 'extraFields'

/**
 * What is wrong with an advanced setting, in a designer's words: which entry (its dotted place,
 * e.g. `video.queryPath`) and what it should look like. zod's own message is never shown: it is English and
 * speaks of types. The kind of name a refused pattern wanted is read from the pattern itself.
 */
export function advancedProblem(section: AdvancedSection, issue: z.core.$ZodIssue | undefined): Said {
  // A key the object does not know is reported at the object: the place is that key.
  const at = issue
    ? [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])]
    : []
  const path = at.length > 0 ? at.map(String).join('.') : '—'
  return section === 'fieldNames'
    ? say(fieldNamesCode(issue), { path })
    : say(extraFieldsCode(issue), { path })
}

function fieldNamesCode(issue: z.core.$ZodIssue | undefined): SentenceCode {
  if (issue?.code === 'too_small') return 'fieldNameEmpty'
  if (issue?.code === 'invalid_format') {
    if (issue.pattern === String(TASK_PATH_PATTERN)) return 'fieldNameTaskPath'
    if (issue.pattern === String(JSON_PATH_PATTERN)) return 'fieldNameJsonPath'
    if (issue.pattern === String(FIELD_NAME_PATTERN)) return 'fieldNameForm'
  }
  return 'fieldNamesUnreadable'
}

function extraFieldsCode(issue: z.core.$ZodIssue | undefined): SentenceCode {
  // An endpoint the gateway's extras do not apply to is refused as a key the object does not know.
  if (issue?.code === 'unrecognized_keys') return 'extraFieldsEndpoint'
  if (issue?.code === 'invalid_key') return 'extraFieldsName'
  return 'extraFieldsUnreadable'
}
