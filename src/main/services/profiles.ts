import type { z } from 'zod'
import { checkBaseUrl, originOf } from '../../shared/gateway/baseUrl'
import { ExtraFields, FieldMap } from '../../shared/gateway/fieldMap'
import type { ModelCatalog, ProfileView } from '../../shared/schemas/profiles'
import type { CommandHandlers } from '../contract/dispatch'
import type { EventBus } from '../contract/events'
import { AppFailure } from '../contract/failure'
import type { ModelCatalogStore } from '../profiles/catalog'
import type { GatewayConnections } from '../profiles/connections'
import type { ProfileRecord, ProfileRepository } from '../profiles/repository'
import type { ApiKeyStore } from '../secrets/apiKeys'
import { withGatewayErrors } from './gatewayFailure'

type ProfileCommands =
  | 'profiles.list'
  | 'profiles.create'
  | 'profiles.update'
  | 'profiles.delete'
  | 'profiles.activate'
  | 'profiles.testConnection'
  | 'secrets.protection'
  | 'secrets.setKey'
  | 'secrets.clearKey'
  | 'models.list'
  | 'models.refresh'

export interface ProfileServiceDeps {
  profiles: ProfileRepository
  keys: ApiKeyStore
  catalog: ModelCatalogStore
  connections: GatewayConnections
  bus: EventBus
  now?: () => number
  onBackgroundError?: (error: unknown) => void
}

function parseOrFail<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value ?? {})
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : ''
  throw new AppFailure('invalid_input', `${what}${where}: ${issue?.message ?? 'invalid'}`)
}

function checkedBaseUrl(value: string): string {
  const check = checkBaseUrl(value, { allowLoopbackHttp: true })
  if (!check.ok) throw new AppFailure('invalid_input', check.message, { field: 'baseUrl' })
  return check.baseUrl
}

/** Profiles, their keys and model catalogs: the commands behind the Settings "Gateways" section. */
export function createProfileHandlers(deps: ProfileServiceDeps): Pick<CommandHandlers, ProfileCommands> {
  const { profiles, keys, catalog, connections, bus } = deps
  const now = deps.now ?? Date.now

  const view = (record: ProfileRecord): ProfileView => {
    const status = record.kind === 'demo' ? { hasKey: true, last4: null } : keys.status(record.id)
    return {
      id: record.id,
      kind: record.kind,
      name: record.name,
      baseUrl: record.kind === 'demo' ? 'Built in (runs on this computer)' : record.baseUrl,
      fieldMap: record.fieldMap,
      extraFields: record.extraFields,
      active: record.active,
      hasKey: status.hasKey,
      keyLast4: status.last4,
      // Only while there is no key: a key entered since answers the notice even if clearing it was cut off.
      keyRemoved:
        record.kind === 'remote' && record.keyRemoved && !status.hasKey
          ? { reason: record.keyRemoved, origin: originOf(record.baseUrl) ?? record.baseUrl }
          : null
    }
  }
  const list = (): ProfileView[] => profiles.list().map(view)
  const announce = (): void => bus.emit('profiles.changed', list())
  const mustGet = (id: string): ProfileRecord => {
    const record = profiles.get(id)
    if (!record) throw new AppFailure('not_found', 'That gateway profile no longer exists.')
    return record
  }
  const mustBeRemote = (id: string): ProfileRecord => {
    const record = mustGet(id)
    if (record.kind === 'demo') {
      throw new AppFailure('profiles.demo_readonly', 'The demo gateway is built in and cannot be changed.')
    }
    return record
  }

  const refresh = async (profileId?: string): Promise<ModelCatalog> =>
    withGatewayErrors(async () => {
      const { profile, client } = await connections.forProfile(profileId)
      const listing = await client.listModels({ signal: AbortSignal.timeout(60_000) })
      catalog.replace(profile.id, listing.data.data, now())
      const result = catalog.get(profile.id)
      bus.emit('models.changed', result)
      return result
    })

  const refreshInBackground = (profileId: string): void => {
    refresh(profileId).catch((error: unknown) => deps.onBackgroundError?.(error))
  }

  return {
    'profiles.list': () => list(),
    'profiles.create': (input) => {
      const record = profiles.create(
        {
          name: input.name,
          baseUrl: checkedBaseUrl(input.baseUrl),
          fieldMap: parseOrFail(FieldMap, input.fieldMap, 'Field names'),
          extraFields: parseOrFail(ExtraFields, input.extraFields, 'Extra JSON fields')
        },
        input.activate ?? false
      )
      announce()
      return view(record)
    },
    'profiles.update': (input) => {
      mustBeRemote(input.id)
      const record = profiles.update(
        input.id,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.baseUrl !== undefined ? { baseUrl: checkedBaseUrl(input.baseUrl) } : {}),
          ...(input.fieldMap !== undefined
            ? { fieldMap: parseOrFail(FieldMap, input.fieldMap, 'Field names') }
            : {}),
          ...(input.extraFields !== undefined
            ? { extraFields: parseOrFail(ExtraFields, input.extraFields, 'Extra JSON fields') }
            : {})
        },
        // An address move to another origin removes the key in the same transaction (issue 11, finding 3).
        keys
      )
      connections.invalidate(record.id)
      announce()
      return view(record)
    },
    'profiles.delete': ({ id }) => {
      mustBeRemote(id)
      profiles.delete(id)
      keys.forget(id)
      connections.invalidate(id)
      announce()
      return { deleted: true }
    },
    'profiles.activate': ({ id }) => {
      mustGet(id)
      const record = profiles.activate(id)
      announce()
      refreshInBackground(id)
      return view(record)
    },
    'profiles.testConnection': async ({ id }) => {
      mustGet(id)
      const result = await refresh(id)
      return { modelCount: result.models.length, catalog: result }
    },
    'secrets.protection': () => keys.protection,
    'secrets.setKey': async ({ profileId, apiKey, acceptWeakProtection }) => {
      const record = mustBeRemote(profileId)
      // P12: with no real keychain the key is stored only after the user has read why that is weaker.
      if (keys.protection.protection === 'weak' && !acceptWeakProtection) {
        throw new AppFailure('secrets.weak_protection', keys.protection.description, keys.protection)
      }
      // Bound to the origin the profile points at as the user enters it; the store re-checks on write.
      const origin = originOf(record.baseUrl)
      if (origin === null) throw new AppFailure('invalid_input', 'This gateway address cannot hold a key.')
      await keys.set(profileId, apiKey, origin)
      profiles.clearKeyRemoved(profileId)
      connections.invalidate(profileId)
      announce()
      return view(mustGet(profileId))
    },
    'secrets.clearKey': ({ id }) => {
      mustBeRemote(id)
      keys.clear(id)
      profiles.clearKeyRemoved(id)
      connections.invalidate(id)
      announce()
      return view(mustGet(id))
    },
    'models.list': ({ profileId, endpoint }) => catalog.get(profileId ?? profiles.active().id, endpoint),
    'models.refresh': async ({ profileId }) => refresh(profileId ?? profiles.active().id)
  }
}
