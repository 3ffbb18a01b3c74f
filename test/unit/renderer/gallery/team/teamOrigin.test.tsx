import { render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DetailPanel } from '@renderer/features/gallery/DetailPanel'
import { i18n } from '@renderer/i18n'
import type { GalleryDetail } from '@shared/schemas/gallery'
import { connect, type Backend } from '../imports/harness'
import { folder, resetTeam, teamImage } from './fixtures'

let backend: Backend | null = null

function show(detail: GalleryDetail, label = 'Image details'): HTMLElement {
  backend = connect({ 'gallery.get': () => detail, 'locations.list': () => [folder] })
  render(<DetailPanel id={detail.id} />)
  return screen.getByRole('complementary', { name: label })
}

describe('Gallery › the details of an image from the team', () => {
  beforeEach(() => resetTeam())
  afterEach(() => {
    backend?.off()
    backend = null
  })

  it('says who shared it and through which location, instead of a file it was imported from', async () => {
    const panel = show(teamImage(folder.id))
    await within(panel).findByText('From the team · shared by ana via Studio share')
    // The file name a team image carries is the teammate's name, not a file of this computer.
    expect(panel).not.toHaveTextContent('Imported from')
    expect(panel).toHaveTextContent('a paper boat on a pond')
    expect(within(panel).getByText('Received')).toBeInTheDocument()
  })

  it('names only the teammate when this computer no longer has the location', async () => {
    const panel = show(teamImage('a-location-removed-here'))
    await waitFor(() => expect(backend?.calls.some((call) => call.name === 'locations.list')).toBe(true))
    await within(panel).findByText('From the team · shared by ana')
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    const panel = show(teamImage(folder.id), '图片详情')
    await within(panel).findByText('来自团队 · 由 ana 通过“Studio share”共享')
  })
})
