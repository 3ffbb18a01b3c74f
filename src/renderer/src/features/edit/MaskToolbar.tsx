/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useSyncExternalStore, type ReactElement } from 'react'
import { MAX_BRUSH, MIN_BRUSH, type MaskEditor } from './MaskEditor'
import { fitView, zoomAt } from './MaskStage'
import { useEditStore, type EditSource } from './store'

/** Re-renders on every change of the editor's tool, size, history or raster. */
export function useEditorRevision(editor: MaskEditor | null): number {
  return useSyncExternalStore(
    (listener) => (editor ? editor.subscribeState(listener) : () => undefined),
    () => editor?.revision ?? 0
  )
}

/** Brush, eraser, size, history, whole-mask operations, zoom and overlay opacity, with their shortcuts. */
export function MaskToolbar({ editor, source }: { editor: MaskEditor; source: EditSource }): ReactElement {
  useEditorRevision(editor)
  const view = useEditStore((state) => state.view)
  const setView = useEditStore((state) => state.setView)
  const opacity = useEditStore((state) => state.overlayOpacity)
  const setOpacity = useEditStore((state) => state.setOverlayOpacity)
  const stage = useEditStore((state) => state.stage)
  const maxBrush = Math.min(MAX_BRUSH, Math.max(source.width, source.height))
  const zoomBy = (factor: number): void => {
    const current = view ?? fitView(stage, source)
    setView(zoomAt(current, factor, stage.width / 2, stage.height / 2))
  }
  const zoomPercent = Math.round((view ?? fitView(stage, source)).zoom * 100)
  return (
    <div className="mask-toolbar" role="toolbar" aria-label="Mask tools">
      <div className="tool-group" role="group" aria-label="Tool">
        <button
          type="button"
          className="tool"
          aria-pressed={editor.tool === 'brush'}
          aria-keyshortcuts="B"
          title="Brush (B)"
          onClick={() => editor.setTool('brush')}
        >
          Brush
        </button>
        <button
          type="button"
          className="tool"
          aria-pressed={editor.tool === 'eraser'}
          aria-keyshortcuts="E"
          title="Eraser (E)"
          onClick={() => editor.setTool('eraser')}
        >
          Eraser
        </button>
      </div>
      <label className="tool-slider" title="Brush size ([ and ])">
        <span>Size</span>
        <input
          type="range"
          min={MIN_BRUSH}
          max={maxBrush}
          value={Math.min(editor.brushSize, maxBrush)}
          aria-label="Brush size"
          aria-keyshortcuts="[ ]"
          onChange={(event) => editor.setBrushSize(Number(event.target.value))}
        />
        <output className="tool-value">{editor.brushSize} px</output>
      </label>
      <div className="tool-group" role="group" aria-label="History">
        <button
          type="button"
          className="tool"
          disabled={!editor.canUndo}
          aria-keyshortcuts="Control+Z"
          title="Undo (Ctrl+Z)"
          onClick={() => editor.undo()}
        >
          Undo
        </button>
        <button
          type="button"
          className="tool"
          disabled={!editor.canRedo}
          aria-keyshortcuts="Control+Shift+Z"
          title="Redo (Ctrl+Shift+Z)"
          onClick={() => editor.redo()}
        >
          Redo
        </button>
      </div>
      <div className="tool-group" role="group" aria-label="Mask">
        <button
          type="button"
          className="tool"
          title="Swap painted and unpainted"
          onClick={() => editor.invert()}
        >
          Invert
        </button>
        <button type="button" className="tool" disabled={editor.isEmpty()} onClick={() => editor.clear()}>
          Clear
        </button>
      </div>
      <div className="tool-group" role="group" aria-label="Zoom">
        <button type="button" className="tool" aria-label="Zoom out" onClick={() => zoomBy(1 / 1.25)}>
          −
        </button>
        <button type="button" className="tool tool-zoom" title="Fit the image" onClick={() => setView(null)}>
          {view ? `${zoomPercent}%` : `Fit · ${zoomPercent}%`}
        </button>
        <button type="button" className="tool" aria-label="Zoom in" onClick={() => zoomBy(1.25)}>
          +
        </button>
      </div>
      <label className="tool-slider" title="How strongly the mask shows over the image">
        <span>Overlay</span>
        <input
          type="range"
          min={0.1}
          max={1}
          step={0.05}
          value={opacity}
          aria-label="Mask overlay opacity"
          onChange={(event) => setOpacity(Number(event.target.value))}
        />
      </label>
    </div>
  )
}
