/**
 * Reads src/index.ts with the TypeScript compiler and lists its exports with their parameter names
 * and JSDoc, so the build can write one top-level `function` stub per entry point (Apps Script only
 * sees top-level function declarations, and Sheets reads a custom function's JSDoc from there).
 * An exported object of calls (the sidebar's, derived from the features' tables) gives one entry
 * point per property, each taking one input.
 */
import ts from 'typescript';

export interface EntryPoint {
  name: string;
  params: string[];
  /** The JSDoc block as written above the declaration, or '' when it has none. */
  jsdoc: string;
  /** The exported object the entry point is a property of (absent: a function export). */
  owner?: string;
}

export function readEntryPoints(indexFile: string): EntryPoint[] {
  const program = ts.createProgram([indexFile], {
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(indexFile);
  if (!source) throw new Error(`Cannot read ${indexFile}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [];
  return checker.getExportsOfModule(moduleSymbol).flatMap((exported): EntryPoint[] => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (declaration && ts.isVariableDeclaration(declaration)) {
      const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
      const calls = type.flags & ts.TypeFlags.Object ? type.getProperties() : [];
      const callable = (call: ts.Symbol) =>
        checker.getTypeOfSymbolAtLocation(call, declaration).getCallSignatures().length > 0;
      if (!calls.length || !calls.every(callable))
        throw new Error(`src/index.ts exports ${exported.name}, which is not an object of calls`);
      return calls.map((call) => ({ name: call.name, params: ['i'], jsdoc: '', owner: exported.name }));
    }
    if (!declaration || !ts.isFunctionDeclaration(declaration)) {
      throw new Error(
        `src/index.ts exports ${exported.name}, which is not a function declaration or an object of calls`,
      );
    }
    const params = declaration.parameters.map((param) => {
      if (!ts.isIdentifier(param.name))
        throw new Error(`${exported.name}: destructured parameters are not allowed`);
      return param.dotDotDotToken ? `...${param.name.text}` : param.name.text;
    });
    const file = declaration.getSourceFile();
    const jsdocs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
    const jsdoc = jsdocs.length ? file.text.slice(jsdocs[0]!.getStart(file), jsdocs[0]!.getEnd()) : '';
    return [{ name: exported.name, params, jsdoc }];
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
  const target = entry.owner ? `${globalName}.${entry.owner}.${entry.name}` : `${globalName}.${entry.name}`;
  const apply = `${target}.apply(null,arguments)`;
  const byName = `${target}(${params})`;
  const call = entry.params.some((p) => p.startsWith('...')) || apply.length < byName.length ? apply : byName;
  const doc = custom ? `${entry.jsdoc.replace(/^[ \t]+/gm, ' ').replace(/^ \/\*\*/, '/**')}\n` : '';
  return `${doc}function ${entry.name}(${params}){return ${call}}\n`;
}
