/**
 * Components take every text a lender sees from the catalogue. This test reads the .tsx files
 * of the converted folders with the TypeScript compiler and fails on a text written into the
 * markup: JSX text with a letter in it, or a string with a letter given to a prop that is shown
 * (label, placeholder, title, aria-label, …), including a string picked by `a ? 'x' : 'y'` or
 * `a && 'x'`. A string passed to a call (t('people:form.name')) is not a text: the call makes it.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ROOT, filesUnder } from './i18nFiles.ts'

/** Where the scan looks: the whole app, every screen converted to the catalogue. */
export const SCANNED_DIRS: string[] = ['src']

/** The props whose value a person sees or hears. */
const SHOWN_PROPS = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'alt',
  'children',
  'description',
  'helperText',
  'errorText',
])

const HAS_LETTER = /\p{L}/u

/** The string literals an expression can evaluate to (not those it only compares or passes). */
function shownStrings(expression: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return [expression]
  }
  if (ts.isTemplateExpression(expression)) {
    return [expression.head, ...expression.templateSpans.map((span) => span.literal)]
  }
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression)) {
    return shownStrings(expression.expression)
  }
  if (ts.isConditionalExpression(expression)) {
    return [...shownStrings(expression.whenTrue), ...shownStrings(expression.whenFalse)]
  }
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind
    if (
      operator === ts.SyntaxKind.AmpersandAmpersandToken ||
      operator === ts.SyntaxKind.BarBarToken ||
      operator === ts.SyntaxKind.QuestionQuestionToken
    ) {
      return [...shownStrings(expression.left), ...shownStrings(expression.right)]
    }
    if (operator === ts.SyntaxKind.PlusToken) {
      return [...shownStrings(expression.left), ...shownStrings(expression.right)]
    }
  }
  return []
}

function literalText(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
    return node.text
  }
  return node.getText()
}

/** 'src/x.tsx:12: "Save"' for each text written into a file's markup. */
export function literalsIn(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  )
  const found: string[] = []
  const report = (node: ts.Node, text: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile))
    found.push(`${path.relative(ROOT, file)}:${line + 1}: ${JSON.stringify(text.trim())}`)
  }
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) report(node, node.text)
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      // {'Save'} or {busy ? 'Saving…' : label} among a tag's children.
      for (const literal of shownStrings(node.expression)) {
        const text = literalText(literal)
        if (HAS_LETTER.test(text)) report(literal, text)
      }
    }
    if (ts.isJsxAttribute(node) && SHOWN_PROPS.has(node.name.getText(sourceFile))) {
      const value = node.initializer
      const literals =
        value === undefined
          ? []
          : ts.isStringLiteral(value)
            ? [value]
            : ts.isJsxExpression(value) && value.expression
              ? shownStrings(value.expression)
              : []
      for (const literal of literals) {
        const text = literalText(literal)
        if (HAS_LETTER.test(text)) report(literal, text)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sourceFile)
  return found
}

describe('texts in components', () => {
  it('come from the catalogue in every converted folder', () => {
    const found = SCANNED_DIRS.flatMap((dir) => filesUnder(dir, '.tsx')).flatMap((file) =>
      literalsIn(file, readFileSync(file, 'utf8')),
    )
    expect(found).toEqual([])
  })

  it('are caught when written into the markup', () => {
    const source = [
      'const a = <Button title="Delete it">Save</Button>',
      "const b = <Field label={busy ? 'Saving' : t('common:save')} />",
      "const c = <Text>{error && 'Something went wrong'}</Text>",
      'const d = <Box aria-label={`Edit ${name}`} variant="outline" />',
      "const e = <Text>{t('common:save')} ₹ · {status === 'paid' ? null : amount}</Text>",
    ].join('\n')
    expect(literalsIn(path.join(ROOT, 'x.tsx'), source)).toEqual([
      'x.tsx:1: "Delete it"',
      'x.tsx:1: "Save"',
      'x.tsx:2: "Saving"',
      'x.tsx:3: "Something went wrong"',
      'x.tsx:4: "Edit"',
    ])
  })
})
