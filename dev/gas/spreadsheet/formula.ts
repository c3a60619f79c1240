/**
 * Whether Sheets would accept a formula, without evaluating it: what decides between a formula and
 * a "Formula parse error" (#ERROR!), e.g. `=+1 555-123-4567` (two numbers side by side) is an error.
 */
type TokenKind =
  'number' | 'string' | 'name' | 'ref' | 'error' | 'op' | '(' | ')' | '{' | '}' | ',' | ';' | '%';

interface Token {
  kind: TokenKind;
  text: string;
}

const TOKEN_PATTERNS: [TokenKind, RegExp][] = [
  ['string', /^"(?:[^"]|"")*"/],
  ['ref', /^(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!\$?[A-Za-z]*\$?\d*(?::\$?[A-Za-z]*\$?\d*)?/],
  ['ref', /^\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d*)?(?![\w(])/],
  ['ref', /^\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}(?![\w(])/],
  ['ref', /^\$?\d+:\$?\d+/],
  ['number', /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/],
  ['error', /^#(?:N\/A|REF!|NAME\?|VALUE!|DIV\/0!|NUM!|NULL!|ERROR!)/],
  ['name', /^[A-Za-z_\\][\w.]*/],
  ['op', /^(?:<>|<=|>=|[-+*/^&=<>])/],
  ['%', /^%/],
  ['(', /^\(/],
  [')', /^\)/],
  ['{', /^\{/],
  ['}', /^\}/],
  [',', /^,/],
  [';', /^;/],
];

function tokenize(source: string): Token[] | undefined {
  const tokens: Token[] = [];
  let rest = source;
  while ((rest = rest.replace(/^\s+/, '')).length > 0) {
    const hit = TOKEN_PATTERNS.map(([kind, pattern]) => ({ kind, match: pattern.exec(rest) })).find(
      (t) => t.match,
    );
    if (!hit?.match) return undefined;
    tokens.push({ kind: hit.kind, text: hit.match[0] });
    rest = rest.slice(hit.match[0].length);
  }
  return tokens;
}

const BINARY_PRECEDENCE: Record<string, number> = {
  '=': 1,
  '<>': 1,
  '<': 1,
  '>': 1,
  '<=': 1,
  '>=': 1,
  '&': 2,
  '+': 3,
  '-': 3,
  '*': 4,
  '/': 4,
  '^': 5,
};

class FormulaParser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  parseAll(): boolean {
    if (this.tokens.length === 0) return false;
    return this.expression() && this.at === this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private accept(kind: TokenKind, text?: string): boolean {
    const token = this.peek();
    if (!token || token.kind !== kind || (text !== undefined && token.text !== text)) return false;
    this.at++;
    return true;
  }

  private expression(): boolean {
    if (!this.unary()) return false;
    for (
      let token = this.peek();
      token?.kind === 'op' && BINARY_PRECEDENCE[token.text];
      token = this.peek()
    ) {
      this.at++;
      if (!this.unary()) return false;
    }
    return true;
  }

  private unary(): boolean {
    while (this.accept('op', '+') || this.accept('op', '-'));
    if (!this.primary()) return false;
    while (this.accept('%'));
    return true;
  }

  private primary(): boolean {
    const token = this.peek();
    if (!token) return false;
    this.at++;
    switch (token.kind) {
      case 'number':
      case 'string':
      case 'ref':
      case 'error':
        return true;
      case 'name':
        return this.accept('(') ? this.argumentsUntil(')') : true;
      case '(':
        return this.expression() && this.accept(')');
      case '{':
        return this.argumentsUntil('}');
      default:
        return false;
    }
  }

  /** Arguments may be empty (`IF(A1,,1)`); array literals separate with `,` and `;`. */
  private argumentsUntil(close: ')' | '}'): boolean {
    if (this.accept(close)) return true;
    for (;;) {
      const next = this.peek();
      if (next && next.kind !== ',' && next.kind !== ';' && next.kind !== close && !this.expression())
        return false;
      if (this.accept(close)) return true;
      if (!this.accept(',') && !this.accept(';')) return false;
    }
  }
}

/** `formula` includes its leading `=`. */
export function isValidFormula(formula: string): boolean {
  if (!formula.startsWith('=')) return false;
  const tokens = tokenize(formula.slice(1));
  return tokens !== undefined && new FormulaParser(tokens).parseAll();
}
