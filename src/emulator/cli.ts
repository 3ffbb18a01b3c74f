import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { configSchema, defaultConfig, type EmulatorConfig } from './config'
import { DEMO_TIMING, startEmulator, TEST_TIMING } from './index'

const USAGE = `Usage: npm run emulator -- [--port N] [--config FILE] [--timing demo|fast]
                              [--field-names default|alternative] [--url-ttl-ms N] [--cancel-route]`

function fail(message: string): never {
  process.stderr.write(`emulator: ${message}\n${USAGE}\n`)
  process.exit(2)
}

function loadConfig(file: string): EmulatorConfig {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    return fail(`cannot read config file ${file}: ${(err as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    return fail(`config file ${file} is not valid JSON: ${(err as Error).message}`)
  }
  const parsed = configSchema.safeParse(json)
  if (!parsed.success) return fail(`config file ${file} is invalid:\n${z.prettifyError(parsed.error)}`)
  return parsed.data
}

function help(origin: string, config: EmulatorConfig): string {
  const base = `${origin}/t/${config.tenants[0]?.id ?? '<tenant>'}`
  const key = config.keys.find((k) => k.role === 'ordinary')?.key ?? '<key>'
  return [
    '',
    `Gateway emulator listening on ${origin}`,
    `Tenants: ${config.tenants.map((t) => `${origin}/t/${t.id}`).join('  ')}`,
    'Keys:',
    ...config.keys.map(
      (k) =>
        `  ${k.key.padEnd(32)} tenant=${k.tenant} role=${k.role} balance=${k.balance}` +
        `${k.requestsPerMinute === undefined ? '' : ` rpm=${k.requestsPerMinute}`}` +
        `${k.quota === undefined ? '' : ` quota=${k.quota}`}`
    ),
    'Models:',
    ...config.models.map(
      (m) =>
        `  ${m.id.padEnd(22)} ${m.billing_unit.padEnd(6)} ${m.supported_endpoints.join(' ')}` +
        `${m.available ? '' : '  (unavailable: 503)'}${m.streaming ? '  (streams)' : ''}`
    ),
    '',
    `Try:  curl -s ${base}/v1/models -H 'Authorization: Bearer ${key}'`,
    `Controls (no auth; refused with an Origin header or another Host, so web pages cannot use them):`,
    `  POST ${origin}/__emulator/faults {"path":"/v1/models","steps":[{"status":503}]},`,
    `  GET|DELETE ${origin}/__emulator/log, POST ${origin}/__emulator/advance {"ms":60000}`,
    `  POST ${origin}/__emulator/rateLimit {"key":"${key}","perMinute":60} (null lifts it),`,
    `  POST ${origin}/__emulator/quota {"key":"${key}","quota":100} (null removes it)`,
    'Prompt markers: [[tokens=N]] [[tool]] [[thinking]] [[fail]] [[cancel]] [[expire]] [[partial_fail=1]] (see src/emulator/README.md)',
    'Ctrl-C to stop.',
    ''
  ].join('\n')
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        config: { type: 'string' },
        timing: { type: 'string' },
        'field-names': { type: 'string' },
        'url-ttl-ms': { type: 'string' },
        'cancel-route': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' }
      }
    }))
  } catch (err) {
    return fail((err as Error).message)
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be 0-65535, got ${String(values.port)}`)
  const timing = values.timing ?? 'demo'
  if (timing !== 'demo' && timing !== 'fast') fail(`--timing must be demo or fast, got ${String(timing)}`)
  const fieldNames = values['field-names'] ?? 'default'
  if (fieldNames !== 'default' && fieldNames !== 'alternative')
    fail('--field-names must be default or alternative')
  const ttl = values['url-ttl-ms'] === undefined ? undefined : Number(values['url-ttl-ms'])
  if (ttl !== undefined && !(Number.isFinite(ttl) && ttl > 0)) fail('--url-ttl-ms must be a positive number')
  const config = typeof values.config === 'string' ? loadConfig(values.config) : defaultConfig()

  const emulator = await startEmulator({
    port,
    config,
    timing: timing === 'fast' ? TEST_TIMING : DEMO_TIMING,
    fieldNames,
    urlTtlMs: ttl,
    cancelRoute: values['cancel-route'] === true
  }).catch((err: unknown) => fail(`cannot start: ${(err as Error).message}`))

  const summary = {
    origin: emulator.origin,
    tenants: Object.fromEntries(config.tenants.map((t) => [t.id, emulator.tenantUrl(t.id)])),
    keys: config.keys.map((k) => ({ key: k.key, tenant: k.tenant, role: k.role })),
    models: config.models.map((m) => ({
      id: m.id,
      owned_by: m.owned_by,
      supported_endpoints: m.supported_endpoints,
      billing_unit: m.billing_unit,
      available: m.available,
      streaming: m.streaming
    })),
    control: `${emulator.origin}/__emulator`
  }
  process.stdout.write(`${JSON.stringify(summary)}\n`)
  process.stdout.write(help(emulator.origin, config))

  const shutdown = (): void => {
    void emulator.stop().then(() => process.exit(0))
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

void main()
