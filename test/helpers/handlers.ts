import type { CommandHandlers } from '../../src/main/contract/dispatch'
import { commandNames } from '../../src/shared/contract'

/** Every command answered by a handler that fails loudly, except those a test provides. */
export function stubHandlers(overrides: Partial<CommandHandlers>): CommandHandlers {
  const all = Object.fromEntries(
    commandNames.map((name) => [
      name,
      () => {
        throw new Error(`${name} is not stubbed in this test`)
      }
    ])
  )
  return { ...all, ...overrides } as CommandHandlers
}
