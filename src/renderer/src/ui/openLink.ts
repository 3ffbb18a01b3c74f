import type { ApiClient } from '@shared/client'

/** Opens a vetted link outside the app; a browser tab opens it itself when the host says so. */
export async function openLink(api: ApiClient, url: string): Promise<void> {
  const result = await api.call('app.openExternal', { url })
  if (result.ok && !result.value.opened && result.value.allowed)
    window.open(url, '_blank', 'noopener,noreferrer')
}
