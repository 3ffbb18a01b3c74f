import { useRef, type KeyboardEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { MediaThumb } from '../../ui/MediaThumb'
import { useEditStore } from './store'

/**
 * The versions this edit went through, oldest first. Clicking one, or moving to it with the arrow keys,
 * makes it the image on the canvas again (with a fresh mask); one Tab stop for the whole strip.
 */
export function ChainStrip(): ReactElement | null {
  const { t } = useTranslation()
  const chain = useEditStore((state) => state.chain)
  const base = useEditStore((state) => state.base)
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  if (chain.length < 2) return null

  const go = (index: number): void => {
    if (index < 0 || index >= chain.length) return
    useEditStore.getState().stepTo(index)
    buttons.current[index]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? index - 1
        : event.key === 'ArrowRight' || event.key === 'ArrowDown'
          ? index + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? chain.length - 1
              : null
    if (next === null) return
    event.preventDefault()
    go(next)
  }

  return (
    <nav className="chain-strip" aria-label={t('edit.chain.label')}>
      <span className="chain-title" title={t('edit.chain.hint')}>
        {t('edit.chain.title')}
      </span>
      <ol className="chain-list">
        {chain.map((version, index) => {
          const name = index === 0 ? t('edit.chain.original') : t('edit.chain.edit', { number: index })
          const current = index === base
          return (
            <li key={`${version.mediaId}-${index}`}>
              <button
                ref={(element) => {
                  buttons.current[index] = element
                }}
                type="button"
                className={`chain-item ${current ? 'current' : ''}`}
                aria-current={current ? 'step' : undefined}
                aria-label={t('edit.chain.item', { name, number: index + 1, total: chain.length })}
                tabIndex={current ? 0 : -1}
                onClick={() => go(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <MediaThumb mediaId={version.mediaId} alt="" className="chain-thumb" />
                <span className="chain-name">{name}</span>
              </button>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
