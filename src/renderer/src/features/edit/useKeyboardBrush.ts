import { useEffect, useMemo, useReducer, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { KeyboardBrush, type BrushNews, type Point } from './keyboardBrush'
import type { MaskEditor } from './MaskEditor'
import { numberFormat } from '../../ui/intl'

/** A point as the live line says it: shares of the image's width and height ("40%, 62%"). */
function place(point: Point, editor: MaskEditor, t: TFunction, language: string): string {
  const percent = numberFormat(language, { style: 'percent', maximumFractionDigits: 0 })
  return t('edit.keyboard.at', {
    x: percent.format(point.x / editor.width),
    y: percent.format(point.y / editor.height)
  })
}

/** Whether the focus shows as the keyboard's (`:focus-visible`); a DOM without the selector counts it so. */
function keyboardFocus(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible')
  } catch {
    return true
  }
}

/** What the live line says after a key on the canvas. */
export function brushWords(news: BrushNews, editor: MaskEditor, t: TFunction, language: string): string {
  const at = (point: Point): string => place(point, editor, t, language)
  switch (news.kind) {
    case 'moved':
      if (news.stroking)
        return t(news.stroking === 'brush' ? 'edit.keyboard.painting' : 'edit.keyboard.erasing', {
          at: at(news.at)
        })
      return t(editor.tool === 'brush' ? 'edit.keyboard.moved' : 'edit.keyboard.movedEraser', {
        at: at(news.at)
      })
    case 'stroke': {
      const dab = news.from.x === news.to.x && news.from.y === news.to.y
      const brush = news.tool === 'brush'
      if (dab)
        return t(brush ? 'edit.keyboard.painted' : 'edit.keyboard.erased', {
          at: at(news.to),
          size: news.size
        })
      return t(brush ? 'edit.keyboard.paintedStroke' : 'edit.keyboard.erasedStroke', {
        from: at(news.from),
        to: at(news.to),
        size: news.size
      })
    }
    case 'tool':
    case 'size':
      return t(news.tool === 'brush' ? 'edit.keyboard.brush' : 'edit.keyboard.eraser', { size: news.size })
    case 'undo':
      return t(news.done ? 'edit.keyboard.undone' : 'edit.keyboard.nothingToUndo')
    case 'redo':
      return t(news.done ? 'edit.keyboard.redone' : 'edit.keyboard.nothingToRedo')
    case 'cancelled':
      return t('edit.keyboard.cancelled')
  }
}

export interface KeyboardBrushView {
  /** Where the keyboard's brush is, in image pixels. */
  cursor: Point
  /** Whether the keyboard is the one painting (its cursor and live line show). */
  active: boolean
  /** The live line: what the last key did. */
  news: string
  /** The mouse took over; its position becomes the keyboard's starting point. */
  pointerAt: (point: Point) => void
  handlers: {
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
    onKeyUp: (event: KeyboardEvent<HTMLElement>) => void
    onFocus: (event: FocusEvent<HTMLElement>) => void
    onBlur: () => void
  }
}

/** The focused canvas's keys, cursor and live line, for the mask stage. */
export function useKeyboardBrush(editor: MaskEditor): KeyboardBrushView {
  const { t, i18n } = useTranslation()
  const brush = useMemo(() => new KeyboardBrush(editor), [editor])
  const [, redraw] = useReducer((n: number) => n + 1, 0)
  const [active, setActive] = useState(false)
  const [news, setNews] = useState('')
  // A new image (or version) ends the stroke of the old one.
  useEffect(() => () => void brush.finish(), [brush])

  const say = (said: BrushNews): void => setNews(brushWords(said, editor, t, i18n.language))
  return {
    cursor: brush.cursor,
    active,
    news,
    pointerAt: (point) => {
      brush.moveTo(point)
      if (active) setActive(false)
    },
    handlers: {
      onKeyDown: (event) => {
        // Space on a canvas the mouse is painting stays the pan key; once the keyboard paints, it paints.
        if (!active && event.key === ' ') return
        const said = brush.keyDown(event)
        if (!said) return
        // Handled here: the screen's own key listener and the page (scrolling on Space) leave it alone.
        event.preventDefault()
        setActive(true)
        redraw()
        say(said)
      },
      onKeyUp: (event) => {
        const said = brush.keyUp(event.key)
        if (!said) return
        event.preventDefault()
        say(said)
      },
      onFocus: (event) => {
        // Focus from Tab (or moved there for the keyboard) shows the cursor; a click does not.
        if (!keyboardFocus(event.currentTarget)) return
        setActive(true)
        say({ kind: 'moved', at: brush.cursor, stroking: null })
      },
      onBlur: () => {
        const said = brush.finish()
        if (said) say(said)
        setActive(false)
      }
    }
  }
}
