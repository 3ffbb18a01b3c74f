import { describe, expect, it } from 'vitest'
import {
  createListTable,
  parsePrompt,
  promptAt,
  type ParsedPrompt,
  type Template
} from '../../../../src/shared/batches/wildcards'

const template = (parsed: ParsedPrompt): Template => {
  if (!parsed.ok) throw new Error(`expected a template, got ${JSON.stringify(parsed.issues)}`)
  return parsed.template
}

/** Every prompt a text makes, in order. */
function all(text: string, lists: Record<string, string[]> = {}): string[] {
  const t = template(parsePrompt(text, createListTable(lists), 1))
  return Array.from({ length: t.count }, (_, i) => promptAt(t, i))
}

const issuesOf = (text: string, lists: Record<string, string[]> = {}, line = 3): unknown => {
  const parsed = parsePrompt(text, createListTable(lists), line)
  return parsed.ok ? [] : parsed.issues
}

describe('braces', () => {
  it('expands one group into each alternative, in the order written', () => {
    expect(all('a {red|blue|green} car')).toEqual(['a red car', 'a blue car', 'a green car'])
  })

  it('combines several groups every way, the first varying slowest', () => {
    expect(all('{big|small} {cat|dog}')).toEqual(['big cat', 'big dog', 'small cat', 'small dog'])
  })

  it('keeps a prompt without wildcards as it is, one combination', () => {
    expect(all('a plain prompt, with commas')).toEqual(['a plain prompt, with commas'])
  })

  it('allows an empty alternative and tidies the spaces it leaves', () => {
    expect(all('a {|very }dark {cat|}')).toEqual(['a dark cat', 'a dark', 'a very dark cat', 'a very dark'])
  })

  it('accepts a single alternative', () => {
    expect(all('{red} car')).toEqual(['red car'])
  })
})

describe('escapes', () => {
  it('writes braces, bars and underscores themselves', () => {
    expect(all('\\{not a group\\} a\\|b \\_\\_name\\_\\_')).toEqual(['{not a group} a|b __name__'])
  })

  it('keeps a backslash before anything else, and a bar or } outside a group as text', () => {
    expect(all('C:\\path a|b c}')).toEqual(['C:\\path a|b c}'])
  })

  it('escapes inside a group', () => {
    expect(all('{a\\|b|c}')).toEqual(['a|b', 'c'])
  })
})

describe('lists', () => {
  it('replaces __name__ by each line of the list, trimmed, blank lines skipped', () => {
    expect(all('a __colour__ car', { colour: [' red ', '', 'blue'] })).toEqual(['a red car', 'a blue car'])
  })

  it('expands braces inside a list line', () => {
    expect(all('__animal__', { animal: ['cat', '{big|small} dog'] })).toEqual(['cat', 'big dog', 'small dog'])
  })

  it('expands a list inside a group', () => {
    expect(all('{__c__|plain}', { c: ['red', 'blue'] })).toEqual(['red', 'blue', 'plain'])
  })

  it('does not reach another list from a list line: __ is text there', () => {
    expect(all('__a__', { a: ['x __b__'], b: ['y'] })).toEqual(['x __b__'])
  })

  it('leaves __ that names no valid list as text', () => {
    expect(all('snake__case and __ alone and __has space__')).toEqual([
      'snake__case and __ alone and __has space__'
    ])
  })

  it('does not find lists on the object prototype', () => {
    expect(issuesOf('__constructor__')).toEqual([
      { code: 'unknown_list', values: { line: 3, name: 'constructor' } }
    ])
  })

  it('counts combinations without building them', () => {
    const lists = { n: Array.from({ length: 1000 }, (_, i) => `{a|b|c|d|e|f|g|h|i|j} ${i}`) }
    const t = template(parsePrompt('{1|2|3|4|5|6|7|8|9|10} __n__ {x|y} {p|q|r}', createListTable(lists), 1))
    expect(t.count).toBe(10 * 10_000 * 2 * 3)
    expect(promptAt(t, 0)).toBe('1 a 0 x p')
    expect(promptAt(t, t.count - 1)).toBe('10 j 999 y r')
    expect(promptAt(t, 6)).toBe('1 b 0 x p')
  })
})

describe('problems are issues of the line, never exceptions', () => {
  it('an unknown list', () => {
    expect(issuesOf('a __colour__ car')).toEqual([
      { code: 'unknown_list', values: { line: 3, name: 'colour' } }
    ])
  })

  it('an empty list', () => {
    expect(issuesOf('__c__', { c: ['', '  '] })).toEqual([
      { code: 'empty_list', values: { line: 3, name: 'c' } }
    ])
  })

  it('an unclosed brace, at its character', () => {
    expect(issuesOf('ab {red|blue')).toEqual([{ code: 'unclosed_brace', values: { line: 3, column: 4 } }])
  })

  it('a nested brace', () => {
    expect(issuesOf('{a|{b|c}}')).toEqual([{ code: 'nested_brace', values: { line: 3, column: 4 } }])
  })

  it('an empty alternative set', () => {
    expect(issuesOf('x {} y { | }')).toEqual([
      { code: 'empty_alternatives', values: { line: 3, column: 3 } },
      { code: 'empty_alternatives', values: { line: 3, column: 8 } }
    ])
  })

  it('a problem in a list line names the list and its line', () => {
    expect(issuesOf('__c__ and __c__', { c: ['ok', '', 'bad {x'] })).toEqual([
      { code: 'list_unclosed_brace', values: { line: 3, list: 'c', entry: 3, column: 5 } }
    ])
  })

  it('every problem of a prompt at once', () => {
    expect(issuesOf('{} __nope__ {a', {})).toEqual([
      { code: 'empty_alternatives', values: { line: 3, column: 1 } },
      { code: 'unclosed_brace', values: { line: 3, column: 13 } },
      { code: 'unknown_list', values: { line: 3, name: 'nope' } }
    ])
  })
})
