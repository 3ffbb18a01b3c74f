import type { ElementContent, Root } from 'hast'
import { memo, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import Markdown, { type Components, type ExtraProps } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import type { highlightCode } from './highlight'
import { useConnection } from '../../store/app'
import { copyText } from './actions'
import { openLink } from '../../ui/openLink'
import { segments } from './blocks'
import { hostOf, safeUrl } from './urlTransform'

type HastNode = NonNullable<ExtraProps['node']>

/** Plain text of a hast subtree (what a code block's Copy button copies). */
function textOf(node: HastNode | HastNode['children'][number] | undefined): string {
  if (!node) return ''
  if (node.type === 'text') return node.value
  if ('children' in node) return node.children.map((child) => textOf(child as HastNode)).join('')
  return ''
}

function Link({ href, children }: { href?: string | undefined; children?: ReactNode }): ReactElement {
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
function RemoteImage({ src, alt }: { src?: string | undefined; alt?: string | undefined }): ReactElement {
  const { t } = useTranslation()
  const label = alt?.trim() || t('chat.markdown.image')
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

/** The language a fenced block names (```ts → "ts"), from its code element's class. */
function languageOf(node: HastNode | undefined): string | null {
  const code = node?.children[0]
  if (!code || code.type !== 'element' || code.tagName !== 'code') return null
  const classes = code.properties['className']
  const named = Array.isArray(classes)
    ? classes.map(String).find((c) => c.startsWith('language-'))
    : undefined
  return named ? named.slice('language-'.length).toLowerCase() : null
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

/** Highlights `code` once the highlighter is there; null (plain text) until then, or if it cannot. */
function useHighlighted(code: string, language: string | null): Root | null {
  const [tree, setTree] = useState<{ code: string; root: Root | null } | null>(null)
  useEffect(() => {
    let live = true
    loadHighlighter().then(
      (module) => live && setTree({ code, root: module.highlightCode(code, language) }),
      () => undefined
    )
    return () => {
      live = false
    }
  }, [code, language])
  return tree?.code === code ? tree.root : null
}

function CodeBlock({ node, children }: { node?: HastNode | undefined; children?: ReactNode }): ReactElement {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const language = languageOf(node)
  const code = textOf(node).replace(/\n$/, '')
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
        <pre>{children}</pre>
      )}
    </div>
  )
}

const components: Components = {
  a: ({ href, children }) => <Link href={href}>{children}</Link>,
  img: ({ src, alt }) => <RemoteImage src={typeof src === 'string' ? src : undefined} alt={alt} />,
  pre: ({ node, children }) => <CodeBlock node={node}>{children}</CodeBlock>,
  // GFM tables scroll sideways on their own instead of widening the reply.
  table: ({ children }) => (
    <div className="md-table-wrap">
      <table>{children}</table>
    </div>
  )
}

/** GitHub-flavoured Markdown: tables, strikethrough, task lists, autolinks. */
const remarkPlugins = [remarkGfm]

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
  // No rehype-raw: HTML in a reply shows as text and never becomes elements.
  return (
    <div className={className}>
      <Markdown urlTransform={safeUrl} components={components} remarkPlugins={remarkPlugins}>
        {source}
      </Markdown>
    </div>
  )
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
