import { PresetNameTaken } from '../chat/repository'
import type { PresetRecord } from '../chat/rows'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import type { ChatHandlers, ChatScope } from './chatScope'

type PresetCommands = 'chat.presets' | 'chat.savePreset' | 'chat.deletePreset'

const presetView = (record: PresetRecord) => ({ ...record })

/** The system-prompt presets: list, save under a name used once, delete. */
export function presetHandlers({ repo }: ChatScope): Pick<ChatHandlers, PresetCommands> {
  return {
    'chat.presets': () => repo.listPresets().map(presetView),

    'chat.savePreset': ({ id, name, systemPrompt }) => {
      try {
        return presetView(repo.savePreset({ id, name, systemPrompt }))
      } catch (error) {
        if (error instanceof PresetNameTaken) {
          throw new AppFailure(
            'chat.preset_name_taken',
            say('chatPresetNameTaken', { name: error.presetName }),
            {
              field: 'name'
            }
          )
        }
        throw error
      }
    },

    'chat.deletePreset': ({ id }) => ({ deleted: repo.deletePreset(id) })
  }
}
