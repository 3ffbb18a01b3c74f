import type { ChatMessageView } from '@shared/schemas/chat'

/** A message's frame without its text: the role or model line, the actions and usage below, the gaps. */
const FRAME_PX = 76
/** One line of reply text (14 px at 1.55), and about how wide a character of it is. */
const LINE_PX = 22
const CHAR_PX = 7
/** A message's column is at most this wide; a user's own bubble at most this. */
const COLUMN_PX = 860
const BUBBLE_PX = 640

const lines = new WeakMap<ChatMessageView, { perLine: number; count: number }>()

/**
 * A first guess at a message's height before it is drawn, from its text at the list's width. The list
 * renders the rows its guesses put on screen and then measures them: a guess of a fixed 160 px for
 * replies four times as tall rendered (and parsed as Markdown) twice the messages a long conversation
 * needs when it opens. Counted once per message and width.
 */
export function estimateMessageHeight(message: ChatMessageView | undefined, listWidth: number): number {
  if (!message) return 160
  const width = Math.min(
    listWidth > 0 ? listWidth : COLUMN_PX,
    message.role === 'user' ? BUBBLE_PX : COLUMN_PX
  )
  const perLine = Math.max(16, Math.floor(width / CHAR_PX))
  let known = lines.get(message)
  if (known?.perLine !== perLine) {
    let count = 0
    let start = 0
    while (start <= message.text.length) {
      const end = message.text.indexOf('\n', start)
      const stop = end === -1 ? message.text.length : end
      count += Math.max(1, Math.ceil((stop - start) / perLine))
      start = stop + 1
    }
    known = { perLine, count }
    lines.set(message, known)
  }
  return FRAME_PX + known.count * LINE_PX
}
