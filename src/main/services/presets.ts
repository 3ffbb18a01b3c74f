import type { presetCommands } from '../../shared/contracts/presets'
import { readJson } from '../../shared/json'
import { PresetsFile } from '../../shared/schemas/presets'
import type { CommandHandlers } from '../contract/dispatch'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import { presetsFileProblem, presetsFileShapeProblem } from '../presets/fileProblem'
import { NameTaken, type PresetStore } from '../presets/store'

/** A file of 1,000 presets and 1,000 styles, each form nested a few levels, comes nowhere near (ours). */
const PRESETS_FILE_LIMITS = { maxDepth: 32, maxNodes: 5_000_000 }

const gone = (what: 'preset' | 'style'): AppFailure =>
  new AppFailure('not_found', say(what === 'preset' ? 'presetGone' : 'styleGone'))

/** Presets and styles: saved, listed, shared as a file and read back from one. */
export function createPresetHandlers({
  store
}: {
  store: PresetStore
}): Pick<CommandHandlers, keyof typeof presetCommands> {
  const named = <T>(write: () => T): T => {
    try {
      return write()
    } catch (error) {
      if (error instanceof NameTaken)
        throw new AppFailure(
          `presets.${error.what}_name_taken`,
          say(error.what === 'preset' ? 'presetNameTaken' : 'styleNameTaken', { name: error.taken })
        )
      throw error
    }
  }
  return {
    'presets.list': ({ screen }) => store.list(screen),
    'presets.save': ({ screen, name, payload, replace }) =>
      named(() => store.save(screen, name, payload, replace)),
    'presets.delete': ({ id }) => ({ deleted: store.deletePreset(id) }),
    'styles.list': () => store.styles(),
    'styles.save': (style) => {
      const saved = named(() => store.saveStyle(style))
      if (!saved) throw gone('style')
      return saved
    },
    'styles.delete': ({ id }) => ({ deleted: store.deleteStyle(id) }),
    'presets.export': () => ({ text: JSON.stringify(store.exportFile(), null, 2) }),
    'presets.import': ({ text }) => {
      const reading = readJson(text, PRESETS_FILE_LIMITS)
      if (!reading.ok) {
        if (reading.problem === 'syntax') throw new AppFailure('invalid_input', say('presetsNotJson'))
        const { code, values } = presetsFileShapeProblem(reading.value, reading.problem.path)
        throw new AppFailure('invalid_input', say(code, values))
      }
      const json = reading.value
      const file = PresetsFile.safeParse(json)
      if (!file.success) {
        const { code, values } = presetsFileProblem(json, file.error.issues[0])
        throw new AppFailure('invalid_input', say(code, values))
      }
      return store.importFile(file.data)
    }
  }
}
