import { useVirtualizer } from '@tanstack/react-virtual'
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement
} from 'react'
import { useTranslation } from 'react-i18next'
import { MessageItem } from './MessageItem'
import { estimateMessageHeight } from './messageHeight'
import { useChatStore } from './store'

/** Within this distance of the end the view counts as at the end: scrolling back there follows again. */
const NEAR_BOTTOM_PX = 48
/** A scroll this soon after a wheel, touch, key or scrollbar press is the person's, not ours. */
const INTENT_MS = 600
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home'])

/**
 * The conversation, virtualized: only the messages on screen (plus a few) are in the DOM, so a long
 * conversation scrolls as smoothly as a short one. Rows measure themselves.
 *
 * The view follows a growing reply to its very end unless the person scrolled up. Only the
 * person's own scrolling lets go: a scroll event caused by content growing, by a row being measured again
 * or by the virtualizer adjusting its offsets never does (that was how a fast reply sometimes ended with
 * the view hundreds of pixels above its last line). While following, every change of the content's or
 * the view's height brings the end into view again. Scrolled up, "Jump to latest" brings it back.
 */
export function MessageList({
  ids,
  earlier = 0,
  busy
}: {
  ids: readonly string[]
  /** Messages before `ids` not read yet: the rows' places in the conversation count them. */
  earlier?: number
  busy: boolean
}): ReactElement {
  const { t } = useTranslation()
  const scroller = useRef<HTMLDivElement>(null)
  const track = useRef<HTMLDivElement>(null)
  const following = useRef(true)
  const intentAt = useRef(0)
  const [detached, setDetached] = useState(false)
  // Guesses until a row is drawn and measured: read from the store as the virtualizer asks, not followed.
  const estimate = (index: number): number => {
    const id = ids[index]
    const message = id === undefined ? undefined : useChatStore.getState().messages[id]
    return estimateMessageHeight(message, scroller.current?.clientWidth ?? 0)
  }
  // eslint-disable-next-line react-hooks/incompatible-library -- useVirtualizer returns functions that change identity without React knowing; this component re-renders on every virtualizer change anyway and passes nothing from it to memoised children.
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: estimate,
    // Messages are tall (a reply is often taller than the view) and each costs a Markdown render: one
    // beyond each edge is enough, where four made every jump through a long conversation render ten.
    overscan: 1,
    paddingEnd: 20,
    getItemKey: (index) => ids[index] ?? index,
    // A conversation opens at its end: the first render is of its last messages, not of its first ones
    // (which the scroll to the end would throw away at once).
    initialOffset: () => ids.reduce((sum, _, index) => sum + estimate(index), 0),
    // Rendered as a normal update, not synchronously inside the scroll event: see `rows` below.
    useFlushSync: false
  })
  const total = virtualizer.getTotalSize()
  // While the person scrolls, the rows to show are a deferred value: the scroll is answered at once and
  // messages coming into view render in the background (interruptible, in slices), so a jump through a
  // long conversation never blocks a frame on several Markdown renders. Otherwise (a reply streaming in,
  // a conversation opening) the rows are the current ones.
  const current = virtualizer.getVirtualItems()
  const deferred = useDeferredValue(current)
  const rows = virtualizer.isScrolling ? deferred : current

  const toEnd = useCallback(() => {
    const el = scroller.current
    if (el) el.scrollTop = el.scrollHeight
  }, [])

  const follow = useCallback(
    (on: boolean) => {
      following.current = on
      setDetached(!on)
      if (on) toEnd()
    },
    [toEnd]
  )

  const intends = (): void => {
    intentAt.current = performance.now()
  }

  const onScroll = useCallback(() => {
    const el = scroller.current
    if (!el) return
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX
    if (atEnd) {
      if (!following.current) follow(true)
    } else if (following.current && performance.now() - intentAt.current < INTENT_MS) {
      follow(false)
    }
  }, [follow])

  // Opening a conversation, or a new message in it, brings the view to the end and follows again. Earlier
  // messages arriving above (the rest of a conversation shown by its last ones first) are neither.
  const lastId = ids.at(-1)
  useEffect(() => {
    if (lastId === undefined) return
    follow(true)
    virtualizer.scrollToIndex(ids.length - 1, { align: 'end' })
    const frame = requestAnimationFrame(() => following.current && toEnd())
    return () => cancelAnimationFrame(frame)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the last message on purpose: see above.
  }, [lastId, virtualizer, follow, toEnd])

  // Messages put in above the first one shown, while the person reads back: the view keeps showing what it
  // showed, moved down by the height they add, instead of jumping to the conversation's older part.
  const firstId = useRef(ids[0])
  useLayoutEffect(() => {
    const before = firstId.current
    firstId.current = ids[0]
    const el = scroller.current
    if (following.current || !el || before === undefined || before === ids[0]) return
    const at = ids.indexOf(before)
    const added = at > 0 ? virtualizer.measurementsCache[at]?.start : undefined
    if (added !== undefined) el.scrollTop += added
  }, [ids, virtualizer])

  useLayoutEffect(() => {
    if (following.current) toEnd()
  }, [total, ids.length, toEnd])

  // Any change of the content's height (a row measured again, the final Markdown of a reply) or of the
  // view's (the composer grows, the window is resized) keeps the end in view while following.
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (following.current) toEnd()
    })
    if (track.current) observer.observe(track.current)
    if (scroller.current) observer.observe(scroller.current)
    return () => observer.disconnect()
  }, [toEnd])

  return (
    <div className="message-pane">
      <div
        ref={scroller}
        className="message-scroller"
        onScroll={onScroll}
        onWheel={(event) => {
          intends()
          // Upwards is a clear wish to read back, even before the view moves.
          if (event.deltaY < 0 && following.current) follow(false)
        }}
        onTouchMove={intends}
        onKeyDown={(event) => {
          intends()
          if (UP_KEYS.has(event.key) && following.current) follow(false)
        }}
        onPointerDown={(event) => {
          // A press on the scroll bar itself (the scroller, not a message in it).
          if (event.target === event.currentTarget) intends()
        }}
        role="log"
        aria-label={t('chat.messages.label')}
        // A scrollable region is reachable from the keyboard (arrows and Page Up/Down scroll it).
        tabIndex={0}
        aria-busy={busy || earlier > 0}
        data-earlier={earlier}
      >
        <div ref={track} className="message-track" style={{ height: total }}>
          {rows.map((row) => {
            const id = ids[row.index]
            if (!id) return null
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                data-position={earlier + row.index + 1}
                className="message-row"
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <MessageItem id={id} isLast={row.index === ids.length - 1} busy={busy} />
              </div>
            )
          })}
        </div>
      </div>
      {detached && (
        <button type="button" className="button jump-latest" onClick={() => follow(true)}>
          {busy ? t('chat.messages.jumpBusy') : t('chat.messages.jump')}
        </button>
      )}
    </div>
  )
}
