/**
 * `i18n/no-literal-text`: user-visible words come from the catalog (`t('…')`), never from the source.
 *
 * In JSX: text between tags, a string or template written directly as a child, and string values of the
 * attributes people read or hear (aria-label, title, placeholder, alt, label, aria-description).
 *
 * In any file, `.ts` included, where there is no JSX to say what is shown: strings and templates handed to a
 * sink the user reads. A sink is the value of an object property named for words (`title`, `body`,
 * `message`, `label`, …, or a name ending in one of them: `confirmLabel`, `emptyText`), a destructuring
 * default or class field of such a name, an argument of the app's notify/toast functions (`calls`), and
 * a DOM property or attribute that is read out (`el.textContent = …`, `setAttribute('aria-label', …)`).
 * A conditional, `??`/`||` fallback or `+` concatenation is followed into its strings.
 *
 * Never flagged: text without a letter (punctuation, numbers, "•••"), the names in `allow` (product names
 * that stay the same in every language), catalog keys passed on to be worded later (`'queue.notice.play'`),
 * anything inside a console or logger call or a schema's issue (`ctx.addIssue`), and every other place a
 * string goes: keys, ids, class names, event and command names, import paths, `t()` keys, test ids.
 */
const SPOKEN = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label'])
const LETTER = /\p{L}/u

/** Property names whose value is shown or read out; a camelCase name ending in one counts too. */
const WORD_PROPERTIES = [
  'title',
  'body',
  'message',
  'label',
  'description',
  'hint',
  'text',
  'placeholder',
  'alt',
  'caption',
  'tooltip',
  'summary',
  'heading',
  'subtitle'
]
const ARIA_PROPERTIES = new Set(['aria-label', 'aria-description', 'ariaLabel', 'ariaDescription'])
/** What the page shows of an element when script sets it. */
const DOM_PROPERTIES = new Set(['textContent', 'innerText', 'title', 'placeholder', 'alt', 'ariaLabel'])
const DOM_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label'])
/** The app's own functions whose string arguments become a notice people read. */
const DEFAULT_CALLS = ['notify', 'toast', 'alert']
/** Where words go to developers, not to people: diagnostics and a schema's issues. */
const QUIET_OBJECTS = new Set(['console', 'logger', 'log'])
const QUIET_CALLS = new Set(['addIssue', 'refine', 'superRefine'])
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'])
/** `queue.notice.play`: a catalog key kept to be worded when shown. */
const CATALOG_KEY = /^[A-Za-z_][\w-]*(\.[\w-]+)+$/

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the i18n catalog' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'array', items: { type: 'string' } },
          calls: { type: 'array', items: { type: 'string' } }
        },
        additionalProperties: false
      }
    ],
    messages: {
      literal:
        'User-visible text "{{text}}" is written in the source: put it in the i18n catalog and use t().'
    }
  },
  create(context) {
    const options = context.options[0] ?? {}
    const allow = new Set((options.allow ?? []).map((text) => text.trim()))
    const calls = new Set(options.calls ?? DEFAULT_CALLS)
    const check = (node, text) => {
      const trimmed = text.replace(/\s+/g, ' ').trim()
      if (!LETTER.test(trimmed) || allow.has(trimmed)) return
      context.report({ node, messageId: 'literal', data: { text: trimmed.slice(0, 40) } })
    }
    const templateText = (node) => node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ')

    const isWordProperty = (name) =>
      ARIA_PROPERTIES.has(name) ||
      WORD_PROPERTIES.some(
        (word) =>
          name === word || (name.endsWith(word[0].toUpperCase() + word.slice(1)) && name.length > word.length)
      )
    const nameOf = (key, computed) => {
      if (!computed && key.type === 'Identifier') return key.name
      if (key.type === 'Literal' && typeof key.value === 'string') return key.value
      return null
    }
    const calleeName = (callee) => {
      if (callee.type === 'Identifier') return callee.name
      if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier')
        return callee.property.name
      return null
    }
    const isQuietCall = (node) => {
      if (node.type !== 'CallExpression' && node.type !== 'NewExpression') return false
      const { callee } = node
      if (callee.type === 'MemberExpression') {
        let object = callee.object
        while (object.type === 'MemberExpression') object = object.object
        if (object.type === 'Identifier' && QUIET_OBJECTS.has(object.name)) return true
      }
      const name = calleeName(callee)
      return name !== null && QUIET_CALLS.has(name)
    }
    /** Up to the enclosing function only: a callback given to a logger still speaks to people. */
    const inQuietCall = (node) => {
      for (let at = node.parent; at && !FUNCTIONS.has(at.type); at = at.parent)
        if (isQuietCall(at)) return true
      return false
    }

    /** Every string the value can be, through conditionals, fallbacks and concatenation. */
    const checkValue = (node) => {
      if (!node) return
      switch (node.type) {
        case 'Literal':
          if (typeof node.value === 'string' && !CATALOG_KEY.test(node.value)) check(node, node.value)
          return
        case 'TemplateLiteral':
          check(node, templateText(node))
          return
        case 'ConditionalExpression':
          checkValue(node.consequent)
          checkValue(node.alternate)
          return
        case 'LogicalExpression':
          checkValue(node.left)
          checkValue(node.right)
          return
        case 'BinaryExpression':
          if (node.operator !== '+') return
          checkValue(node.left)
          checkValue(node.right)
          return
        case 'TSAsExpression':
        case 'TSSatisfiesExpression':
        case 'TSNonNullExpression':
          checkValue(node.expression)
          return
        default:
          return
      }
    }
    const checkSink = (node) => {
      if (!inQuietCall(node)) checkValue(node)
    }

    return {
      JSXText(node) {
        check(node, node.value)
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return
        const { expression } = node
        if (expression.type === 'Literal' && typeof expression.value === 'string')
          check(node, expression.value)
        if (expression.type === 'TemplateLiteral') check(node, templateText(expression))
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : ''
        if (!SPOKEN.has(name) || !node.value) return
        if (node.value.type === 'Literal' && typeof node.value.value === 'string')
          check(node, node.value.value)
        if (node.value.type === 'JSXExpressionContainer') {
          const { expression } = node.value
          if (expression.type === 'Literal' && typeof expression.value === 'string')
            check(node, expression.value)
          if (expression.type === 'TemplateLiteral') check(node, templateText(expression))
        }
      },
      Property(node) {
        const name = nameOf(node.key, node.computed)
        if (name === null || !isWordProperty(name)) return
        if (node.parent.type === 'ObjectExpression') checkSink(node.value)
        else if (node.parent.type === 'ObjectPattern' && node.value.type === 'AssignmentPattern')
          checkSink(node.value.right)
      },
      PropertyDefinition(node) {
        const name = nameOf(node.key, node.computed)
        if (name !== null && isWordProperty(name)) checkSink(node.value)
      },
      CallExpression(node) {
        const name = calleeName(node.callee)
        if (name === null) return
        if (calls.has(name)) for (const argument of node.arguments) checkSink(argument)
        const [attribute, value] = node.arguments
        if (
          name === 'setAttribute' &&
          attribute?.type === 'Literal' &&
          DOM_ATTRIBUTES.has(String(attribute.value))
        )
          checkSink(value)
      },
      AssignmentExpression(node) {
        const { left } = node
        if (left.type !== 'MemberExpression' || left.computed || left.property.type !== 'Identifier') return
        if (DOM_PROPERTIES.has(left.property.name)) checkSink(node.right)
      }
    }
  }
}

export default { rules: { 'no-literal-text': rule } }
