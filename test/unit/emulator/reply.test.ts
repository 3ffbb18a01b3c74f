import { describe, expect, it } from 'vitest'
import { marker, markerNumbers, stripMarkers } from '../../../src/emulator/markers'
import { fragments, pieces, planReply, type Conversation } from '../../../src/emulator/text/reply'

const convo = (lastText: string, over: Partial<Conversation> = {}): Conversation => ({
  lastText,
  lastIsToolResult: false,
  images: 0,
  segments: [lastText],
  tools: [],
  ...over
})

describe('markers', () => {
  it('reads, lists and strips markers', () => {
    expect(marker('a [[tokens=12]] b', 'tokens')).toBe('12')
    expect(marker('a [[tool]]', 'tool')).toBe('')
    expect(marker('a', 'tool')).toBeUndefined()
    expect(markerNumbers('[[partial_fail=0,2,x]]', 'partial_fail')).toEqual([0, 2])
    expect(stripMarkers('  find  [[tool=search]] it ')).toBe('find it')
  })
})

describe('planReply', () => {
  it('splits into pieces whose concatenation is the text', () => {
    for (const text of ['', 'one', ' lead and  double  spaces ', 'tab\tand\nnewline ✓']) {
      expect(pieces(text).join('')).toBe(text)
    }
    expect(fragments('abcdefghij', 4).join('')).toBe('abcdefghij')
    expect(fragments('abcdefghij', 4)).toHaveLength(4)
  })

  it('is deterministic and echoes the prompt', () => {
    const a = planReply({ model: 'm', convo: convo('hello') })
    expect(a).toEqual(planReply({ model: 'm', convo: convo('hello') }))
    expect(a.pieces.join('')).toContain('"hello"')
    expect(a.outputTokens).toBe(a.pieces.length)
  })

  it('makes exactly N tokens on [[tokens=N]] and truncates at maxTokens', () => {
    expect(planReply({ model: 'm', convo: convo('[[tokens=25]]') }).pieces).toHaveLength(25)
    const cut = planReply({ model: 'm', convo: convo('[[tokens=25]]'), maxTokens: 10 })
    expect(cut.pieces).toHaveLength(10)
    expect(cut.truncated).toBe(true)
  })

  it('calls the named or the first tool only when tools are offered', () => {
    expect(planReply({ model: 'm', convo: convo('x [[tool]]') }).tool).toBeUndefined()
    const named = planReply({ model: 'm', convo: convo('x [[tool=b]]', { tools: ['a', 'b'] }) })
    expect(named.tool?.name).toBe('b')
    expect(planReply({ model: 'm', convo: convo('x [[tool=zz]]', { tools: ['a'] }) }).tool?.name).toBe('a')
  })

  it('prefers a scripted reply and mentions images and tool results', () => {
    expect(
      planReply({ model: 'm', convo: convo('[[tokens=3]]'), scripted: '<b>x</b> y' }).pieces.join('')
    ).toBe('<b>x</b> y')
    expect(planReply({ model: 'm', convo: convo('see', { images: 2 }) }).pieces.join('')).toContain(
      'received 2 images'
    )
    expect(
      planReply({ model: 'm', convo: convo('42', { lastIsToolResult: true }) }).pieces.join('')
    ).toContain('tool returned')
  })
})
