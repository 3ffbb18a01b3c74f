import { useMemo, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { GalleryItem } from '@shared/schemas/gallery'
import { when } from './slots'
import { Stage, type StageFrame } from './Stage'

/** How many neighbours either side of the shown image the filmstrip holds. */
const REACH = 24

const frameOf = (item: GalleryItem): StageFrame => ({
  id: item.id,
  mediaId: item.mediaId,
  width: item.width,
  height: item.height,
  mime: null,
  alt: item.prompt
})

/**
 * A Gallery image on the stage, the filmstrip holding its loaded neighbours in grid order (a window that
 * follows as one pages on); beside it what a grid tile knows: size, date, prompt and model. The Gallery's
 * detail panel keeps the full record and the actions.
 */
export function GalleryStage({
  neighbours,
  currentId,
  onNavigate,
  onClose
}: {
  /** The loaded images around the current one, in grid order. */
  neighbours: GalleryItem[]
  currentId: string
  onNavigate: (id: string) => void
  onClose: () => void
}): ReactElement | null {
  const { t } = useTranslation()
  const frames = useMemo(() => neighbours.map(frameOf), [neighbours])
  const item = neighbours.find((candidate) => candidate.id === currentId)
  if (!item) return null
  const side = (
    <dl className="facts stage-facts">
      <dt>{t('media.viewer.size')}</dt>
      <dd>{item.width && item.height ? `${item.width}×${item.height}` : '—'}</dd>
      <dt>{t('media.viewer.created')}</dt>
      <dd>{when(item.createdAt, t)}</dd>
      <dt>{t('media.viewer.prompt')}</dt>
      <dd className="stage-prompt">{item.prompt}</dd>
      <dt>{t('media.viewer.model')}</dt>
      <dd>{item.model}</dd>
    </dl>
  )
  return (
    <Stage
      frames={frames}
      currentId={currentId}
      stripLabel={t('media.stage.neighbours')}
      onNavigate={onNavigate}
      onClose={onClose}
      side={side}
    />
  )
}

/** The loaded items within `REACH` of `index`, in order, read through `at` (the grid's own lookup). */
export function neighboursOf(
  at: (index: number) => GalleryItem | undefined,
  index: number,
  count: number
): GalleryItem[] {
  const out: GalleryItem[] = []
  for (let i = Math.max(0, index - REACH); i <= Math.min(count - 1, index + REACH); i++) {
    const item = at(i)
    if (item) out.push(item)
  }
  return out
}
