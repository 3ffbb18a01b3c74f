import { memo, useMemo, useState, type ReactElement, type ReactNode } from 'react'
import Markdown, { type Components, type ExtraProps } from 'react-markdown'
import { useConnection } from '../../store/app'
import { copyText, openLink } from './actions'
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
  const label = alt?.trim() || 'image'
  if (!src) return <span className="md-image-ref">[Image: {label}]</span>
  return (
    <Link href={src}>
      <span className="md-image-ref">
        Image: {label} <span className="muted">({hostOf(src)}, not loaded)</span>
      </span>
    </Link>
  )
}

function CodeBlock({ node, children }: { node?: HastNode | undefined; children?: ReactNode }): ReactElement {
  const [copied, setCopied] = useState(false)
  return (
    <div className="md-code">
      <button
        type="button"
        className="button md-copy"
        onClick={() => {
          void copyText(textOf(node).replace(/\n$/, ''), 'Code copied.').then((ok) => setCopied(ok))
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
      <pre>{children}</pre>
    </div>
  )
}

const components: Components = {
  a: ({ href, children }) => <Link href={href}>{children}</Link>,
  img: ({ src, alt }) => <RemoteImage src={typeof src === 'string' ? src : undefined} alt={alt} />,
  pre: ({ node, children }) => <CodeBlock node={node}>{children}</CodeBlock>
}

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
      <Markdown urlTransform={safeUrl} components={components}>
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
