/**
 * `i18n/no-literal-text`: user-visible words in JSX come from the catalog (`t('…')`), never from the
 * source. Flags text between tags, a string or template written directly as a child, and string values of
 * the attributes people read or hear (aria-label, title, placeholder, alt, label, aria-description).
 * Text without a letter (punctuation, numbers, "•••") passes; so do the names in `allow` (product names
 * that stay the same in every language). Files are covered as their screens move to the catalog.
 */
const SPOKEN = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label'])
const LETTER = /\p{L}/u

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible JSX text comes from the i18n catalog' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false
      }
    ],
    messages: {
      literal:
        'User-visible text "{{text}}" is written in the source: put it in the i18n catalog and use t().'
    }
  },
  create(context) {
    const allow = new Set((context.options[0]?.allow ?? []).map((text) => text.trim()))
    const check = (node, text) => {
      const trimmed = text.replace(/\s+/g, ' ').trim()
      if (!LETTER.test(trimmed) || allow.has(trimmed)) return
      context.report({ node, messageId: 'literal', data: { text: trimmed.slice(0, 40) } })
    }
    const templateText = (node) => node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ')
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
      }
    }
  }
}

export default { rules: { 'no-literal-text': rule } }
