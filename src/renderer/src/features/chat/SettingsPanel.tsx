import type { TFunction } from 'i18next'
import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import {
  DEFAULT_MAX_TOKENS,
  TEMPERATURE_MAX,
  ToolDefinition,
  type ChatSettings,
  type ChatSettingsPatch,
  type ChatStyle
} from '@shared/schemas/chat'
import { z } from 'zod'
import { Field } from '../../ui/Field'
import { Presets } from './Presets'
import { styleLabel } from './words'

const ToolList = z.array(ToolDefinition).max(32)

function toolsText(settings: ChatSettings): string {
  return settings.tools.length > 0 ? JSON.stringify(settings.tools, null, 2) : ''
}

/**
 * Reads the tools field: empty is no tools; otherwise a JSON list of {name, description?, parameters?}.
 * A refusal is said in the current language around the schema check's own reason, which stays as it came.
 */
export function parseTools(text: string, t: TFunction): { tools: ChatSettings['tools'] } | { error: string } {
  if (text.trim() === '') return { tools: [] }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { error: t('chat.settings.toolsNotJson') }
  }
  const parsed = ToolList.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const reason = issue?.message ?? t('chat.settings.notToolList')
    return {
      error:
        issue && issue.path.length > 0
          ? t('chat.settings.toolsAt', { path: issue.path.join('.'), reason })
          : t('chat.settings.toolsInvalid', { reason })
    }
  }
  return { tools: parsed.data }
}

function numberOrNull(text: string): number | null {
  if (text.trim() === '') return null
  const n = Number(text)
  return Number.isFinite(n) ? n : Number.NaN
}

/**
 * A conversation's system prompt and the settings its style allows. Fields commit when they lose focus
 * (or at once for switches), so typing never sends an update per key.
 */
export function SettingsPanel({
  style,
  systemPrompt,
  settings,
  onSystemPrompt,
  onSettings
}: {
  style: ChatStyle
  systemPrompt: string
  settings: ChatSettings
  onSystemPrompt: (value: string) => void
  onSettings: (patch: ChatSettingsPatch) => void
}): ReactElement {
  const { t } = useTranslation()
  const [prompt, setPrompt] = useState(systemPrompt)
  const [temperature, setTemperature] = useState(settings.temperature?.toString() ?? '')
  const [maxTokens, setMaxTokens] = useState(settings.maxTokens?.toString() ?? '')
  const [tools, setTools] = useState(toolsText(settings))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const maxTemperature = TEMPERATURE_MAX[style]

  const fail = (field: string, message: string | null): boolean => {
    setErrors((current) => {
      const next = { ...current }
      if (message) next[field] = message
      else delete next[field]
      return next
    })
    return message === null
  }

  const commitTemperature = (): void => {
    const value = numberOrNull(temperature)
    if (value !== null && (Number.isNaN(value) || value < 0 || value > maxTemperature)) {
      fail(
        'temperature',
        t('chat.settings.temperatureRange', { style: styleLabel(t, style), max: maxTemperature })
      )
      return
    }
    if (fail('temperature', null) && value !== settings.temperature) onSettings({ temperature: value })
  }

  const commitMaxTokens = (): void => {
    const value = numberOrNull(maxTokens)
    if (value !== null && (!Number.isInteger(value) || value < 1)) {
      fail('maxTokens', t('chat.settings.maxTokensWhole'))
      return
    }
    if (fail('maxTokens', null) && value !== settings.maxTokens) onSettings({ maxTokens: value })
  }

  const commitTools = (): void => {
    const parsed = parseTools(tools, t)
    if ('error' in parsed) {
      fail('tools', parsed.error)
      return
    }
    if (fail('tools', null) && JSON.stringify(parsed.tools) !== JSON.stringify(settings.tools)) {
      onSettings({ tools: parsed.tools })
    }
  }

  return (
    <section className="chat-settings" aria-label={t('chat.settings.label')}>
      <Presets
        systemPrompt={prompt}
        onPick={(text) => {
          setPrompt(text)
          if (text !== systemPrompt) onSystemPrompt(text)
        }}
      />
      <Field label={t('chat.settings.systemPrompt')}>
        <textarea
          rows={3}
          value={prompt}
          placeholder={t('chat.settings.systemPromptPlaceholder')}
          onChange={(event) => setPrompt(event.target.value)}
          onBlur={() => prompt !== systemPrompt && onSystemPrompt(prompt)}
        />
      </Field>
      <div className="field-row">
        <Field label={t('chat.settings.temperature')} error={errors['temperature']}>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            max={maxTemperature}
            step={0.1}
            value={temperature}
            placeholder={t('chat.settings.modelDefault')}
            onChange={(event) => setTemperature(event.target.value)}
            onBlur={commitTemperature}
          />
        </Field>
        <Field
          label={style === 'messages' ? t('chat.settings.maxTokensRequired') : t('chat.settings.maxTokens')}
          error={errors['maxTokens']}
        >
          <input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={maxTokens}
            placeholder={style === 'messages' ? `${DEFAULT_MAX_TOKENS}` : t('chat.settings.modelDefault')}
            onChange={(event) => setMaxTokens(event.target.value)}
            onBlur={commitMaxTokens}
          />
        </Field>
        <label className="check chat-stream-toggle">
          <input
            type="checkbox"
            checked={settings.stream}
            onChange={(event) => onSettings({ stream: event.target.checked })}
          />
          {t('chat.settings.stream')}
        </label>
      </div>
      <details className="advanced" open={settings.tools.length > 0 || undefined}>
        <summary>{t('chat.settings.tools')}</summary>
        <Field
          label={t('chat.settings.toolsJson')}
          hint={t('chat.settings.toolsNote')}
          error={errors['tools']}
          className="chat-tools"
        >
          <textarea
            rows={5}
            value={tools}
            spellCheck={false}
            placeholder={t('chat.settings.toolsPlaceholder')}
            onChange={(event) => setTools(event.target.value)}
            onBlur={commitTools}
          />
        </Field>
      </details>
    </section>
  )
}
