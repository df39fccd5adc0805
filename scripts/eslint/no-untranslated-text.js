// ESLint rule `arivia/no-untranslated-text` (docs/i18n.md): a user-facing text in src/ that does
// not come from a catalogue. It flags
// - JSX text with a letter in it (`<p>Saved</p>`);
// - a literal with a letter given to a prop that is shown or read out (`aria-label="Close"`,
//   `placeholder`, `title`, `label`, ...);
// - a literal with a letter given to a toast (`notify.success('Saved')`, `toast('...')`);
// - a literal sentence as a zod message (`.min(1, 'Required')`, `{ message: 'Too long' }`).
// Texts with no letter (`—`, `·`, `/`) and the names in `allow` (the product's name) pass.

const TEXT_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'heading',
  'hint',
  'emptyText',
  'empty',
  'text',
  'tooltip',
  'confirmLabel',
  'cancelLabel',
  'submitLabel',
  'actionLabel',
  'srLabel',
]);
const TOASTS = new Set(['success', 'error', 'info', 'warning', 'message']);
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'email',
  'url',
  'uuid',
  'regex',
  'refine',
  'nonempty',
  'gt',
  'gte',
  'lt',
  'lte',
  'int',
  'positive',
  'nonnegative',
  'startsWith',
  'endsWith',
  'includes',
]);
const LETTER = /\p{L}/u;

/** The text of a string literal or a template's fixed parts; null for anything else. */
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked).join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression')
    return (
      [literalText(node.consequent), literalText(node.alternate)].filter(Boolean).join(' ') || null
    );
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'User-facing texts come from a catalogue (docs/i18n.md)' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      text: 'Text "{{text}}" is not in a catalogue: put it in the namespace\'s locales/en.json and show it with t() (docs/i18n.md).',
    },
  },
  create(context) {
    const allow = new Set(context.options[0]?.allow ?? []);
    const check = (node, text) => {
      if (text === null) return;
      const trimmed = text.replace(/\s+/g, ' ').trim();
      if (!LETTER.test(trimmed) || allow.has(trimmed)) return;
      context.report({ node, messageId: 'text', data: { text: trimmed.slice(0, 60) } });
    };
    return {
      JSXText(node) {
        check(node, node.value);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !TEXT_PROPS.has(name)) return;
        check(node, literalText(node.value));
      },
      CallExpression(node) {
        const callee = node.callee;
        const first = node.arguments[0];
        // notify.success('...'), toast('...'), toast.error('...')
        if (
          (callee.type === 'MemberExpression' &&
            callee.property.type === 'Identifier' &&
            TOASTS.has(callee.property.name) &&
            callee.object.type === 'Identifier' &&
            /^(notify|toast)$/.test(callee.object.name)) ||
          (callee.type === 'Identifier' && callee.name === 'toast')
        ) {
          check(node, literalText(first));
          return;
        }
        // zod: .min(1, 'Required'), .email('Enter an e-mail'), .refine(fn, { message: '...' })
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          ZOD_CHECKS.has(callee.property.name)
        ) {
          for (const arg of node.arguments) {
            const text = literalText(arg);
            if (text !== null && /\s/.test(text.trim())) check(arg, text);
            if (arg.type === 'ObjectExpression')
              for (const p of arg.properties)
                if (
                  p.type === 'Property' &&
                  p.key.type === 'Identifier' &&
                  /^(message|error)$/.test(p.key.name)
                )
                  check(p.value, literalText(p.value));
          }
        }
      },
    };
  },
};
