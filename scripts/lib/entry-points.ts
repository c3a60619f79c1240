/**
 * Reads src/index.ts and lists its exports with their parameter names and JSDoc, so the build can
 * write one top-level `function` stub per entry point (Apps Script only sees top-level function
 * declarations, and Sheets reads a custom function's JSDoc from there). It follows `export … from`
 * to each function's declaration by parsing those files alone: a type-checked program of all of
 * src/ took most of the build's time (issue 31), and an entry point is a function declaration.
 */
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface EntryPoint {
  name: string;
  params: string[];
  /** The JSDoc block as written above the declaration, or '' when it has none. */
  jsdoc: string;
}

const parse = (file: string): ts.SourceFile =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2020, true);

/** `./menu` from src/app/entry-points.ts → src/app/menu.ts (or its index.ts). */
function resolveModule(from: string, specifier: string): string {
  const base = join(dirname(from), specifier);
  for (const file of [`${base}.ts`, join(base, 'index.ts')])
    try {
      readFileSync(file);
      return file;
    } catch {
      // not this one
    }
  throw new Error(`${from}: cannot find ${specifier}`);
}

function entryOf(name: string, declaration: ts.FunctionDeclaration, file: ts.SourceFile): EntryPoint {
  const params = declaration.parameters.map((param) => {
    if (!ts.isIdentifier(param.name)) throw new Error(`${name}: destructured parameters are not allowed`);
    return param.dotDotDotToken ? `...${param.name.text}` : param.name.text;
  });
  const jsdocs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
  const jsdoc = jsdocs.length ? file.text.slice(jsdocs[0]!.getStart(file), jsdocs[0]!.getEnd()) : '';
  return { name, params, jsdoc };
}

const isExported = (statement: ts.Statement): boolean =>
  ts.canHaveModifiers(statement) &&
  (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** The declaration `name` is exported as from `path`, following `export { … } from` chains. */
function declarationOf(
  path: string,
  name: string,
): { declaration: ts.FunctionDeclaration; file: ts.SourceFile } {
  const file = parse(path);
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && isExported(statement))
      return { declaration: statement, file };
    if (!ts.isExportDeclaration(statement) || !statement.exportClause) continue;
    if (!ts.isNamedExports(statement.exportClause) || !statement.moduleSpecifier) continue;
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    for (const element of statement.exportClause.elements)
      if (element.name.text === name)
        return declarationOf(resolveModule(path, specifier), (element.propertyName ?? element.name).text);
  }
  throw new Error(`${path} exports ${name}, which is not a function declaration`);
}

export function readEntryPoints(indexFile: string): EntryPoint[] {
  const index = parse(indexFile);
  return index.statements.flatMap((statement): EntryPoint[] => {
    if (ts.isFunctionDeclaration(statement) && statement.name && isExported(statement))
      return [entryOf(statement.name.text, statement, index)];
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      return statement.exportClause.elements.map((element) => {
        const local = (element.propertyName ?? element.name).text;
        const from = statement.moduleSpecifier
          ? resolveModule(indexFile, (statement.moduleSpecifier as ts.StringLiteral).text)
          : indexFile;
        const { declaration, file } = declarationOf(from, local);
        return entryOf(element.name.text, declaration, file);
      });
    if (isExported(statement) || ts.isExportDeclaration(statement) || ts.isExportAssignment(statement))
      throw new Error(`src/index.ts: ${statement.getText(index).slice(0, 60)} is not a function declaration`);
    return [];
  });
}

/**
 * The stub Apps Script calls: forwards to the bundle's export of the same name. Every execution
 * parses these, so they are written compactly: only a custom function keeps its JSDoc (Sheets shows
 * it in the formula help, and reads its @customfunction tag from there) and its parameter names;
 * another's are one letter each. Arguments go over by name or with `apply(null, arguments)`,
 * whichever is shorter (the bundle's functions read neither `this` nor `arguments`).
 */
export function renderStub(entry: EntryPoint, globalName: string): string {
  const custom = entry.jsdoc.includes('@customfunction');
  const names = entry.params.map((p) => p.replace('...', ''));
  const short = !custom && names.some((name) => name.length > 1);
  const params = (short ? names.map((_, k) => String.fromCharCode(97 + k)) : names).join(',');
  const target = `${globalName}.${entry.name}`;
  const apply = `${target}.apply(null,arguments)`;
  const byName = `${target}(${params})`;
  const call = entry.params.some((p) => p.startsWith('...')) || apply.length < byName.length ? apply : byName;
  const doc = custom ? `${entry.jsdoc.replace(/^[ \t]+/gm, ' ').replace(/^ \/\*\*/, '/**')}\n` : '';
  return `${doc}function ${entry.name}(${params}){return ${call}}\n`;
}
