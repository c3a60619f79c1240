/**
 * Which property names of src/ dist/Code.js may shorten. Minifying identifiers leaves every property
 * name as written (`ctx.documentStore`, `run.pausedReason`), about a quarter of the bundle, and Apps
 * Script parses all of Code.js on every execution. A property is renamed only when nothing outside
 * the bundle ever sees its name, which the TypeScript checker can tell:
 *
 * - names the platform defines: members of JavaScript's and Apps Script's declared types (the `.d.ts`
 *   files), and any property whose declaration the checker cannot find;
 * - names that cross the bundle's edge as data: keys of zod shapes (stored records, RPC inputs, API
 *   answers), every name in what the sidebar's calls take and return (SidebarServer, which tests and
 *   the page read), and every name in a value the code turns into text or keys (JSON.stringify,
 *   Object.keys/entries, Object.fromEntries, for…in);
 * - names code reaches through a string (`row['firstName']`, `'value' in entry`, a field key kept as
 *   text): every identifier-like string literal in src/ keeps its name.
 *
 * Everything else is renamed the same way in every build (most used first, to the shortest names) and
 * never to a name any string in src/ spells, so a data key cannot meet a renamed one.
 */
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface PropertyRenaming {
  /** esbuild's `mangleProps`: exactly the names to rename. */
  mangleProps: RegExp;
  /** esbuild's `mangleCache`: each renamed name → its short name. */
  mangleCache: Record<string, string>;
  /** Names kept, for the size report and tests. */
  kept: ReadonlySet<string>;
}

export interface RenamingInput {
  /** The tsconfig.json whose program is the bundle's source (src/tsconfig.json). */
  tsconfig: string;
  /** Bundled files outside that program (the zod subset): all their names are kept. */
  extraFiles?: readonly string[];
  /** Names the entry-point stubs call through the bundle's global object. */
  entryNames?: readonly string[];
  /** The type whose calls cross to the sidebar: every name in its parameters and results is kept. */
  boundaryType?: { file: string; name: string };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Which names to rename and to what (see the file's comment). */
export function propertyRenaming(input: RenamingInput): PropertyRenaming {
  const program = programOf(input.tsconfig);
  const checker = program.getTypeChecker();
  const kept = new Set<string>(['constructor', 'prototype', '__proto__', 'toJSON', 'then']);
  const spelled = new Set<string>();
  const uses = new Map<string, number>();
  const keep = (name: string): void => void kept.add(name);
  const candidate = (name: string): void => void uses.set(name, (uses.get(name) ?? 0) + 1);

  const fromLibrary = (symbol: ts.Symbol | undefined): boolean =>
    !symbol?.declarations?.length ||
    symbol.declarations.some((declaration) => declaration.getSourceFile().isDeclarationFile);

  const seenTypes = new Set<ts.Type>();
  /** Every property name reachable in `type`: its members, their types, elements, index values. */
  const keepAllOf = (type: ts.Type | undefined): void => {
    if (!type || seenTypes.has(type)) return;
    seenTypes.add(type);
    if (type.isUnionOrIntersection()) type.types.forEach(keepAllOf);
    const declaredInLibrary = type
      .getSymbol()
      ?.declarations?.some((d) => d.getSourceFile().isDeclarationFile);
    if (declaredInLibrary && !checker.isArrayType(type) && !checker.isTupleType(type)) {
      (type as ts.TypeReference).typeArguments?.forEach(keepAllOf);
      return;
    }
    for (const property of checker.getPropertiesOfType(type)) {
      keep(property.name);
      keepAllOf(checker.getTypeOfSymbol(property));
    }
    for (const info of checker.getIndexInfosOfType(type)) keepAllOf(info.type);
    (type as ts.TypeReference).typeArguments?.forEach(keepAllOf);
    for (const signature of type.getCallSignatures()) {
      signature.getParameters().forEach((p) => keepAllOf(checker.getTypeOfSymbol(p)));
      keepAllOf(signature.getReturnType());
    }
  };

  /** `searches.loadMore` on `import * as searches`: esbuild names a namespace's members as exported. */
  const isNamespace = (expression: ts.Expression): boolean => {
    const symbol = checker.getSymbolAtLocation(expression);
    const target = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return !!target && (target.flags & ts.SymbolFlags.ValueModule) !== 0;
  };
  const isZodCall = (node: ts.Node): boolean =>
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'z';
  const REFLECTING = new Set(['JSON.stringify', 'Object.keys', 'Object.entries']);
  const fromAppsScript = (symbol: ts.Symbol | undefined): boolean =>
    !!symbol?.declarations?.some((d) => /google-apps-script/.test(d.getSourceFile().fileName));
  /** Functions that reflect a parameter (stringify a generic `value`): index → its callers keep all. */
  const reflectingParameters = new Map<ts.Symbol, Set<number>>();
  const calls: ts.CallExpression[] = [];
  /** Keeps every name of what `argument` holds; a generic parameter passes the duty to the callers. */
  const reflect = (argument: ts.Expression): void => {
    if (ts.isObjectLiteralExpression(argument)) {
      for (const property of argument.properties)
        if (ts.isSpreadAssignment(property)) reflect(property.expression);
    }
    const type = checker.getTypeAtLocation(argument);
    keepAllOf(type);
    const hidden =
      type.flags &
      (ts.TypeFlags.TypeParameter | ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.NonPrimitive);
    if (!hidden) return;
    const declaration = ts.isIdentifier(argument)
      ? checker.getSymbolAtLocation(argument)?.valueDeclaration
      : undefined;
    if (!declaration || !ts.isParameter(declaration)) return;
    const owner = declaration.parent;
    const ownerSymbol =
      ts.isFunctionDeclaration(owner) && owner.name
        ? checker.getSymbolAtLocation(owner.name)
        : ts.isVariableDeclaration(owner.parent) && ts.isIdentifier(owner.parent.name)
          ? checker.getSymbolAtLocation(owner.parent.name)
          : undefined;
    if (!ownerSymbol) return;
    const indices = reflectingParameters.get(ownerSymbol) ?? new Set<number>();
    indices.add(owner.parameters.indexOf(declaration));
    reflectingParameters.set(ownerSymbol, indices);
  };

  /** A type with a string index signature (a Record): what flows into it is data, keyed by name. */
  const isRecord = (type: ts.Type | undefined): boolean => {
    const solid = type && checker.getNonNullableType(type);
    return (
      !!solid &&
      (solid.isUnion() ? solid.types.some(isRecord) : checker.getIndexInfosOfType(solid).length > 0)
    );
  };

  const visit = (node: ts.Node): void => {
    // A named object handed to a Record (`const headers = {…}; send({ headers })`) is data too.
    if (ts.isIdentifier(node) && isValuePosition(node) && isRecord(checker.getContextualType(node))) {
      for (const property of checker.getPropertiesOfType(checker.getTypeAtLocation(node)))
        keep(property.name);
    }
    if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      IDENTIFIER.test(node.text)
    ) {
      keep(node.text);
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      for (const word of node.text.match(/[A-Za-z_$][\w$]*/g) ?? []) spelled.add(word);
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) {
      const name = node.name.text;
      if (fromLibrary(checker.getSymbolAtLocation(node.name)) || isNamespace(node.expression)) keep(name);
      else candidate(name);
    } else if (ts.isObjectLiteralExpression(node)) {
      const shape =
        isZodCall(node.parent) ||
        node.properties.some((p) => ts.isPropertyAssignment(p) && isZodCall(p.initializer));
      const contextual = checker.getContextualType(node);
      for (const property of node.properties) {
        if (ts.isSpreadAssignment(property) || !property.name) continue;
        if (!ts.isIdentifier(property.name)) continue;
        const name = property.name.text;
        const target = contextual?.getProperty(name);
        // A key that goes into a Record's index signature is data: `{ Authorization: … }` as headers.
        const indexed = !target && isRecord(contextual);
        if (shape || indexed || (target && fromLibrary(target))) keep(name);
        else candidate(name);
      }
    } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const key = node.propertyName ?? node.name;
      if (ts.isIdentifier(key)) {
        const property = checker.getTypeAtLocation(node.parent).getProperty(key.text);
        if (fromLibrary(property)) keep(key.text);
        else candidate(key.text);
      }
    } else if (
      (ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node)) &&
      ts.isClassLike(node.parent)
    ) {
      if (ts.isIdentifier(node.name)) candidate(node.name.text);
    } else if (ts.isPropertySignature(node) && ts.isIdentifier(node.name)) {
      candidate(node.name.text);
    } else if (ts.isCallExpression(node)) {
      calls.push(node);
      const callee = node.expression.getText();
      if (REFLECTING.has(callee) && node.arguments[0]) reflect(node.arguments[0]);
      // What goes into Apps Script (fetch options, cache entries) is read there by name.
      if (
        fromAppsScript(
          checker.getSymbolAtLocation(
            ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression,
          ),
        )
      ) {
        node.arguments.forEach((argument) => keepAllOf(checker.getTypeAtLocation(argument)));
      }
      if (callee === 'Object.fromEntries') {
        keepAllOf(checker.getContextualType(node));
        if (ts.isAsExpression(node.parent)) keepAllOf(checker.getTypeAtLocation(node.parent));
      }
    } else if (ts.isForInStatement(node)) {
      reflect(node.expression);
    }
    ts.forEachChild(node, visit);
  };

  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile) {
      if (/[\\/]typescript[\\/]lib[\\/]/.test(file.fileName)) keepMembersOf(file, keep);
      continue;
    }
    visit(file);
  }
  // Callers of a function that reflects a parameter keep all of what they pass there, until no new
  // function turns up (a helper may hand its parameter to another).
  for (let known = -1; known !== reflectingParameters.size;) {
    known = reflectingParameters.size;
    for (const call of calls) {
      const callee = checker.getSymbolAtLocation(
        ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression,
      );
      const target =
        callee && callee.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(callee) : callee;
      const indices = target && reflectingParameters.get(target);
      indices?.forEach((index) => call.arguments[index] && reflect(call.arguments[index]));
    }
  }
  for (const file of input.extraFiles ?? []) {
    for (const word of readFileSync(file, 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []) keep(word);
  }
  for (const name of input.entryNames ?? []) keep(name);
  if (input.boundaryType) {
    const file = program.getSourceFile(input.boundaryType.file);
    const symbol =
      file && checker.getSymbolAtLocation(file)?.exports?.get(input.boundaryType.name as ts.__String);
    if (!symbol) throw new Error(`${input.boundaryType.name} is not exported by ${input.boundaryType.file}`);
    keepAllOf(checker.getDeclaredTypeOfSymbol(symbol));
  }

  const renamed = [...uses.keys()].filter((name) => !kept.has(name));
  renamed.sort((a, b) => uses.get(b)! - uses.get(a)! || (a < b ? -1 : 1));
  const names = shortNames((name) => kept.has(name) || spelled.has(name) || uses.has(name));
  const mangleCache = Object.fromEntries(renamed.map((name) => [name, names.next().value as string]));
  const pattern = renamed.length
    ? `^(?:${renamed.map((name) => name.replace(/\$/g, '\\$')).join('|')})$`
    : '(?!)';
  return { mangleProps: new RegExp(pattern), mangleCache, kept };
}

/** Where an identifier is a value flowing somewhere that may have a type of its own. */
function isValuePosition(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (ts.isCallExpression(parent) && parent.arguments.includes(node)) ||
    (ts.isVariableDeclaration(parent) && parent.initializer === node) ||
    ts.isReturnStatement(parent) ||
    (ts.isPropertyAssignment(parent) && parent.initializer === node) ||
    ts.isShorthandPropertyAssignment(parent) ||
    (ts.isBinaryExpression(parent) && parent.right === node)
  );
}

/** The program tsc builds from `tsconfig`, with its own compiler options. */
function programOf(tsconfig: string): ts.Program {
  const config = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(tsconfig));
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

/** Keeps every member name a library declaration file declares (JavaScript's built-ins). */
function keepMembersOf(file: ts.SourceFile, keep: (name: string) => void): void {
  const visit = (node: ts.Node): void => {
    const named = node as ts.Node & { name?: ts.Node };
    if (
      (ts.isPropertySignature(node) ||
        ts.isMethodSignature(node) ||
        ts.isPropertyDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isGetAccessor(node) ||
        ts.isSetAccessor(node)) &&
      named.name &&
      ts.isIdentifier(named.name)
    ) {
      keep(named.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

/** a, b, …, Z, then aa, ab, …: skipping names `taken` says are in use, and reserved words. */
function* shortNames(taken: (name: string) => boolean): Generator<string> {
  const first = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const rest = `${first}0123456789`;
  for (let length = 1; ; length++) {
    const indices = new Array<number>(length).fill(0);
    for (;;) {
      const name = indices.map((index, position) => (position === 0 ? first : rest)[index]).join('');
      if (!taken(name) && !RESERVED_WORDS.has(name)) yield name;
      let position = length - 1;
      while (position >= 0 && ++indices[position]! === (position === 0 ? first : rest).length) {
        indices[position] = 0;
        position--;
      }
      if (position < 0) break;
    }
  }
}

const RESERVED_WORDS = new Set([
  'do',
  'if',
  'in',
  'for',
  'let',
  'new',
  'try',
  'var',
  'case',
  'else',
  'enum',
  'null',
  'this',
  'true',
  'void',
  'with',
]);

/** The renaming for dist/Code.js: src/'s program, the zod subset, the sidebar's contract. */
export function codeRenaming(root: string, entryNames: readonly string[]): PropertyRenaming {
  return propertyRenaming({
    tsconfig: join(root, 'src/tsconfig.json'),
    extraFiles: [join(root, 'scripts/lib/zod-subset.ts')],
    entryNames,
    boundaryType: { file: join(root, 'src/app/sidebar-server.ts'), name: 'SidebarServer' },
  });
}
