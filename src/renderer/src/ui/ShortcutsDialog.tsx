import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from './Dialog'
import { Icon } from './icons'
import {
  keyLabel,
  shortcutGroups,
  shortcuts,
  shortcutProps,
  shortcutWords,
  useShortcutsHelp
} from './shortcuts'
import './shortcutsDialog.css'

/** Every shortcut of the table, grouped, with this platform's key names (⌘ on a Mac, Ctrl elsewhere). */
function ShortcutsDialog({ onClose }: { onClose: () => void }): ReactElement {
  const { t } = useTranslation()
  return (
    <Dialog onClose={onClose} title={t('ui.shortcuts.title')} className="shortcuts-dialog" closeOnBackdrop>
      <div className="shortcuts-groups">
        {shortcutGroups.map((group) => {
          const headingId = `shortcuts-group-${group}`
          return (
            <section key={group} aria-labelledby={headingId}>
              <h3 id={headingId}>{t(`ui.shortcuts.groups.${group}`)}</h3>
              <dl>
                {shortcuts
                  .filter((entry) => entry.group === group)
                  .map((entry) => (
                    <div key={entry.id} className="shortcut-row">
                      <dt>{shortcutWords(entry, t)}</dt>
                      <dd>
                        <kbd>{keyLabel(entry.keys, t)}</kbd>
                        {entry.or && (
                          <>
                            {' / '}
                            <kbd>{keyLabel(entry.or, t)}</kbd>
                          </>
                        )}
                      </dd>
                    </div>
                  ))}
              </dl>
            </section>
          )
        })}
      </div>
    </Dialog>
  )
}

/** The sidebar's way to the shortcuts (for whoever does not know `?`), and the dialog itself. */
export function ShortcutsHelp(): ReactElement {
  const { t } = useTranslation()
  const open = useShortcutsHelp((state) => state.open)
  const setOpen = useShortcutsHelp((state) => state.setOpen)
  const label = t('ui.shortcuts.open')
  return (
    <>
      <button
        type="button"
        className="nav-item"
        aria-haspopup="dialog"
        {...shortcutProps('help', label, t)}
        onClick={() => setOpen(true)}
      >
        <Icon name="keyboard" />
        <span>{label}</span>
      </button>
      {open && <ShortcutsDialog onClose={() => setOpen(false)} />}
    </>
  )
}
