import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { toErrorView, type GatewayErrorInfo } from '@shared/gateway/errors'
import { preflightJob } from '@shared/schemas/jobPreflight'
import { defaultFieldMap } from '@shared/gateway/fieldMap'
import type { AppError } from '@shared/result'
import { i18n } from '@renderer/i18n'
import { useProfilesStore } from '@renderer/store/profiles'
import { ErrorNotice } from '@renderer/ui/ErrorNotice'

/** A gateway failure as the backend sends it: `gateway.<kind>`, the view as details. */
function failure(info: GatewayErrorInfo): AppError {
  const view = toErrorView(info)
  return { code: `gateway.${view.kind}`, message: view.message, details: view }
}

const balance = failure({
  reason: 'http',
  status: 402,
  type: 'insufficient_quota',
  message: 'Insufficient balance (scripted)',
  raw: '{"error":{"type":"insufficient_quota","code":"insufficient_quota","message":"Insufficient balance (scripted)"}}'
})
const noStream = failure({
  reason: 'http',
  status: 400,
  code: 'stream_not_supported',
  message: 'Model "seedream-basic" does not support streaming',
  raw: '{"error":{"code":"stream_not_supported","message":"Model \\"seedream-basic\\" does not support streaming"}}'
})
const maybeRan = failure({ reason: 'http', status: 502, outcome: 'unknown', message: 'Bad gateway' })

const demo = {
  id: 'demo',
  kind: 'demo' as const,
  name: 'Demo gateway',
  baseUrl: 'http://127.0.0.1:1/t/demo',
  fieldMap: defaultFieldMap(),
  extraFields: {},
  active: true,
  hasKey: true,
  keyLast4: null,
  keyRemoved: null
}

/** What the backend answers when a job's pre-flight refuses a value of the profile's extra fields. */
function refusedBySettings(): AppError {
  const issues = preflightJob(
    { endpoint: 'videos', body: { model: 'seedance-video', prompt: 'a boat', duration: 5 } },
    undefined,
    { name: 'Demo gateway', extraFields: { videos: { size: '720p' } }, fieldMap: defaultFieldMap() }
  )
  return {
    code: 'invalid_input',
    message: issues.map((issue) => issue.message).join(' '),
    details: { issues }
  }
}

describe('ErrorNotice in 简体中文 (issue 16)', () => {
  beforeEach(async () => {
    useProfilesStore.setState({ profiles: [demo], catalogs: {} })
    await i18n.changeLanguage('zh-CN')
  })

  it('says a balance failure in Chinese, and the gateway’s own words exactly as they came', () => {
    render(<ErrorNotice error={balance} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('余额不足')
    expect(alert).toHaveTextContent('这个密钥所属账户的余额或额度已用完。请充值后再试。')
    expect(screen.getByText('网关返回：')).toBeInTheDocument()
    expect(screen.getByText('Insufficient balance (scripted)')).toBeInTheDocument()
    // The whole answer stays available, untouched, under its own (Chinese) summary.
    expect(screen.getByText('网关返回的原始内容')).toBeInTheDocument()
    expect(alert).toHaveTextContent('"code":"insufficient_quota"')
  })

  it('says what to do when the gateway refused the request, beside the gateway’s reason', () => {
    render(<ErrorNotice error={noStream} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('请求需要修改')
    expect(screen.getByText('Model "seedream-basic" does not support streaming')).toBeInTheDocument()
    expect(alert).toHaveTextContent('请修改标出的值后再试。')
    expect(alert).not.toHaveTextContent('The request needs a fix')
  })

  it('says that a request may have run, and where it broke', () => {
    render(<ErrorNotice error={maybeRan} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('无法确定是否已执行')
    expect(alert).toHaveTextContent('网关收到请求后返回了服务器错误（HTTP 502），可能已执行（并计费）。')
    expect(screen.getByText('Bad gateway')).toBeInTheDocument()
  })

  it('says a pre-flight refusal by its rule, with where in Settings the demo gateway’s extra field is', () => {
    render(<ErrorNotice error={refusedBySettings()} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('操作未完成')
    expect(alert).toHaveTextContent(
      '请使用 <width>x<height> 格式，例如 1280x720（size：720p），该值来自此网关额外 JSON 字段中的 `size`：请在“设置 › 网关 › 演示网关 › 额外 JSON 字段”中修改或移除。'
    )
    // Our own check is not the gateway speaking.
    expect(screen.queryByText('网关返回：')).toBeNull()
  })

  it('keeps the English message of a failure whose code it does not know', () => {
    render(
      <ErrorNotice error={{ code: 'download_blocked', message: 'The address points inside your network.' }} />
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('操作未完成')
    expect(alert).toHaveTextContent('The address points inside your network.')
  })

  it('words the app’s own job errors by their code', () => {
    const deadline = {
      code: 'deadline',
      message: 'The gateway did not finish this task in time; Gateway Studio stopped waiting for it.'
    }
    render(<ErrorNotice error={deadline} />)
    expect(screen.getByRole('alert')).toHaveTextContent(
      '网关没有在时限内完成这个任务，Gateway Studio 已停止等待。'
    )
  })
})

describe('ErrorNotice in English', () => {
  it('keeps its words, with the gateway’s own beside them', () => {
    useProfilesStore.setState({ profiles: [demo], catalogs: {} })
    render(<ErrorNotice error={balance} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Not enough balance')
    expect(alert).toHaveTextContent('The account behind this key has run out of balance or quota.')
    expect(alert).toHaveTextContent('The gateway said: Insufficient balance (scripted)')
  })

  it('says a pre-flight refusal in the shared checks’ own words', () => {
    const error = refusedBySettings()
    render(<ErrorNotice error={error} />)
    expect(screen.getByRole('alert')).toHaveTextContent(error.message)
  })
})
