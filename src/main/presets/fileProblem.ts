import type { z } from 'zod'
import type { JsonPath } from '../../shared/json'
import { say, type Said } from '../../shared/sentences'

/**
 * What is wrong with a presets file, in a designer's words: which preset or style (by its name
 * when it has a usable one, else by its place in the file) and what about it. zod's own message is never
 * shown: it is English and speaks of types and paths. `json` is the parsed file the issue was found in.
 */
export function presetsFileProblem(json: unknown, issue: z.core.$ZodIssue | undefined): Said {
  if (!issue) return say('presetsFileInvalid')
  const [list, index, field] = issue.path
  if (issue.path.length === 1 && list === 'version' && isRecord(json))
    return say('presetsFileVersion', { version: String(json.version) })
  if ((list !== 'presets' && list !== 'styles') || typeof index !== 'number')
    return issue.code === 'too_big' && issue.path.length === 1
      ? say('presetsFileTooMany')
      : say('presetsFileInvalid')
  const item = isRecord(json) && Array.isArray(json[list]) ? (json[list] as unknown[])[index] : undefined
  const name = usableName(item)
  const number = index + 1
  if (field === 'name' || name === null)
    return say(list === 'presets' ? 'presetInFileNoName' : 'styleInFileNoName', { number })
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined
  if (list === 'presets') {
    if (unknown !== undefined) return say('presetInFileUnknown', { name, field: unknown })
    if (field === 'screen') return say('presetInFileScreen', { name })
    return say('presetInFileSettings', { name })
  }
  if (unknown !== undefined) return say('styleInFileUnknown', { name, field: unknown })
  if (issue.code === 'too_big') return say('styleInFileTooLong', { name })
  return say('styleInFileUnreadable', { name })
}

/**
 * A file nested deeper (or holding more) than any presets file could: said of the preset or style where it
 * happens, like any other problem of the file.
 */
export function presetsFileShapeProblem(json: unknown, path: JsonPath): Said {
  const [list, index] = path
  if ((list !== 'presets' && list !== 'styles') || typeof index !== 'number') return say('presetsFileInvalid')
  const item = isRecord(json) && Array.isArray(json[list]) ? (json[list] as unknown[])[index] : undefined
  const name = usableName(item)
  if (name === null)
    return say(list === 'presets' ? 'presetInFileNoName' : 'styleInFileNoName', { number: index + 1 })
  return say(list === 'presets' ? 'presetInFileSettings' : 'styleInFileUnreadable', { name })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The item's name as the designer wrote it, when it is one the file format takes. */
function usableName(item: unknown): string | null {
  if (!isRecord(item) || typeof item.name !== 'string') return null
  const name = item.name.trim()
  return name.length > 0 && name.length <= 80 ? name : null
}
