import type { Preset, PresetScreen, Style } from '@shared/schemas/presets'

type Handler = (input: unknown) => unknown

export const style = (name: string, prefix: string, suffix = ''): Style => ({
  id: `style-${name}`,
  name,
  prefix,
  suffix,
  updatedAt: 1
})

export const preset = (screen: PresetScreen, name: string, payload: Record<string, unknown>): Preset => ({
  id: `${screen}-${name}`,
  screen,
  name,
  payload,
  updatedAt: 1
})

/**
 * The presets and styles commands over lists kept in memory, as the backend keeps them: one name per screen
 * (regardless of case) unless replacing, listed per screen. `saved` is every save asked for, in order.
 */
export function presetBackend(initial: { presets?: Preset[]; styles?: Style[] } = {}): {
  handlers: Record<'presets.list' | 'presets.save' | 'presets.delete' | 'styles.list', Handler>
  presets: Preset[]
  saved: { screen: PresetScreen; name: string; payload: Record<string, unknown>; replace: boolean }[]
  listed: PresetScreen[]
} {
  const presets = [...(initial.presets ?? [])]
  const styles = [...(initial.styles ?? [])]
  const saved: { screen: PresetScreen; name: string; payload: Record<string, unknown>; replace: boolean }[] =
    []
  const listed: PresetScreen[] = []
  let next = 0
  return {
    presets,
    saved,
    listed,
    handlers: {
      'presets.list': (input) => {
        const { screen } = input as { screen: PresetScreen }
        listed.push(screen)
        return presets.filter((p) => p.screen === screen)
      },
      'styles.list': () => styles,
      'presets.save': (input) => {
        const asked = input as (typeof saved)[number]
        saved.push(asked)
        const same = presets.findIndex(
          (p) => p.screen === asked.screen && p.name.toLowerCase() === asked.name.toLowerCase()
        )
        if (same >= 0 && !asked.replace)
          throw Object.assign(new Error(`A preset named “${asked.name}” exists.`), {
            code: 'presets.preset_name_taken'
          })
        next += 1
        const made = { ...preset(asked.screen, asked.name, asked.payload), id: `saved-${next}` }
        if (same >= 0) presets.splice(same, 1, made)
        else presets.push(made)
        return made
      },
      'presets.delete': (input) => {
        const { id } = input as { id: string }
        const at = presets.findIndex((p) => p.id === id)
        if (at >= 0) presets.splice(at, 1)
        return { deleted: at >= 0 }
      }
    }
  }
}
