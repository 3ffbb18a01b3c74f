import { describe, expect, it } from 'vitest'
import { INPUT_LIMITS, JsonRefused, jsonShapeProblem, parseJson, readJson } from '../../../src/shared/json'

const nestedArrays = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth)
const nestedObjects = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

describe('bounded JSON [P3]', () => {
  it('measures 100,000 levels of nesting without overflowing, and says where it went too deep', () => {
    const reading = readJson(nestedObjects(100_000), INPUT_LIMITS)
    expect(reading.ok).toBe(false)
    if (reading.ok || reading.problem === 'syntax') throw new Error('expected a shape problem')
    expect(reading.problem.kind).toBe('too_deep')
    expect(reading.problem.path).toEqual(['a', 'a', 'a', 'a'])
    expect(() => parseJson(nestedArrays(100_000), INPUT_LIMITS)).toThrow(JsonRefused)
  })

  it('takes a value exactly at the depth limit and refuses one level more', () => {
    const limits = { maxDepth: 3, maxNodes: 100 }
    expect(jsonShapeProblem(JSON.parse(nestedArrays(3)), limits)).toBeNull()
    expect(jsonShapeProblem(JSON.parse(nestedArrays(4)), limits)).toMatchObject({ kind: 'too_deep' })
    expect(jsonShapeProblem('text', { maxDepth: 0, maxNodes: 1 })).toBeNull()
  })

  it('refuses more values than the limit, wide or long', () => {
    const wide = Object.fromEntries(Array.from({ length: 100_001 }, (_, i) => [`k${i}`, i]))
    expect(jsonShapeProblem(wide, { maxDepth: 4, maxNodes: 100_000 })).toMatchObject({ kind: 'too_many' })
    expect(jsonShapeProblem(wide, { maxDepth: 4, maxNodes: 100_002 })).toBeNull()
    expect(jsonShapeProblem(new Array(10).fill([1, 2]), { maxDepth: 4, maxNodes: 30 })).toMatchObject({
      kind: 'too_many'
    })
  })

  it('names the first item that breaks a limit by its place', () => {
    const value = {
      presets: [
        { name: 'ok', payload: {} },
        { name: 'deep', payload: { a: { b: { c: 1 } } } }
      ]
    }
    expect(jsonShapeProblem(value, { maxDepth: 5, maxNodes: 100 })).toEqual({
      kind: 'too_deep',
      path: ['presets', 1, 'payload', 'a'],
      limit: 5
    })
  })

  it('reads bad text as a syntax problem, never a throw', () => {
    expect(readJson('{', INPUT_LIMITS)).toEqual({ ok: false, problem: 'syntax' })
    expect(readJson('{"a":[1,2]}', INPUT_LIMITS)).toEqual({ ok: true, value: { a: [1, 2] } })
  })
})
