import { describe, expect, it, vi } from 'vitest'
import { createDispatcher, type CommandHandlers } from '../../../../src/main/contract/dispatch'
import { AppFailure } from '../../../../src/main/contract/failure'
import { stubHandlers } from '../../../helpers/handlers'

function handlers(overrides: Partial<CommandHandlers> = {}): CommandHandlers {
  return stubHandlers({
    'app.info': () => ({
      name: 'Gateway Studio',
      version: '1.0.0',
      dataDir: '/tmp',
      host: 'web',
      platform: 'linux'
    }),
    'app.openExternal': () => ({ opened: false, allowed: true }),
    'settings.get': () => ({ theme: 'system', notifyOnJobFinish: true, exportNameTemplate: '{date}' }),
    'settings.update': () => ({ theme: 'dark', notifyOnJobFinish: true, exportNameTemplate: '{date}' }),
    ...overrides
  })
}

describe('dispatcher', () => {
  it('refuses an unknown command by name, without calling anything [P3]', async () => {
    const dispatch = createDispatcher(handlers())
    const result = await dispatch('files.deleteEverything', {})
    expect(result).toEqual({
      ok: false,
      error: { code: 'unknown_command', message: 'Unknown command: files.deleteEverything' }
    })
  })

  it('refuses names that only exist on Object.prototype [P3]', async () => {
    const dispatch = createDispatcher(handlers())
    const result = await dispatch('constructor', {})
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe('unknown_command')
  })

  it('refuses invalid input with a message naming the field, and never reaches the handler [P3]', async () => {
    const update = vi.fn()
    const dispatch = createDispatcher(handlers({ 'settings.update': update }))
    const result = await dispatch('settings.update', { theme: 'purple' })
    expect(update).not.toHaveBeenCalled()
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input')
      expect(result.error.message).toMatch(/settings\.update/)
      expect(result.error.message).toMatch(/theme/)
    }
  })

  it('refuses unexpected extra fields (strict inputs) [P3]', async () => {
    const dispatch = createDispatcher(handlers())
    const result = await dispatch('settings.update', { theme: 'dark', isAdmin: true })
    expect(result.ok).toBe(false)
  })

  it('passes parsed input and returns the value', async () => {
    const update = vi.fn(() => ({
      theme: 'dark' as const,
      notifyOnJobFinish: false,
      exportNameTemplate: 'x'
    }))
    const dispatch = createDispatcher(handlers({ 'settings.update': update }))
    const result = await dispatch('settings.update', { theme: 'dark' })
    expect(update).toHaveBeenCalledWith({ theme: 'dark' })
    expect(result).toEqual({
      ok: true,
      value: { theme: 'dark', language: 'system', notifyOnJobFinish: false, exportNameTemplate: 'x' }
    })
  })

  it('maps AppFailure to its code and message', async () => {
    const dispatch = createDispatcher(
      handlers({
        'settings.get': () => {
          throw new AppFailure('not_found', 'No such profile')
        }
      })
    )
    expect(await dispatch('settings.get', {})).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No such profile' }
    })
  })

  it('hides internal exceptions behind a generic message and reports them', async () => {
    const onError = vi.fn()
    const dispatch = createDispatcher(
      handlers({
        'settings.get': () => {
          throw new Error('SQLITE_CORRUPT at /secret/path')
        }
      }),
      onError
    )
    const result = await dispatch('settings.get', {})
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('internal')
      expect(result.error.message).not.toMatch(/secret/)
    }
    expect(onError).toHaveBeenCalledOnce()
  })

  it('refuses a handler output that breaks the contract [P3]', async () => {
    const dispatch = createDispatcher(
      handlers({ 'settings.get': () => ({ theme: 42 }) as never }),
      () => undefined
    )
    const result = await dispatch('settings.get', {})
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe('invalid_output')
  })
})
