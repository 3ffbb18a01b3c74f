import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useRef, type ReactElement } from 'react'
import { MessageItem } from './MessageItem'

const NEAR_BOTTOM_PX = 96

/**
 * The conversation, virtualized: only the messages on screen (plus a few) are in the DOM, so a long
 * conversation scrolls as smoothly as a short one. Rows measure themselves, and the view follows a
 * growing reply while the person is at the bottom.
 */
export function MessageList({ ids, busy }: { ids: readonly string[]; busy: boolean }): ReactElement {
  const scroller = useRef<HTMLDivElement>(null)
  const stuck = useRef(true)
  // eslint-disable-next-line react-hooks/incompatible-library -- useVirtualizer returns functions that change identity without React knowing; this component re-renders on every virtualizer change anyway and passes nothing from it to memoised children.
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 160,
    overscan: 4,
    paddingEnd: 20,
    getItemKey: (index) => ids[index] ?? index
  })
  const total = virtualizer.getTotalSize()

  const onScroll = useCallback(() => {
    const el = scroller.current
    if (el) stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX
  }, [])

  // Opening a conversation, or a new message in it, brings the view to the end.
  useEffect(() => {
    stuck.current = true
    if (ids.length > 0) virtualizer.scrollToIndex(ids.length - 1, { align: 'end' })
  }, [ids.length, virtualizer])

  useLayoutEffect(() => {
    const el = scroller.current
    if (el && stuck.current) el.scrollTop = el.scrollHeight
  }, [total, ids.length])

  return (
    <div
      ref={scroller}
      className="message-scroller"
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      aria-busy={busy}
    >
      <div className="message-track" style={{ height: total }}>
        {virtualizer.getVirtualItems().map((row) => {
          const id = ids[row.index]
          if (!id) return null
          return (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className="message-row"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <MessageItem id={id} isLast={row.index === ids.length - 1} />
            </div>
          )
        })}
      </div>
    </div>
  )
}
