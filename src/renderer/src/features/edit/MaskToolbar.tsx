import { useSyncExternalStore, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_BRUSH, MIN_BRUSH, type MaskEditor } from './MaskEditor'
import { fitView, zoomAt } from './MaskStage'
import { ModeSwitch } from './ModeSwitch'
import { useEditStore, type EditSource } from './store'
import { numberFormat } from '../../ui/intl'

/** Re-renders on every change of the editor's tool, size, history or raster. */
export function useEditorRevision(editor: MaskEditor | null): number {
  return useSyncExternalStore(
    (listener) => (editor ? editor.subscribeState(listener) : () => undefined),
    () => editor?.revision ?? 0
  )
}

/**
 * Painted area or whole image; then brush, eraser, size, history, whole-mask operations and overlay
 * opacity (only while painting), and zoom, with their shortcuts.
 */
export function MaskToolbar({ editor, source }: { editor: MaskEditor; source: EditSource }): ReactElement {
  const { t, i18n } = useTranslation()
  useEditorRevision(editor)
  const view = useEditStore((state) => state.view)
  const setView = useEditStore((state) => state.setView)
  const stage = useEditStore((state) => state.stage)
  const painting = useEditStore((state) => state.mode) === 'painted'
  const maxBrush = Math.min(MAX_BRUSH, Math.max(source.width, source.height))
  const zoomBy = (factor: number): void => {
    const current = view ?? fitView(stage, source)
    setView(zoomAt(current, factor, stage.width / 2, stage.height / 2))
  }
  const zoom = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(
    (view ?? fitView(stage, source)).zoom
  )
  return (
    <div className="mask-toolbar" role="toolbar" aria-label={t('edit.tools.label')}>
      <ModeSwitch />
      {painting && <PaintTools editor={editor} maxBrush={maxBrush} />}
      <div className="tool-group" role="group" aria-label={t('edit.tools.zoom')}>
        <button
          type="button"
          className="tool"
          aria-label={t('edit.tools.zoomOut')}
          onClick={() => zoomBy(1 / 1.25)}
        >
          −
        </button>
        <button
          type="button"
          className="tool tool-zoom"
          title={t('edit.tools.fitTitle')}
          onClick={() => setView(null)}
        >
          {view ? zoom : t('edit.tools.fit', { zoom })}
        </button>
        <button
          type="button"
          className="tool"
          aria-label={t('edit.tools.zoomIn')}
          onClick={() => zoomBy(1.25)}
        >
          +
        </button>
      </div>
    </div>
  )
}

/** What only painting needs: brush and eraser, size, history, whole-mask operations, overlay opacity. */
function PaintTools({ editor, maxBrush }: { editor: MaskEditor; maxBrush: number }): ReactElement {
  const { t } = useTranslation()
  const opacity = useEditStore((state) => state.overlayOpacity)
  const setOpacity = useEditStore((state) => state.setOverlayOpacity)
  return (
    <>
      <div className="tool-group" role="group" aria-label={t('edit.tools.tool')}>
        <button
          type="button"
          className="tool"
          aria-pressed={editor.tool === 'brush'}
          aria-keyshortcuts="B"
          title={t('edit.tools.brushTitle')}
          onClick={() => editor.setTool('brush')}
        >
          {t('edit.tools.brush')}
        </button>
        <button
          type="button"
          className="tool"
          aria-pressed={editor.tool === 'eraser'}
          aria-keyshortcuts="E"
          title={t('edit.tools.eraserTitle')}
          onClick={() => editor.setTool('eraser')}
        >
          {t('edit.tools.eraser')}
        </button>
      </div>
      <label className="tool-slider" title={t('edit.tools.sizeTitle')}>
        <span>{t('edit.tools.size')}</span>
        <input
          type="range"
          min={MIN_BRUSH}
          max={maxBrush}
          value={Math.min(editor.brushSize, maxBrush)}
          aria-label={t('edit.tools.brushSize')}
          aria-keyshortcuts="[ ]"
          onChange={(event) => editor.setBrushSize(Number(event.target.value))}
        />
        <output className="tool-value">{t('edit.tools.pixels', { size: editor.brushSize })}</output>
      </label>
      <div className="tool-group" role="group" aria-label={t('edit.tools.history')}>
        <button
          type="button"
          className="tool"
          disabled={!editor.canUndo}
          aria-keyshortcuts="Control+Z"
          title={t('edit.tools.undoTitle')}
          onClick={() => editor.undo()}
        >
          {t('edit.tools.undo')}
        </button>
        <button
          type="button"
          className="tool"
          disabled={!editor.canRedo}
          aria-keyshortcuts="Control+Shift+Z"
          title={t('edit.tools.redoTitle')}
          onClick={() => editor.redo()}
        >
          {t('edit.tools.redo')}
        </button>
      </div>
      <div className="tool-group" role="group" aria-label={t('edit.tools.mask')}>
        <button
          type="button"
          className="tool"
          title={t('edit.tools.invertTitle')}
          onClick={() => editor.invert()}
        >
          {t('edit.tools.invert')}
        </button>
        <button type="button" className="tool" disabled={editor.isEmpty()} onClick={() => editor.clear()}>
          {t('edit.tools.clear')}
        </button>
      </div>
      <label className="tool-slider" title={t('edit.tools.overlayTitle')}>
        <span>{t('edit.tools.overlay')}</span>
        <input
          type="range"
          min={0.1}
          max={1}
          step={0.05}
          value={opacity}
          aria-label={t('edit.tools.overlayOpacity')}
          onChange={(event) => setOpacity(Number(event.target.value))}
        />
      </label>
    </>
  )
}
