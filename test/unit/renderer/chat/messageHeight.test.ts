import { describe, expect, it } from 'vitest'
import type { ChatMessageView } from '@shared/schemas/chat'
import { estimateMessageHeight } from '@renderer/features/chat/messageHeight'
import { message } from './harness'

const reply = (text: string, role: ChatMessageView['role'] = 'assistant'): ChatMessageView =>
  message({ id: `m-${role}-${text.length}`, role, text })

describe('a first guess at a message’s height', () => {
  it('grows with the text’s wrapped lines and its own line breaks, at the list’s width', () => {
    const short = estimateMessageHeight(reply('Hello.'), 900)
    const paragraph = estimateMessageHeight(reply('word '.repeat(200)), 900)
    const broken = estimateMessageHeight(reply('line\n'.repeat(30)), 900)
    expect(paragraph).toBeGreaterThan(short)
    // 1,000 characters at ~120 a line: about nine lines.
    expect(paragraph - short).toBeGreaterThanOrEqual(7 * 22)
    expect(paragraph - short).toBeLessThanOrEqual(10 * 22)
    // Thirty short lines are thirty lines, however wide the list.
    expect(broken - short).toBe(30 * 22)
  })

  it('wraps sooner in a narrow list and in a user’s bubble, and guesses for a message not loaded', () => {
    const answer = reply('word '.repeat(200))
    expect(estimateMessageHeight(answer, 400)).toBeGreaterThan(estimateMessageHeight(answer, 900))
    const asked = reply('word '.repeat(200), 'user')
    expect(estimateMessageHeight(asked, 900)).toBeGreaterThan(estimateMessageHeight(answer, 900))
    expect(estimateMessageHeight(undefined, 900)).toBe(160)
  })
})
