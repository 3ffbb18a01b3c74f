import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { makeTempDir } from '../helpers/tempDir'
import { startWebdavServer, type WebdavServer } from '../helpers/webdavServer'
import { expectAxeClean } from './support/axe'
import { expect, openStudio, test } from './support/fixtures'
import { startS3Process, type S3Process } from './support/s3Process'

/**
 * Settings › Team locations against real servers (RELIABILITY P42, P43): a bucket on s3rver, a WebDAV
 * folder on Debian's rclone, and shared folders on this disk, added through the form as a designer adds
 * them. Each check's answer is read in words; a reload keeps the list with hints but no secret in the page.
 */

const SHOTS = process.env.GS_SHOTS_DIR
const BUCKET = 'team-library'
/** s3rver checks the access key ID, never the secret: a secret of our own shows whether one leaks. */
const SECRET = `s3-secret-${Math.random().toString(36).slice(2)}-never-shown`

let s3: S3Process
let dav: WebdavServer
let disk: { dir: string; cleanup: () => void }

test.beforeAll(async () => {
  s3 = await startS3Process([BUCKET])
  dav = await startWebdavServer()
  disk = makeTempDir('gs-e2e-team-')
  mkdirSync(join(disk.dir, 'Team Library'))
})

test.afterAll(async () => {
  await s3?.stop()
  await dav?.stop()
  disk?.cleanup()
})

async function shot(target: Page | Locator, name: string): Promise<void> {
  if (!SHOTS) return
  const path = `${SHOTS}/${name}.png`
  if ('goto' in target) await target.screenshot({ path, fullPage: true, animations: 'disabled' })
  else await target.screenshot({ path, animations: 'disabled' })
}

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
  const section = page.getByRole('region', { name: 'Team locations' })
  await expect(section).toBeVisible()
  return section
}

test('a designer adds a bucket, a WebDAV server and shared folders, reads each check in words, and removes one', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(180_000)
  await openStudio(page, studio)
  const section = await openSettings(page)
  await expect(
    section.getByText(
      'No team locations yet. Add the bucket, server or shared folder your team keeps its library in.'
    )
  ).toBeVisible()
  await section.scrollIntoViewIfNeeded()
  await shot(section, 'team-locations-empty')

  // The bucket: a name it cannot have first, then a key ID s3rver does not know, then the right one.
  await section.getByRole('button', { name: 'Add a location' }).click()
  const form = section.getByRole('form', { name: 'Add a location' })
  await expect(form.getByRole('radio', { name: 'Bucket (S3-compatible)' })).toBeFocused()
  await form.getByLabel('Endpoint', { exact: true }).fill(s3.endpoint)
  await expect(form.getByLabel('Region', { exact: true })).toHaveValue('us-east-1')
  await expect(form.getByRole('checkbox', { name: 'Path-style addressing' })).toBeChecked()
  await form.getByLabel('Bucket', { exact: true }).fill('Team Library')
  await form.getByLabel('Access key ID', { exact: true }).fill('WRONGKEYID')
  await form.getByLabel('Secret access key', { exact: true }).fill(SECRET)
  await form.getByRole('button', { name: 'Test connection' }).click()
  await expect(form.getByLabel('Bucket', { exact: true })).toHaveAccessibleDescription(
    'A bucket name has 3 to 63 lowercase letters, digits, dots or dashes, and no spaces.'
  )
  await expect(form.getByLabel('Bucket', { exact: true })).toBeFocused()
  await shot(section, 'team-locations-field-error')

  await form.getByLabel('Bucket', { exact: true }).fill(BUCKET)
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(BUCKET)
  await form.getByRole('button', { name: 'Test connection' }).click()
  const result = form.getByRole('status')
  await expect(result).toContainText('Could not be reached')
  await expect(result).toContainText(
    'The server refused these credentials, or they may not read this bucket.'
  )
  await expect(result).toContainText('The server answered HTTP 403.')
  await shot(section, 'team-locations-add-problem')
  await expectAxeClean(page, 'Settings › Team locations, the add form with a problem')

  await form.getByLabel('Access key ID', { exact: true }).fill(s3.credentials.accessKeyId)
  await form.getByRole('button', { name: 'Test connection' }).click()
  await expect(result).toContainText('Reached. Gateway Studio can open this location.')
  await form.getByRole('button', { name: 'Save location' }).click()
  const list = section.getByRole('list', { name: 'Saved locations' })
  const bucketRow = list.getByRole('listitem').filter({ hasText: BUCKET })
  await expect(bucketRow).toContainText('Reached just now')
  await expect(bucketRow).toContainText(`Key …${s3.credentials.accessKeyId.slice(-4)}`)
  await expect(bucketRow).toBeFocused()
  await expect(section.getByRole('form')).toHaveCount(0)

  // The WebDAV server, with its user and password.
  await section.getByRole('button', { name: 'Add a location' }).click()
  await form.getByRole('radio', { name: 'WebDAV server' }).check()
  await form.getByLabel('Folder address', { exact: true }).fill(dav.url)
  await form.getByLabel('User name (optional)', { exact: true }).fill(dav.credentials.username)
  await form.getByLabel('Password (optional)', { exact: true }).fill(dav.credentials.password)
  await form.getByRole('button', { name: 'Test connection' }).click()
  await expect(result).toContainText('Reached.')
  await form.getByLabel('Name', { exact: true }).fill('Studio NAS')
  await form.getByRole('button', { name: 'Save location' }).click()
  const davRow = list.getByRole('listitem').filter({ hasText: 'Studio NAS' })
  await expect(davRow).toContainText('Reached just now')
  await expect(davRow).toContainText(`User ${dav.credentials.username}`)

  // A shared folder that is there.
  await section.getByRole('button', { name: 'Add a location' }).click()
  await form.getByRole('radio', { name: 'Shared folder' }).check()
  await form.getByLabel('Full path of the folder', { exact: true }).fill(join(disk.dir, 'Team Library'))
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Team Library')
  await form.getByRole('button', { name: 'Save location' }).click()
  const folderRow = list.getByRole('listitem').filter({ hasText: 'Team Library' })
  await expect(folderRow).toContainText('Reached just now')
  await expect(list.getByRole('listitem')).toHaveCount(3)
  await shot(section, 'team-locations-three')
  // Beside the rest of Settings: the Gateways card above it.
  await page.getByRole('heading', { name: 'Gateways', exact: true }).scrollIntoViewIfNeeded()
  await shot(page, 'team-locations-settings-page')

  // A shared folder that is not: the test says so, and it can be saved with its problem shown.
  await section.getByRole('button', { name: 'Add a location' }).click()
  await form.getByRole('radio', { name: 'Shared folder' }).check()
  await form.getByLabel('Full path of the folder', { exact: true }).fill(join(disk.dir, 'Old Share'))
  await form.getByRole('button', { name: 'Test connection' }).click()
  await expect(result).toContainText(
    'There is no such folder on this computer. Check the path, and that the drive is connected.'
  )
  await form.getByRole('button', { name: 'Save location' }).click()
  const missingRow = list.getByRole('listitem').filter({ hasText: 'Old Share' })
  await expect(missingRow).toContainText(
    'Could not be reached: There is no such folder on this computer. Check the path, and that the drive is connected.'
  )
  await expect(list.getByRole('listitem')).toHaveCount(4)

  // After a reload the list is read back: hints, never a secret, anywhere in the page.
  await page.reload()
  const again = await openSettings(page)
  const rows = again.getByRole('list', { name: 'Saved locations' }).getByRole('listitem')
  await expect(rows).toHaveCount(4)
  await expect(rows.filter({ hasText: BUCKET })).toContainText('Key …RVER')
  await expect(rows.filter({ hasText: 'Studio NAS' })).toContainText(`User ${dav.credentials.username}`)
  await expect(rows.filter({ hasText: 'Old Share' })).toContainText('Could not be reached')
  const content = await page.content()
  expect(content).not.toContain(SECRET)
  expect(content).not.toContain(dav.credentials.password)
  await again.getByRole('button', { name: `Edit ${BUCKET}` }).click()
  await expect(again.getByLabel('Secret access key', { exact: true })).toHaveValue('')
  await expect(again.getByLabel('Secret access key', { exact: true })).toHaveAccessibleDescription(
    'Leave empty to keep the saved one.'
  )
  expect(await page.content()).not.toContain(SECRET)
  await again.getByRole('button', { name: 'Cancel' }).click()
  await expect(again.getByRole('button', { name: `Edit ${BUCKET}` })).toBeFocused()
  await shot(again, 'team-locations-four')
  await expectAxeClean(page, 'Settings › Team locations, four saved')
  await page.getByRole('radio', { name: 'Dark', exact: true }).check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await again.getByRole('button', { name: 'Edit Studio NAS' }).click()
  await again.getByRole('button', { name: 'Test connection' }).click()
  await expect(again.getByRole('form').getByRole('status')).toContainText('Reached.')
  await expectAxeClean(page, 'Settings › Team locations, four saved, one open, dark')
  await shot(again, 'team-locations-dark')
  await again.getByRole('button', { name: 'Cancel' }).click()

  // Removing asks first, and says nothing at the location is deleted.
  await again.getByRole('button', { name: 'Remove Old Share…' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove “Old Share” from this computer?' })
  await expect(confirm).toContainText('Nothing at the location is deleted')
  await expectAxeClean(page, 'Settings › Team locations, removing one')
  await confirm.getByRole('button', { name: 'Remove from this computer' }).click()
  await expect(rows).toHaveCount(3)
  await expect(again.getByRole('list', { name: 'Saved locations' })).toBeFocused()
  await again.scrollIntoViewIfNeeded()
  await shot(again, 'team-locations-after-remove')

  // The page spoke to nothing but the web host: the checks went from the backend.
  expect(outsideRequests).toEqual([])
})
