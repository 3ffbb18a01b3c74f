import type { ElementContent, Root } from 'hast'
import { memo, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { highlightCode } from './highlight'
import { useConnection } from '../../store/app'
import { copyText } from './actions'
import { openLink } from '../../ui/openLink'
import { segments } from './blocks'
import { markdownElements, type MarkdownParts } from './markdownTree'
import { hostOf } from './urlTransform'
import { whenIdle } from '../../ui/idle'

function Link({ href, children }: { href: string; children?: ReactNode }): ReactElement {
  const { api } = useConnection()
  // An empty href is what safeUrl leaves of a refused link: the words stay, the link goes.
  if (!href) return <span className="md-refused-link">{children}</span>
  return (
    <a
      href={href}
      rel="noopener noreferrer"
      target="_blank"
      title={href}
      onClick={(event) => {
        event.preventDefault()
        void openLink(api, href)
      }}
    >
      {children}
    </a>
  )
}

/** RELIABILITY P34: a remote image is never fetched; it becomes a link the person may choose to open. */
function RemoteImage({ src, alt }: { src: string; alt: string }): ReactElement {
  const { t } = useTranslation()
  const label = alt.trim() || t('chat.markdown.image')
  if (!src) return <span className="md-image-ref">{t('chat.markdown.imageRef', { label })}</span>
  return (
    <Link href={src}>
      <span className="md-image-ref">
        {/* Two messages, not one with markup: the alt text is the model's and is never parsed as markup. */}
        {t('chat.markdown.remoteImage', { label })}{' '}
        <span className="muted">{t('chat.markdown.notLoaded', { host: hostOf(src) })}</span>
      </span>
    </Link>
  )
}

type Highlighter = { highlightCode: typeof highlightCode }
let highlighter: Promise<Highlighter> | null = null
/** The highlighter is fetched the first time a reply shows code, then kept. */
const loadHighlighter = (): Promise<Highlighter> => (highlighter ??= import('./highlight'))

/** lowlight's tree as React elements: spans with hljs classes and text, nothing else (no HTML string). */
function fromTree(nodes: readonly ElementContent[]): ReactNode[] {
  return nodes.map((child, index) => {
    if (child.type === 'text') return child.value
    if (child.type !== 'element') return null
    const className = child.properties['className']
    return (
      <span key={index} className={Array.isArray(className) ? className.join(' ') : undefined}>
        {fromTree(child.children)}
      </span>
    )
  })
}

/** At the latest this long after a code block shows, it is coloured even if the page never goes idle. */
const IDLE_TIMEOUT_MS = 1000

/**
 * Highlights `code` once the highlighter is there; null (plain text) until then, or if it cannot. Loading
 * the highlighter, setting its grammars up and colouring a block cost tens of milliseconds the first
 * time, so both wait for idle time: a conversation opens showing its code plain and colours it after.
 */
function useHighlighted(code: string, language: string | null): Root | null {
  const [tree, setTree] = useState<{ code: string; root: Root | null } | null>(null)
  useEffect(() => {
    let live = true
    let cancel = whenIdle(() => {
      loadHighlighter().then(
        (module) => {
          if (live)
            cancel = whenIdle(
              () => setTree({ code, root: module.highlightCode(code, language) }),
              IDLE_TIMEOUT_MS
            )
        },
        () => undefined
      )
    }, IDLE_TIMEOUT_MS)
    return () => {
      live = false
      cancel()
    }
  }, [code, language])
  return tree?.code === code ? tree.root : null
}

function CodeBlock({ source, language }: { source: string; language: string | null }): ReactElement {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const code = source.replace(/\n$/, '')
  const highlighted = useHighlighted(code, language)
  return (
    <div className="md-code">
      <button
        type="button"
        className="button md-copy"
        onClick={() => {
          void copyText(code, t('chat.notices.codeCopied')).then((ok) => setCopied(ok))
        }}
      >
        {copied ? t('chat.markdown.copied') : t('chat.markdown.copy')}
      </button>
      {language && <span className="md-code-lang">{language}</span>}
      {highlighted ? (
        <pre>
          <code className={`hljs${language ? ` language-${language}` : ''}`}>
            {fromTree(highlighted.children as ElementContent[])}
          </code>
        </pre>
      ) : (
        <pre>
          <code className={language ? `language-${language}` : undefined}>{source}</code>
        </pre>
      )}
    </div>
  )
}

const markdownParts: MarkdownParts = { Link, Image: RemoteImage, Code: CodeBlock }

/** One block of a reply. Memoised: while a reply streams, only its last block changes and re-parses. */
const Block = memo(function Block({
  source,
  continues,
  continued
}: {
  source: string
  continues: boolean
  continued: boolean
}): ReactElement {
  const className = `md-block${continues ? ' md-continues' : ''}${continued ? ' md-continued' : ''}`
  return <div className={className}>{markdownElements(source, markdownParts)}</div>
})

/** A model's Markdown, rendered safely: no raw HTML, https/mailto links only, remote images as links. */
export function MarkdownView({ text }: { text: string }): ReactElement {
  const parts = useMemo(() => segments(text), [text])
  return (
    <div className="md">
      {parts.map((part, index) => (
        <Block
          key={index}
          source={part.source}
          continues={part.continues}
          continued={parts[index + 1]?.continues ?? false}
        />
      ))}
    </div>
  )
}
