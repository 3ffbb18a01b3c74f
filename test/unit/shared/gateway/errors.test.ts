import { describe, expect, it } from 'vitest'
import { GatewayErrorView, toErrorView, type GatewayErrorInfo } from '../../../../src/shared/gateway/errors'

const http = (status: number, extra: Partial<GatewayErrorInfo> = {}): GatewayErrorInfo => ({
  reason: 'http',
  status,
  message: `server says ${status}`,
  ...extra
})

describe('error view [P36]', () => {
  it('a 401 says the gateway rejected this key, and why that can be, not that it was mistyped (issue 15)', () => {
    const view = toErrorView(http(401))
    expect(view.title).toBe('The gateway rejected this key')
    expect(view.message).toBe(
      'It may be wrong, revoked or disabled. Check it in Settings › Gateways; if it is right, ask the ' +
        'gateway owner whether it was revoked or disabled.'
    )
    expect(view.message).not.toMatch(/again/)
  })

  it.each([
    [http(401), 'auth', 're_enter_key'],
    [http(402), 'balance', 'check_balance'],
    [http(403, { code: 'insufficient_user_quota' }), 'balance', 'check_balance'],
    [http(429, { type: 'insufficient_quota' }), 'balance', 'check_balance'],
    [http(403), 'permission', 'check_permission'],
    [http(429), 'rate_limited', 'retry_later'],
    [http(503), 'unavailable', 'retry_later'],
    [http(503, { outcome: 'failed' }), 'unavailable', 'retry_later'],
    [http(503, { outcome: 'unknown' }), 'outcome_unknown', 'confirm_resend'],
    [http(500, { outcome: 'unknown' }), 'outcome_unknown', 'confirm_resend'],
    [http(500), 'server_error', 'retry_later'],
    [http(409, { outcome: 'failed' }), 'in_progress', 'none'],
    [http(400, { code: 'model_endpoint_mismatch' }), 'mismatch', 'pick_model'],
    [http(422), 'invalid', 'fix_input'],
    [{ reason: 'network', message: 'x', outcome: 'unknown' }, 'outcome_unknown', 'confirm_resend'],
    [{ reason: 'network', message: 'x', outcome: 'failed' }, 'network', 'retry_later'],
    [{ reason: 'timeout', message: 'x' }, 'timeout', 'retry_later'],
    [
      { reason: 'stream_incomplete', message: 'x', outcome: 'unknown' },
      'stream_incomplete',
      'confirm_resend'
    ],
    [{ reason: 'cancelled', message: 'x' }, 'cancelled', 'none'],
    [
      { reason: 'stream_error', message: 'Overloaded', type: 'overloaded_error' },
      'unavailable',
      'retry_later'
    ],
    [{ reason: 'stream_error', message: '?', code: 'Weird' }, 'unknown', 'none']
  ] as const)('%o → %s / %s', (info, kind, action) => {
    const view = toErrorView(info)
    expect(GatewayErrorView.parse(view)).toEqual(view)
    expect(view.kind).toBe(kind)
    expect(view.action).toBe(action)
  })

  it('says what happened: a server error after the request is not a broken connection [P17]', () => {
    expect(toErrorView(http(500, { outcome: 'unknown' })).message).toMatch(/server error \(HTTP 500\)/)
    expect(toErrorView(http(500, { outcome: 'unknown' })).message).not.toMatch(/connection broke/)
    const reset = toErrorView({ reason: 'network', message: 'x', outcome: 'unknown' })
    expect(reset.message).toMatch(/connection broke/)
    expect(toErrorView({ reason: 'timeout', message: 'x', outcome: 'unknown' }).message).toMatch(/in time/)
  })

  it('a definite 503 refusal says nothing was charged, and never asks to re-send [P17]', () => {
    const view = toErrorView(http(503, { outcome: 'failed', code: 'model_unavailable' }))
    expect(view.message).toMatch(/Nothing was charged/)
    expect(view.message).toMatch(/pick another model/)
    expect(view.message).not.toMatch(/charge twice/)
  })

  it('unknown errors keep the raw message', () => {
    const view = toErrorView(
      http(418, { message: 'I am a teapot', raw: '{"error":{"message":"I am a teapot"}}' })
    )
    expect(view.message).toBe('I am a teapot')
    expect(view.raw).toContain('teapot')
  })

  it('a local mismatch carries the supported endpoints', () => {
    const view = toErrorView({
      reason: 'preflight',
      message: 'no',
      code: 'model_endpoint_mismatch',
      supportedEndpoints: ['/v1/messages'],
      issues: [
        {
          field: 'model',
          message: 'Model "x" cannot…',
          rule: 'model_not_on_endpoint',
          about: { field: 'model' },
          code: 'model_endpoint_mismatch'
        }
      ]
    })
    expect(view).toMatchObject({
      kind: 'mismatch',
      action: 'pick_model',
      supportedEndpoints: ['/v1/messages']
    })
  })

  it('keeps the gateway’s own message as it came, apart from our words (issue 16)', () => {
    const view = toErrorView(http(402, { message: 'Insufficient balance (scripted)', raw: '{"error":{}}' }))
    expect(view).toMatchObject({ kind: 'balance', reason: 'http', said: 'Insufficient balance (scripted)' })
    expect(view.message).not.toContain('scripted')
    // Our own words are never passed off as the gateway's.
    expect(
      toErrorView({ reason: 'network', message: 'Could not connect (ECONNREFUSED).' }).said
    ).toBeUndefined()
    expect(
      toErrorView({ reason: 'preflight', message: 'Use a whole number (seed: x).' }).said
    ).toBeUndefined()
  })

  it('carries our pre-flight issues with their rule codes, so the renderer words them (issue 16)', () => {
    const issue = {
      field: 'count',
      message: 'Exactly 1 image per request (count: 2).',
      rule: 'exact_count' as const,
      values: { count: 1 },
      about: { field: 'count', value: { text: '2', kind: 'text' as const } }
    }
    const view = toErrorView({ reason: 'preflight', message: issue.message, issues: [issue] })
    expect(view.issues).toEqual([issue])
    expect(GatewayErrorView.parse(view)).toEqual(view)
    // A stored issue from before rules had codes, or with a rule this build does not know, still reads.
    const old = GatewayErrorView.parse({
      ...view,
      issues: [{ field: 'n', message: 'Old words.', rule: 'gone' }]
    })
    expect(old.issues).toEqual([{ field: 'n', message: 'Old words.' }])
  })
})
