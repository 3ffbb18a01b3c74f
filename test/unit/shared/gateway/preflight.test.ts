import { describe, expect, it } from 'vitest'
import {
  checkModelEndpoint,
  modelSupports,
  preflightChatCompletion,
  preflightMessages,
  preflightResponses,
  type PreflightIssue
} from '../../../../src/shared/gateway/preflight'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)

describe('text endpoints pre-flight', () => {
  const messages = [{ role: 'user', content: 'hi' }]
  it('chat needs model and messages', () => {
    expect(preflightChatCompletion({ model: 'm', messages })).toEqual([])
    expect(fields(preflightChatCompletion({ model: '', messages }))).toEqual(['model'])
    expect(fields(preflightChatCompletion({ model: 'm', messages: [] }))).toEqual(['messages'])
    expect(fields(preflightChatCompletion({ model: 'm', messages: [{ content: 'x' }] }))).toEqual([
      'messages[0].role'
    ])
  })

  it('messages needs max_tokens ≥ 1', () => {
    expect(preflightMessages({ model: 'm', max_tokens: 1, messages })).toEqual([])
    expect(fields(preflightMessages({ model: 'm', max_tokens: 0, messages }))).toEqual(['max_tokens'])
    expect(fields(preflightMessages({ model: 'm', messages }))).toEqual(['max_tokens'])
  })

  it('responses needs input', () => {
    expect(preflightResponses({ model: 'm', input: 'hi' })).toEqual([])
    expect(preflightResponses({ model: 'm', input: [{ role: 'user', content: 'hi' }] })).toEqual([])
    expect(fields(preflightResponses({ model: 'm', input: '' }))).toEqual(['input'])
    expect(fields(preflightResponses({ model: 'm', input: [] }))).toEqual(['input'])
  })
})

describe('endpoint check', () => {
  const model = { id: 'img-1', supported_endpoints: ['/v3/images/generations', '/v1/images/generations'] }
  it('passes a listed endpoint, refuses another with the list it supports', () => {
    expect(checkModelEndpoint(model, 'imagesV3')).toEqual([])
    const issues = checkModelEndpoint(model, 'chatCompletions')
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({
      field: 'model',
      code: 'model_endpoint_mismatch',
      supportedEndpoints: ['/v3/images/generations', '/v1/images/generations']
    })
    expect(issues[0]?.message).toBe(
      'Pick a model offered on Chat completions: "img-1" is only on Per image and Compatible (model).'
    )
  })

  it("accepts the spec's images_generations_v3 spelling and a trailing slash", () => {
    expect(modelSupports(['images_generations_v3'], 'imagesV3')).toBe(true)
    expect(modelSupports(['/v1/messages/'], 'messages')).toBe(true)
    expect(modelSupports(['/v1/messages'], 'responses')).toBe(false)
  })

  it('an unknown model is left to the gateway', () => {
    expect(checkModelEndpoint(undefined, 'partnerA')).toEqual([])
  })
})
