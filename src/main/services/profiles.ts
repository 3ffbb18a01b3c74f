import type { z } from 'zod'
import { checkBaseUrl, originOf } from '../../shared/gateway/baseUrl'
import { ExtraFields, FieldMap } from '../../shared/gateway/fieldMap'
import type { ModelCatalog, ProfileView } from '../../shared/schemas/profiles'
import type { CommandHandlers } from '../contract/dispatch'
import type { EventBus } from '../contract/events'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import type { ModelCatalogStore } from '../profiles/catalog'
import { advancedProblem, type AdvancedSection } from '../profiles/inputWords'
import type { GatewayConnections } from '../profiles/connections'
import type { ProfileRecord, ProfileRepository } from '../profiles/repository'
import type { ApiKeyStore } from '../secrets/apiKeys'
import { withGatewayErrors } from '../gateway/failure'

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
  /** The backend's one clock (`Clock.now`). */
  now: () => number
  onBackgroundError?: (error: unknown) => void
  /** What else the profile owned that is held in memory (its lanes' limits; the rows go by cascade). */
  onDeleted?: (profileId: string) => void
}

function parseOrFail<S extends z.ZodType>(schema: S, value: unknown, section: AdvancedSection): z.output<S> {
  const parsed = schema.safeParse(value ?? {})
  if (parsed.success) return parsed.data
  const { code, values } = advancedProblem(section, parsed.error.issues[0])
  throw new AppFailure('invalid_input', say(code, values))
}

function checkedBaseUrl(value: string): string {
  const check = checkBaseUrl(value, { allowLoopbackHttp: true })
  if (!check.ok) throw new AppFailure('invalid_input', say(check.code), { field: 'baseUrl' })
  return check.baseUrl
}

/** Profiles, their keys and model catalogs: the commands behind the Settings "Gateways" section. */
export function createProfileHandlers(deps: ProfileServiceDeps): Pick<CommandHandlers, ProfileCommands> {
  const { profiles, keys, catalog, connections, bus } = deps
  const now = deps.now

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
    if (!record) throw new AppFailure('not_found', say('profileGone'))
    return record
  }
  const mustBeRemote = (id: string): ProfileRecord => {
    const record = mustGet(id)
    if (record.kind === 'demo') {
      throw new AppFailure('profiles.demo_readonly', say('demoReadonly'))
    }
    return record
  }

  // The catalog is owned here per (profile, key): every key change or address move bumps the profile's
  // generation, so a listing fetched with the previous key is never written over the new one.
  const generations = new Map<string, number>()
  const inFlight = new Map<string, Promise<ModelCatalog>>()
  const generationOf = (id: string): number => generations.get(id) ?? 0

  const refresh = (profileId?: string): Promise<ModelCatalog> => {
    const id = profileId ?? profiles.active().id
    const flightKey = `${id}#${generationOf(id)}`
    // Screens and the background refresh ask at the same moment after a change: one listing serves all.
    const running = inFlight.get(flightKey)
    if (running) return running
    const generation = generationOf(id)
    const promise = withGatewayErrors(async () => {
      const { profile, client } = await connections.forProfile(id)
      const listing = await client.listModels({ signal: AbortSignal.timeout(60_000) })
      // The key changed while this listing was on its way: it speaks for the old key, so ask again.
      if (generationOf(profile.id) !== generation) return refresh(profile.id)
      catalog.replace(profile.id, listing.data.data, now())
      const result = catalog.get(profile.id)
      bus.emit('models.changed', result)
      return result
    }).finally(() => inFlight.delete(flightKey))
    inFlight.set(flightKey, promise)
    return promise
  }

  const refreshInBackground = (profileId: string): void => {
    refresh(profileId).catch((error: unknown) => deps.onBackgroundError?.(error))
  }

  /**
   * The key (or the address it is bound to) changed: the old listing no longer says what this profile
   * offers. It is dropped, screens hear at once (an empty, never-fetched catalog) and a fresh listing
   * follows when there is a key to fetch it with.
   */
  const keyChanged = (profileId: string): void => {
    generations.set(profileId, generationOf(profileId) + 1)
    connections.invalidate(profileId)
    catalog.invalidate(profileId)
    bus.emit('models.changed', catalog.get(profileId))
  }
  const refetchIfKeyed = (profileId: string): void => {
    const record = profiles.get(profileId)
    if (record && (record.kind === 'demo' || keys.status(profileId).hasKey)) refreshInBackground(profileId)
  }

  return {
    'profiles.list': () => list(),
    'profiles.create': (input) => {
      const record = profiles.create(
        {
          name: input.name,
          baseUrl: checkedBaseUrl(input.baseUrl),
          fieldMap: parseOrFail(FieldMap, input.fieldMap, 'fieldNames'),
          extraFields: parseOrFail(ExtraFields, input.extraFields, 'extraFields')
        },
        input.activate ?? false
      )
      announce()
      return view(record)
    },
    'profiles.update': (input) => {
      const before = mustBeRemote(input.id)
      const record = profiles.update(
        input.id,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.baseUrl !== undefined ? { baseUrl: checkedBaseUrl(input.baseUrl) } : {}),
          ...(input.fieldMap !== undefined
            ? { fieldMap: parseOrFail(FieldMap, input.fieldMap, 'fieldNames') }
            : {}),
          ...(input.extraFields !== undefined
            ? { extraFields: parseOrFail(ExtraFields, input.extraFields, 'extraFields') }
            : {})
        },
        // An address move to another origin removes the key in the same transaction.
        keys
      )
      const moved = record.baseUrl !== before.baseUrl
      if (moved) keyChanged(record.id)
      else connections.invalidate(record.id)
      announce()
      if (moved) refetchIfKeyed(record.id)
      return view(record)
    },
    'profiles.delete': ({ id }) => {
      mustBeRemote(id)
      profiles.delete(id)
      keys.forget(id)
      connections.invalidate(id)
      deps.onDeleted?.(id)
      announce()
      return { deleted: true }
    },
    'profiles.activate': ({ id }) => {
      mustGet(id)
      const record = profiles.activate(id)
      announce()
      // Every screen re-derives its models from the gateway now in use: the cached listing at once, then
      // the fresh one.
      bus.emit('models.changed', catalog.get(id))
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
        const { code, values } = keys.protection.words
        throw new AppFailure('secrets.weak_protection', say(code, values), keys.protection)
      }
      // Bound to the origin the profile points at as the user enters it; the store re-checks on write.
      const origin = originOf(record.baseUrl)
      if (origin === null) throw new AppFailure('invalid_input', say('addressCannotHoldKey'))
      await keys.set(profileId, apiKey, origin)
      profiles.clearKeyRemoved(profileId)
      keyChanged(profileId)
      announce()
      refetchIfKeyed(profileId)
      return view(mustGet(profileId))
    },
    'secrets.clearKey': ({ id }) => {
      mustBeRemote(id)
      keys.clear(id)
      profiles.clearKeyRemoved(id)
      keyChanged(id)
      announce()
      return view(mustGet(id))
    },
    'models.list': ({ profileId, endpoint }) => catalog.get(profileId ?? profiles.active().id, endpoint),
    'models.refresh': ({ profileId }) => refresh(profileId ?? profiles.active().id)
  }
}
