import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModelView } from '@shared/schemas/profiles'
import { endpointInfo, GEN_ENDPOINTS, referenceLimits } from '../../jobs/imageForm/form'
import { referenceCandidates } from '../../jobs/imageForm/referenceCandidates'
import { IconButton } from '../../ui/IconButton'
import { MediaThumb } from '../../ui/MediaThumb'
import { ReferenceOffer } from '../../ui/ReferenceOffer'
import { choiceKey, type Choice } from './plan'
import { useCompareStore } from './store'

/**
 * Whether a chosen model's endpoint takes none or fewer than `count` references: those get the offer. One
 * that takes only addresses says so in its own issue, as on the Images screen.
 */
const falls = (choice: Choice, count: number): boolean => referenceLimits(choice.endpoint).max < count

/**
 * The reference images every compared model gets ("Use as reference" on a result here), and for each
 * ticked model that takes none or fewer, the models that take them: one click puts one in its place (its
 * column keeps its place), or the references go. Nothing when there are no references.
 */
export function CompareReferences({
  models,
  unavailable,
  gateway
}: {
  models: readonly ModelView[]
  unavailable: ReadonlyMap<string, string>
  gateway: string
}): ReactElement | null {
  const { t } = useTranslation()
  const references = useCompareStore((state) => state.references)
  const chosen = useCompareStore((state) => state.chosen)
  if (references.length === 0) return null
  const store = useCompareStore.getState
  const count = references.length
  const hasMedia = references.some((ref) => ref.kind === 'media')
  const short = chosen.filter((choice) => falls(choice, count))
  const picked = new Set(chosen.map(choiceKey))
  const candidates = referenceCandidates(
    models.filter((model) => !unavailable.has(model.id)),
    count,
    hasMedia,
    (endpoint) => endpointInfo(endpoint, t).label,
    (model, endpoint) => picked.has(choiceKey({ model, endpoint }))
  )
  return (
    <section className="references compare-references" aria-labelledby="compare-references-title">
      <h3 id="compare-references-title" className="compare-references-title">
        {t('compare.references.title')}{' '}
        <span className="muted">{t('compare.references.hint', { count })}</span>
      </h3>
      <ul className="ref-list" aria-label={t('compare.references.title')}>
        {references.map((ref, index) => (
          <li key={ref.kind === 'url' ? ref.url : ref.mediaId} className={`ref ref-${ref.kind}`}>
            {ref.kind === 'media' && (
              <MediaThumb mediaId={ref.mediaId} alt={t('compare.references.image', { n: index + 1 })} />
            )}
            <IconButton
              icon="close"
              className="ref-remove"
              label={t('compare.references.remove', { n: index + 1 })}
              onClick={() => store().removeReference(index)}
            />
          </li>
        ))}
      </ul>
      {short.map((choice) => (
        <ReferenceOffer
          key={choiceKey(choice)}
          model={choice.model}
          max={referenceLimits(choice.endpoint).max}
          count={count}
          gateway={gateway}
          candidates={candidates}
          onSwitch={(candidate) => {
            const endpoint = GEN_ENDPOINTS.find((e) => e === candidate.endpoint)
            if (endpoint) store().swap(choice, { model: candidate.model.id, endpoint })
          }}
          onRemove={() => store().clearReferences()}
        />
      ))}
    </section>
  )
}
