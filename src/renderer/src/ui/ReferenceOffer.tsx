import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModelView } from '@shared/schemas/profiles'

export interface ReferenceCandidate {
  model: ModelView
  /** The screen's key of where it takes them (an endpoint), handed back on a switch. */
  endpoint: string
  /** How it takes them (the endpoint's name), when a model takes them on one endpoint of several. */
  via: string
  max: number
}

/**
 * Said where reference images arrived ("Use as reference") but the chosen model takes none, or fewer:
 * instead of "1 of 0" and an error, the models that take them, one click each to switch;
 * the prompt and the references stay. Or the references go and the model stays.
 */
export function ReferenceOffer({
  model,
  max,
  count,
  gateway,
  candidates,
  onSwitch,
  onRemove
}: {
  /** The chosen model's id. */
  model: string
  /** How many it takes (0: none). */
  max: number
  count: number
  gateway: string
  candidates: readonly ReferenceCandidate[]
  onSwitch: (candidate: ReferenceCandidate) => void
  onRemove: () => void
}): ReactElement {
  const { t } = useTranslation()
  // Compare shows one offer per model that falls short: each needs its own ids.
  const id = useId()
  return (
    <section className="reference-offer" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="reference-offer-title" role="status">
        {max === 0
          ? t('ui.referenceOffer.takesNone', { model, count })
          : t('ui.referenceOffer.takesFewer', { model, max, count })}
      </p>
      {candidates.length > 0 ? (
        <>
          <p className="reference-offer-hint">{t('ui.referenceOffer.switch')}</p>
          <ul className="reference-offer-list">
            {candidates.map((candidate) => (
              <li key={`${candidate.model.id} ${candidate.via}`}>
                <button
                  type="button"
                  className="button small"
                  aria-label={t('ui.referenceOffer.switchTo', { model: candidate.model.id })}
                  aria-describedby={`${id}-${candidate.model.id}-${candidate.endpoint}`}
                  onClick={() => onSwitch(candidate)}
                >
                  <span className="reference-offer-model">{candidate.model.id}</span>
                </button>
                <span
                  id={`${id}-${candidate.model.id}-${candidate.endpoint}`}
                  className="reference-offer-facts"
                >
                  {t('ui.referenceOffer.upTo', { count: candidate.max, via: candidate.via })}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="reference-offer-hint">{t('ui.referenceOffer.noneOnGateway', { gateway })}</p>
      )}
      <button type="button" className="button small" onClick={onRemove}>
        {t('ui.referenceOffer.remove', { count })}
      </button>
    </section>
  )
}
