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
      platform: 'linux',
      userName: 'ana'
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
      value: {
        theme: 'dark',
        language: 'system',
        notifyOnJobFinish: false,
        exportNameTemplate: 'x',
        teamName: ''
      }
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

  it('refuses input nested 100,000 deep or 100,000 keys wide before any schema walks it [P3]', async () => {
    const save = vi.fn()
    const dispatch = createDispatcher(handlers({ 'presets.save': save }))
    const deep = JSON.parse('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)) as unknown
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]))
    for (const payload of [deep, { payload: deep }, { screen: 'images', name: 'x', payload: deep }]) {
      const result = await dispatch('presets.save', payload)
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    }
    const refusedWide = await dispatch('presets.save', { screen: 'images', name: 'x', payload: wide })
    expect(refusedWide).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    const stray = await dispatch('settings.update', wide)
    expect(stray).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    if (!stray.ok) expect(stray.error.message.length).toBeLessThan(600)
    expect(save).not.toHaveBeenCalled()
  })

  it('answers a result even when reading the input itself throws [P3]', async () => {
    const onError = vi.fn()
    const dispatch = createDispatcher(handlers(), onError)
    const hostile = Object.defineProperty({}, 'theme', {
      enumerable: true,
      get: () => {
        throw new RangeError('Maximum call stack size exceeded')
      }
    })
    await expect(dispatch('settings.update', hostile)).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal' }
    })
    expect(onError).toHaveBeenCalledOnce()
  })
})
